/** Test audio made by ffmpeg's lavfi sources: pink noise under a tone that steps to pseudo-random notes (never repeats). */
import { makeLavfiMedia } from '@spindle/plugin-sdk/testing';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function makeTestAudio(path: string, seconds: number, seed = 1): Promise<void> {
  const noise = `anoisesrc=color=pink:seed=${seed}:amplitude=0.3:sample_rate=16000:duration=${seconds}`;
  const notes = `aevalsrc='0.3*sin(2*PI*t*220*pow(2,floor(24*abs(sin(floor(t*3)*1.7+${seed})))/12))':s=16000:d=${seconds}`;
  const mix = ['-filter_complex', '[0:a][1:a]amix=inputs=2[a]', '-map', '[a]'];
  await makeLavfiMedia(path, [noise, notes], [...mix, '-c:a', 'aac', '-b:a', '96k']);
}

/** Raw chromaprint items of a whole file, straight from ffmpeg (the reference the plugin must agree with). */
export async function wholeFileItems(path: string, out: string): Promise<number[]> {
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-i',
    path,
    '-ac',
    '1',
    '-ar',
    '16000',
    '-f',
    'chromaprint',
    '-fp_format',
    'raw',
    out,
  ]);
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(out);
  return Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readUInt32LE(i * 4));
}
