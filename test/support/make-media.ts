/** Real MKV files made by ffmpeg for tests: long durations encode fast (tiny frames, 1 fps). */
import { execFile } from 'node:child_process';
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
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=${look.color ?? 'gray'}:size=${width}x${height}:rate=1`,
    '-f',
    'lavfi',
    '-i',
    sound,
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
