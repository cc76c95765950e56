/** Real MKV files made by ffmpeg for tests: long durations encode fast (tiny frames, 1 fps). */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function makeLongMkv(path: string, seconds: number, height = 72): Promise<void> {
  const width = Math.round((height * 16) / 9 / 2) * 2;
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=gray:size=${width}x${height}:rate=1`,
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=8000:cl=mono',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    '600',
    '-c:a',
    'aac',
    '-b:a',
    '8k',
    path,
  ]);
}
