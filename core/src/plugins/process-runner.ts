/**
 * Runs external programs for plugins: no shell, output delivered line by line, and the whole
 * process tree (its own process group) killed on abort or timeout.
 */
import type { ProcessOptions, ProcessResult, ProcessRunner } from '@spindle/plugin-sdk';
import { execa } from 'execa';

const KILL_GRACE_MS = 1500;

function lineSplitter(onLine: ((line: string) => void) | undefined): (chunk: Buffer | string) => void {
  let rest = '';
  return (chunk) => {
    if (!onLine) return;
    rest += chunk.toString();
    let nl: number;
    while ((nl = rest.search(/\r?\n/)) >= 0) {
      const line = rest.slice(0, nl);
      rest = rest.slice(rest[nl] === '\r' ? nl + 2 : nl + 1);
      onLine(line);
    }
  };
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is already gone
  }
}

export function createProcessRunner(signal: AbortSignal): ProcessRunner {
  return {
    async run(file: string, args: readonly string[], options: ProcessOptions = {}): Promise<ProcessResult> {
      const child = execa(file, args, {
        cwd: options.cwd,
        env: options.env,
        extendEnv: true,
        input: options.input,
        reject: false,
        detached: process.platform !== 'win32',
        cleanup: true,
        stripFinalNewline: false,
        buffer: true,
      });
      let aborted = false;
      const stop = () => {
        aborted = true;
        killGroup(child.pid, 'SIGTERM');
        child.kill('SIGTERM');
        setTimeout(() => {
          killGroup(child.pid, 'SIGKILL');
          child.kill('SIGKILL');
        }, KILL_GRACE_MS).unref();
      };
      if (signal.aborted) stop();
      signal.addEventListener('abort', stop, { once: true });
      const timer = options.timeoutMs ? setTimeout(stop, options.timeoutMs) : null;
      child.stdout?.on('data', lineSplitter(options.onStdoutLine));
      child.stderr?.on('data', lineSplitter(options.onStderrLine));
      try {
        const result = await child;
        return {
          exitCode: typeof result.exitCode === 'number' ? result.exitCode : null,
          stdout: String(result.stdout ?? ''),
          stderr: String(result.stderr ?? ''),
          aborted,
        };
      } finally {
        signal.removeEventListener('abort', stop);
        if (timer) clearTimeout(timer);
      }
    },
  };
}
