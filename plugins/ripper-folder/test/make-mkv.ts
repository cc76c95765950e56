/** Generates real MKV fixtures with ffmpeg (test pattern video + sine audio). */
import { makeLavfiMedia } from '@spindle/plugin-sdk/testing';
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
  const codecs = ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac'];
  await makeLavfiMedia(path, [`testsrc=size=${size}:rate=25`, 'sine'], ['-t', String(options.seconds), ...codecs]);
}
