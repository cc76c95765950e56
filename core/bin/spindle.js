#!/usr/bin/env node
// The `spindle` command. It runs the compiled CLI (dist/, see core/scripts/build-dist.mjs) in this very
// process: `spindle serve` compiles first when the sources changed since the last build, so the
// service is one Node process running plain JavaScript. A client command (`spindle jobs`, …) with
// no current build, or SPINDLE_FROM_SOURCE=1, runs the TypeScript sources through tsx instead.
import { spawn } from 'node:child_process';
import { createRequire, enableCompileCache } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildDist, distIsCurrent, DIST } from '../scripts/build-dist.mjs';

const args = process.argv.slice(2);
let compiled = process.env.SPINDLE_FROM_SOURCE !== '1' && distIsCurrent();
if (!compiled && args[0] === 'serve' && process.env.SPINDLE_FROM_SOURCE !== '1') {
  buildDist();
  compiled = true;
}

if (compiled) {
  // V8 keeps the compiled code of dist/ on disk between starts (dist/.compile-cache).
  enableCompileCache?.(join(DIST, '.compile-cache'));
  await import(pathToFileURL(join(DIST, 'core', 'src', 'cli', 'main.js')).href);
} else {
  const require = createRequire(import.meta.url);
  const tsxCli = require.resolve('tsx/cli');
  const main = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
  const child = spawn(process.execPath, [tsxCli, main, ...args], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
