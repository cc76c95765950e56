/** What ffprobe says about a file: duration, streams by type, chapters. */
import { basename } from 'node:path';
import { ffprobeJsonArgs, type ProcessRunner } from '@spindle/plugin-sdk';
import { TranscodeError } from './transcode-error.ts';

export interface StreamCounts {
  video: number;
  audio: number;
  subtitle: number;
}

export interface MediaFacts {
  durationSeconds: number;
  streams: StreamCounts;
  chapters: number;
}

const PROBE_ENTRIES = 'format=duration:stream=codec_type:stream_disposition=attached_pic:chapter=id';
const PROBE_TIMEOUT_MS = 120_000;

interface ProbeJson {
  format?: { duration?: string };
  streams?: { codec_type?: string; disposition?: { attached_pic?: number } }[];
  chapters?: unknown[];
}

export function parseMediaFacts(json: string): MediaFacts | null {
  let parsed: ProbeJson;
  try {
    parsed = JSON.parse(json) as ProbeJson;
  } catch {
    return null;
  }
  const durationSeconds = Number(parsed.format?.duration);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return null;
  const streams: StreamCounts = { video: 0, audio: 0, subtitle: 0 };
  for (const stream of parsed.streams ?? []) {
    // Cover art is a "video" stream with the attached_pic disposition: not a picture track.
    if (stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1) streams.video++;
    if (stream.codec_type === 'audio') streams.audio++;
    if (stream.codec_type === 'subtitle') streams.subtitle++;
  }
  return { durationSeconds, streams, chapters: parsed.chapters?.length ?? 0 };
}

export async function probeMedia(
  processes: ProcessRunner,
  ffprobe: string,
  file: string,
  signal: AbortSignal,
): Promise<MediaFacts> {
  let result;
  try {
    result = await processes.run(ffprobe, ffprobeJsonArgs(PROBE_ENTRIES, file), {
      timeoutMs: PROBE_TIMEOUT_MS,
      signal,
    });
  } catch (error) {
    const missing = (error as { code?: unknown }).code === 'process_not_found';
    throw new TranscodeError(
      missing ? 'media_tool_not_found' : 'probe_failed',
      missing
        ? `ffprobe was not found at "${ffprobe}"; install ffmpeg or set media_tool_path`
        : `ffprobe could not be run on ${basename(file)}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  if (result.aborted) return Promise.reject(TranscodeError.aborted(signal));
  const facts = result.exitCode === 0 ? parseMediaFacts(result.stdout) : null;
  if (!facts) {
    const why = result.stderr.trim().split('\n').at(-1) || `exit code ${result.exitCode}`;
    throw new TranscodeError('probe_failed', `ffprobe could not read ${basename(file)}: ${why}`);
  }
  return facts;
}
