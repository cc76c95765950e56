/**
 * The ffmpeg command of one transcode: every picture track re-encoded, every audio and subtitle
 * stream and attachment copied, metadata and chapters kept, progress on standard output, the
 * result written as Matroska to the (partial) output path.
 */
import { encoderArgs, type Encoder } from './encoder-args.ts';
import type { TranscodeSettings } from './transcode-settings.ts';

export function ffmpegArgs(input: string, output: string, encoder: Encoder, settings: TranscodeSettings): string[] {
  const { global, video } = encoderArgs(encoder, settings);
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-v',
    'error',
    '-y',
    '-progress',
    'pipe:1',
    ...global,
    '-i',
    input,
    '-map',
    '0:V',
    '-map',
    '0:a?',
    '-map',
    '0:s?',
    '-map',
    '0:t?',
    '-map_metadata',
    '0',
    '-map_chapters',
    '0',
    ...video,
    '-c:a',
    'copy',
    '-c:s',
    'copy',
    '-c:t',
    'copy',
    // Sparse subtitle streams would otherwise overflow the muxing queue on long titles.
    '-max_muxing_queue_size',
    '4096',
    '-f',
    'matroska',
    output,
  ];
}
