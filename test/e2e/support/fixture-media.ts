/**
 * The media pieces the fixture discs are made of, made with the real ffmpeg: Blu-ray clips (copies of
 * one encoded video chunk plus a soundtrack), DVD program streams, and probes of what was written.
 */
import { execFile } from 'node:child_process';
import { stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import type { PlayItem } from './disc-structures.ts';

const run = promisify(execFile);

export const pad = (n: number, width = 5) => String(n).padStart(width, '0');

export async function ffmpeg(args: string[]): Promise<void> {
  await run('ffmpeg', ['-v', 'error', '-nostdin', '-y', ...args], { maxBuffer: 16 * 1024 * 1024 });
}

export async function probe(file: string): Promise<{ start: number; duration: number }> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=start_time,duration',
    '-of',
    'json',
    file,
  ]);
  const format = (JSON.parse(stdout) as { format: { start_time?: string; duration?: string } }).format;
  return { start: Number(format.start_time ?? 0), duration: Number(format.duration ?? 0) };
}

const CHUNK_SECONDS = 10;

/** Ten seconds of Blu-ray video (H.264 High@4.1, 1920x1080, 23.976 fps): encoded once, then copied. */
export async function videoChunk(work: string): Promise<string> {
  const chunk = join(work, 'video-chunk.m2ts');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'color=c=0x203040:size=1920x1080:rate=24000/1001',
    '-t',
    String(CHUNK_SECONDS),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'stillimage',
    '-x264-params',
    'cabac=1:8x8dct=1',
    '-profile:v',
    'high',
    '-level',
    '4.1',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '240',
    '-f',
    'mpegts',
    '-mpegts_m2ts_mode',
    '1',
    chunk,
  ]);
  return chunk;
}

/**
 * A Blu-ray clip (`.m2ts`, 192-byte packets) of `seconds`: copies of the video chunk (stream copy,
 * so long clips cost no video encoding) and the given sound as Dolby Digital 48 kHz, English.
 */
export async function blurayClip(
  chunk: string,
  out: string,
  opts: { seconds: number; audio: string[]; channels: 1 | 2 },
  work: string,
): Promise<void> {
  const list = join(work, `${basename(out)}.txt`);
  await writeFile(
    list,
    Array.from({ length: Math.ceil(opts.seconds / CHUNK_SECONDS) + 1 }, () => `file '${chunk}'`).join('\n'),
  );
  await ffmpeg([
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    ...opts.audio,
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-t',
    opts.seconds.toFixed(3),
    '-c:v',
    'copy',
    '-c:a',
    'ac3',
    '-ar',
    '48000',
    '-ac',
    String(opts.channels),
    '-b:a',
    opts.channels === 1 ? '64k' : '192k',
    '-metadata:s:a:0',
    'language=eng',
    '-f',
    'mpegts',
    '-mpegts_m2ts_mode',
    '1',
    out,
  ]);
}

/** A soundtrack that never repeats (pink noise seeded per clip): every stretch of the film sounds different, as a real one does. */
export const noise = (seed: number) => [
  '-f',
  'lavfi',
  '-i',
  `anoisesrc=color=pink:seed=${seed}:sample_rate=48000:amplitude=0.25`,
];

export async function playItem(stream: string, clip: number): Promise<PlayItem> {
  const { start, duration } = await probe(join(stream, `${pad(clip)}.m2ts`));
  return { clip: pad(clip), inSeconds: start, outSeconds: start + duration };
}

export const size = async (path: string) => (await stat(path)).size;

export async function dvdProgram(source: string, out: string, color: string): Promise<number> {
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `color=c=${color}:size=720x480:rate=30000/1001`,
    '-i',
    source,
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-shortest',
    '-target',
    'ntsc-dvd',
    '-aspect',
    '4:3',
    '-b:v',
    '1000k',
    '-maxrate',
    '1500k',
    '-b:a',
    '192k',
    out,
  ]);
  return (await probe(out)).duration;
}
