#!/usr/bin/env node
// Runs the TypeScript CLI through tsx with the same Node that runs this file.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const tsxCli = require.resolve('tsx/cli');
const main = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
const child = spawn(process.execPath, [tsxCli, main, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
