/** Real MKV files made by ffmpeg for tests: long durations encode fast (tiny frames, 1 fps). */
import { makeLavfiMedia } from '@spindle/plugin-sdk/testing';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** How the frames and the sound look: a flat colour (ffmpeg's name or 0xRRGGBB) and a sine tone in Hz, or silence. */
export interface MkvLook {
  color?: string;
  toneHz?: number;
}

export async function makeLongMkv(path: string, seconds: number, height = 72, look: MkvLook = {}): Promise<void> {
  const width = Math.round((height * 16) / 9 / 2) * 2;
  const sound = look.toneHz ? `sine=frequency=${look.toneHz}:sample_rate=8000` : 'anullsrc=r=8000:cl=mono';
  const picture = `color=c=${look.color ?? 'gray'}:size=${width}x${height}:rate=1`;
  const codecs = ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '600', '-c:a', 'aac', '-b:a', '8k'];
  await makeLavfiMedia(path, [picture, sound], ['-t', String(seconds), ...codecs]);
}

/**
 * An MKV whose sound is `text` read by espeak-ng (American English, 150 words a minute) over a small
 * still picture, as long as the reading; `dir` holds the reading's WAV too.
 */
export async function makeSpeechMkv(dir: string, name: string, text: string): Promise<string> {
  const reading = join(dir, `${name}.wav`);
  await run('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', reading, text]);
  const mkv = join(dir, `${name}.mkv`);
  const codecs = ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest'];
  await makeLavfiMedia(mkv, ['color=size=64x36:rate=1:duration=6'], ['-i', reading, ...codecs]);
  return mkv;
}

/** A media file's duration in seconds, as ffprobe reads it from the container. */
export async function mediaDuration(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}
