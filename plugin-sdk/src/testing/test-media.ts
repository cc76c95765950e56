/**
 * Test media made by real ffmpeg from its lavfi generators (test pictures, tones, noise, silence),
 * so plugin tests run against genuine MKV/WAV files. ffmpeg must be on PATH.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Writes `output` with ffmpeg (quiet, overwriting): each of `sources` is a lavfi input
 * (e.g. `testsrc=size=64x36:rate=25`, `sine=frequency=440`), in order, followed by `options`
 * (further inputs, maps, codecs, `-t` …) as ffmpeg takes them.
 */
export async function makeLavfiMedia(
  output: string,
  sources: readonly string[],
  options: readonly string[] = [],
): Promise<void> {
  const inputs = sources.flatMap((source) => ['-f', 'lavfi', '-i', source]);
  await run('ffmpeg', ['-v', 'error', '-y', ...inputs, ...options, output]);
}
