/**
 * A real ProcessRunner on node:child_process: no shell, output delivered line by line, the whole
 * process tree killed on abort or timeout. The core gives it to plugins; the fake context uses it too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import type { ProcessOptions, ProcessResult, ProcessRunner } from '../context.ts';
import { SpindleError } from '../errors.ts';

const KILL_GRACE_MS = 2000;

/** Splits a text stream into lines (LF or CRLF), keeping an incomplete tail until more arrives. */
class LineSplitter {
  private tail = '';
  private readonly onLine: ((line: string) => void) | undefined;

  constructor(onLine: ((line: string) => void) | undefined) {
    this.onLine = onLine;
  }

  push(chunk: string): void {
    if (!this.onLine) return;
    const parts = (this.tail + chunk).split(/\r?\n/);
    this.tail = parts.pop() ?? '';
    for (const line of parts) this.onLine(line);
  }

  end(): void {
    if (this.onLine && this.tail !== '') this.onLine(this.tail);
    this.tail = '';
  }
}

function killTree(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  if (process.platform === 'win32') {
    spawn('taskkill', ['/pid', String(child.pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true }).on(
      'error',
      () => {},
    );
    return;
  }
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      child.kill(signal);
    }
  };
  signalGroup('SIGTERM');
  const force = setTimeout(() => signalGroup('SIGKILL'), KILL_GRACE_MS);
  force.unref();
  child.once('exit', () => clearTimeout(force));
}

function spawnError(file: string, error: NodeJS.ErrnoException): SpindleError {
  if (error.code === 'ENOENT') {
    return new SpindleError('process_not_found', `Executable not found: ${file}`, { cause: error, details: { file } });
  }
  return new SpindleError('process_start_failed', `Could not start ${file}: ${error.message}`, {
    cause: error,
    details: { file, errno: error.code ?? null },
  });
}

/**
 * Told when a process starts and when it is gone. The host keeps a ledger with it, so a process
 * that outlives a crash of the host (it runs in its own process group) is stopped at the next start.
 */
export interface ChildProcessObserver {
  started(pid: number, file: string): void;
  ended(pid: number): void;
}

export interface ChildProcessRunnerOptions {
  /**
   * Run every process at this nice value (0–19, higher is lower priority), e.g. matching below the
   * rip and the API. Set on the child right after it starts; what it starts later inherits it.
   */
  niceness?: number;
}

/** Lowers a process's priority; a platform or a limit that refuses it leaves the process as it is. */
function lowerPriority(pid: number, niceness: number): void {
  try {
    setPriority(pid, Math.min(19, Math.max(getPriority(pid), niceness)));
  } catch {
    // the process already ended, or the OS refuses: the work still gets done, only not niced
  }
}

/** Creates a ProcessRunner whose processes are killed when `signal` fires. */
export function createChildProcessRunner(
  signal: AbortSignal,
  observer?: ChildProcessObserver,
  runnerOptions: ChildProcessRunnerOptions = {},
): ProcessRunner {
  return {
    run(file: string, args: readonly string[], options: ProcessOptions = {}): Promise<ProcessResult> {
      const stop = options.signal ? AbortSignal.any([signal, options.signal]) : signal;
      if (stop.aborted) return Promise.resolve({ exitCode: null, stdout: '', stderr: '', aborted: true });
      return new Promise<ProcessResult>((resolve, reject) => {
        const child = spawn(file, [...args], {
          cwd: options.cwd,
          env: options.env ? { ...process.env, ...options.env } : process.env,
          shell: false,
          detached: process.platform !== 'win32',
          windowsHide: true,
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        const pid = child.pid;
        if (pid !== undefined && runnerOptions.niceness) lowerPriority(pid, runnerOptions.niceness);
        if (pid !== undefined && observer) {
          observer.started(pid, file);
          child.once('exit', () => observer.ended(pid));
        }
        let stdout = '';
        let stderr = '';
        let aborted = false;
        let timedOut = false;
        let failed = false;
        const outLines = new LineSplitter(options.onStdoutLine);
        const errLines = new LineSplitter(options.onStderrLine);

        const onAbort = () => {
          aborted = true;
          killTree(child);
        };
        stop.addEventListener('abort', onAbort, { once: true });
        const timer =
          options.timeoutMs === undefined
            ? undefined
            : setTimeout(() => {
                timedOut = true;
                killTree(child);
              }, options.timeoutMs);
        const finish = () => {
          stop.removeEventListener('abort', onAbort);
          if (timer) clearTimeout(timer);
        };

        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          stdout += chunk;
          outLines.push(chunk);
        });
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
          stderr += chunk;
          errLines.push(chunk);
        });
        child.stdin.on('error', () => {}); // the program may exit without reading its input
        child.stdin.end(options.input ?? undefined);

        child.on('error', (error: NodeJS.ErrnoException) => {
          failed = true;
          finish();
          reject(spawnError(file, error));
        });
        child.on('close', (code, endedBy) => {
          if (failed) return;
          finish();
          outLines.end();
          errLines.end();
          if (timedOut && !aborted) {
            reject(
              new SpindleError(
                'process_timed_out',
                `${file} did not finish within ${options.timeoutMs} ms and was stopped`,
                {
                  retryable: true,
                  details: { file, timeoutMs: options.timeoutMs },
                },
              ),
            );
            return;
          }
          resolve({ exitCode: code, stdout, stderr, aborted, signal: endedBy });
        });
      });
    },
  };
}
