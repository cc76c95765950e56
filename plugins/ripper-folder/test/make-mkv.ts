/** Generates real MKV fixtures with ffmpeg (test pattern video + sine audio). */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function requireFfmpeg(): Promise<void> {
  try {
    await run('ffmpeg', ['-version']);
    await run('ffprobe', ['-version']);
  } catch {
    throw new Error(
      'ffmpeg and ffprobe are required for these tests: run test/setup/ensure-system-packages.sh (or apt-get install ffmpeg)',
    );
  }
}

export async function makeMkv(
  path: string,
  options: { seconds: number; width: number; height: number },
): Promise<void> {
  const size = `${options.width}x${options.height}`;
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=25`,
    '-f',
    'lavfi',
    '-i',
    'sine',
    '-t',
    String(options.seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    path,
  ]);
}
