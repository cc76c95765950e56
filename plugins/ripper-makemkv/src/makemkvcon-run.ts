/**
 * Runs makemkvcon once through the context's process runner (no shell; the whole process tree is
 * killed on cancel), parsing its robot output line by line as it arrives, with a stall watchdog:
 * no progress value change, no progress step and no output growth for the configured time → the
 * process tree is killed and the run comes back `stalled`.
 */
import { SpindleError, RipperError, type StageContext } from '@spindle/plugin-sdk';
import { DiscInfoCollector, type RobotDisc } from './disc-info.ts';
import { OutputGrowth } from './output-growth.ts';
import type { RobotLine } from './robot-line-parser.ts';
import { StallWatchdog } from './stall-watchdog.ts';

export interface RunRequest {
  exe: string;
  args: string[];
  ctx: StageContext;
  stallSeconds: number;
  /** Folder whose new MKV files are watched for growth (rips). */
  outputDir?: string;
  onLine?: (line: RobotLine) => void;
  onGrowth?: (newBytes: number) => void;
}

export interface RunOutcome {
  exitCode: number | null;
  /** The signal that killed makemkvcon (a crash), when one did. */
  signal: string | null;
  /** The stage's signal fired (cancel or shutdown). */
  aborted: boolean;
  /** The watchdog stopped the process. */
  stalled: boolean;
  disc: RobotDisc;
  stderr: string;
  /** MKV files in `outputDir` made during the run. */
  newFiles: string[];
}

function isMissingExecutable(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === 'process_not_found' || e?.code === 'ENOENT' || e?.cause?.code === 'ENOENT';
}

export async function runMakemkvcon(request: RunRequest): Promise<RunOutcome> {
  const { ctx } = request;
  const collector = new DiscInfoCollector();
  const stop = new AbortController();
  const watchdog = new StallWatchdog(request.stallSeconds * 1000, () =>
    stop.abort(new Error('makemkvcon stalled')),
  ).start();
  let lastValue = '';
  const growth = request.outputDir
    ? await OutputGrowth.start(request.outputDir, (bytes) => {
        watchdog.touch();
        request.onGrowth?.(bytes);
      })
    : null;
  const onStdoutLine = (text: string) => {
    const line = collector.pushLine(text);
    if (line.kind === 'PRGV') {
      const value = `${line.current},${line.total}`;
      if (value !== lastValue) watchdog.touch();
      lastValue = value;
    } else if (line.kind === 'PRGC' || line.kind === 'PRGT') {
      watchdog.touch();
    } else if (line.kind === 'MSG') {
      ctx.logger.debug(`makemkvcon: ${line.message}`, { code: line.code });
    }
    request.onLine?.(line);
  };
  try {
    const result = await ctx.processes.run(request.exe, request.args, { onStdoutLine, signal: stop.signal });
    const disc = collector.result();
    if (disc.problems.length > 0) {
      const first = disc.problems[0]!;
      ctx.logger.warn(`makemkvcon printed ${disc.problems.length} line(s) that could not be read`, {
        line: first.lineNumber,
        reason: first.reason,
      });
    }
    if (disc.unknownLines.length > 0) {
      const kinds = [...new Set(disc.unknownLines.map((u) => u.line.slice(0, u.line.indexOf(':'))))];
      ctx.logger.warn(
        `makemkvcon printed ${disc.unknownLines.length} line(s) of kinds Spindle does not know; they were kept and skipped`,
        {
          kinds: kinds.join(', '),
          line: disc.unknownLines[0]!.lineNumber,
        },
      );
    }
    return {
      exitCode: result.exitCode,
      signal: result.signal ?? null,
      aborted: ctx.signal.aborted,
      stalled: watchdog.stalled && !ctx.signal.aborted,
      disc,
      stderr: result.stderr,
      newFiles: growth ? await growth.newFiles() : [],
    };
  } catch (error) {
    if (isMissingExecutable(error)) {
      throw new RipperError(
        'ripper_not_found',
        `makemkvcon could not be started (${request.exe}); install MakeMKV or correct ripper_path`,
        { cause: error },
      );
    }
    if (SpindleError.is(error)) throw error;
    throw new RipperError('ripper_start_failed', `makemkvcon could not be run: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    watchdog.stop();
    growth?.stop();
  }
}
