/**
 * Runs an external tool once for a check (version, capabilities): no shell, no stdin, a hard
 * timeout, and never a thrown error — a tool that cannot be started or hangs is a result.
 */
import { execa } from 'execa';

export interface ToolRun {
  /** True when the process started and exited by itself (any exit code). */
  ran: boolean;
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Why the tool did not run to completion (null when `ran`). */
  problem: string | null;
}

export const DEFAULT_TOOL_TIMEOUT_MS = 15_000;

export async function runTool(
  file: string,
  args: readonly string[],
  timeoutMs = DEFAULT_TOOL_TIMEOUT_MS,
): Promise<ToolRun> {
  try {
    const result = await execa(file, args, {
      reject: false,
      timeout: timeoutMs,
      forceKillAfterDelay: 2_000,
      stdin: 'ignore',
      windowsHide: true,
      // Tools are read in English whatever the user's locale.
      env: { LC_ALL: 'C', LANG: 'C' },
      maxBuffer: 4 * 1024 * 1024,
    });
    const stdout = String(result.stdout ?? '');
    const stderr = String(result.stderr ?? '');
    const exitCode = typeof result.exitCode === 'number' ? result.exitCode : null;
    if (result.timedOut) {
      return {
        ran: false,
        exitCode,
        stdout,
        stderr,
        timedOut: true,
        problem: `${file} did not finish within ${Math.round(timeoutMs / 1000)} s`,
      };
    }
    if (result.failed && exitCode === null) {
      const cause = result.cause as { code?: string; message?: string } | undefined;
      return {
        ran: false,
        exitCode,
        stdout,
        stderr,
        timedOut: false,
        problem: startProblem(file, cause?.code, result.originalMessage ?? cause?.message),
      };
    }
    return { ran: true, exitCode, stdout, stderr, timedOut: false, problem: null };
  } catch (error) {
    // execa rejects synchronously-invalid options even with reject:false; still a result here.
    const e = error as { code?: string; message?: string };
    return {
      ran: false,
      exitCode: null,
      stdout: '',
      stderr: '',
      timedOut: false,
      problem: startProblem(file, e.code, e.message),
    };
  }
}

function startProblem(file: string, code: string | undefined, message: string | undefined): string {
  if (code === 'ENOENT') return `${file} does not exist or cannot be started`;
  if (code === 'EACCES') return `${file} is not executable (check its permissions)`;
  if (code === 'ENOEXEC') return `${file} is not a program this system can run`;
  return `${file} could not be started: ${message ?? code ?? 'unknown error'}`;
}
