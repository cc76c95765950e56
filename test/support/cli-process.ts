/**
 * Running Node children the way a person runs Spindle's command line: `runSpindle` starts
 * `spindle <args>` from the sources (Node + tsx), `runNode` any Node script; both collect stdout and
 * stderr and resolve with the exit code. `unset` names variables of the test runner's environment
 * the child must not inherit (so a test sees only what it sets in `env`).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const TSX_CLI = createRequire(import.meta.url).resolve('tsx/cli');
export const CLI_MAIN = fileURLToPath(new URL('../../core/src/cli/main.ts', import.meta.url));

export interface ProcessRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string>;
  unset?: string[];
}

export function runNode(args: string[], options: RunOptions = {}): Promise<ProcessRun> {
  const base = { ...process.env };
  for (const name of options.unset ?? []) delete base[name];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: options.cwd,
      env: { ...base, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

export function runSpindle(args: string[], options: RunOptions = {}): Promise<ProcessRun> {
  return runNode([TSX_CLI, CLI_MAIN, ...args], options);
}
