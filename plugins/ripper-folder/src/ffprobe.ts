/** Finds ffprobe (next to the configured media tool, else on PATH) and probes one file. */
import { basename } from 'node:path';
import {
  ffprobeJsonArgs,
  ffprobePath,
  MEDIA_TOOL_SETTING,
  RipperError,
  SpindleError,
  throwIfAborted,
  type StageContext,
} from '@spindle/plugin-sdk';
import { findExecutable } from './executable-lookup.ts';
import { parseProbeJson, type ProbeFacts } from './probe-parser.ts';

// ffprobe beside the configured media tool (the SDK's rule, shared with the other ffmpeg plugins).
export { ffprobePath, MEDIA_TOOL_SETTING };

const PROBE_ENTRIES = 'format=duration:stream=codec_type,width,height:chapter=id';

function notFound(tool: string, cause?: unknown): RipperError {
  return new RipperError(
    'media_tool_not_found',
    `ffprobe was not found at "${tool}"; install ffmpeg or set ${MEDIA_TOOL_SETTING} to the ffmpeg executable`,
    {
      cause,
    },
  );
}

/** Resolves the ffprobe to use, failing with a clear RipperError before any file is probed. */
export async function locateFfprobe(ctx: StageContext): Promise<string> {
  const tool = ffprobePath(ctx.setting(MEDIA_TOOL_SETTING));
  const found = await findExecutable(tool);
  if (!found) throw notFound(tool);
  return found;
}

/** The SDK's runners say `process_not_found`; a raw spawn error says ENOENT (directly or as the cause). */
function isMissingExecutable(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === 'process_not_found' || e?.code === 'ENOENT' || e?.cause?.code === 'ENOENT';
}

export async function probeFile(
  tool: string,
  file: string,
  ctx: StageContext,
  timeoutSeconds: number,
): Promise<ProbeFacts> {
  let result;
  try {
    result = await ctx.processes.run(tool, ffprobeJsonArgs(PROBE_ENTRIES, file), { timeoutMs: timeoutSeconds * 1000 });
  } catch (error) {
    if (isMissingExecutable(error)) throw notFound(tool, error);
    if (SpindleError.is(error) && error.code === 'process_timed_out') {
      throw new RipperError('probe_timed_out', `ffprobe took longer than ${timeoutSeconds} s on ${basename(file)}`, {
        cause: error,
        retryable: true,
      });
    }
    throw new RipperError(
      'probe_failed',
      `ffprobe could not be run on ${basename(file)}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  throwIfAborted(ctx.signal);
  const facts = result.exitCode === 0 ? parseProbeJson(result.stdout) : null;
  if (!facts) {
    const stopped = result.aborted ? `stopped after ${timeoutSeconds} s` : `exit code ${result.exitCode}`;
    const why = result.stderr.trim().split('\n').at(-1) || stopped;
    throw new RipperError('probe_failed', `ffprobe could not read ${basename(file)}: ${why}`, { details: { file } });
  }
  return facts;
}
