import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { makeLavfiMedia } from '../src/testing/test-media.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'spindle-sdk-media-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The streams ffprobe reads back: codec, kind, and the container's duration. */
async function probe(file: string): Promise<{ streams: string[]; seconds: number }> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-show_entries', 'stream=codec_type,codec_name:format=duration'],
    ...['-of', 'json', file],
  ]);
  const info = JSON.parse(stdout) as {
    streams: { codec_type: string; codec_name: string }[];
    format: { duration: string };
  };
  return { streams: info.streams.map((s) => `${s.codec_type}:${s.codec_name}`), seconds: Number(info.format.duration) };
}

describe('makeLavfiMedia', () => {
  it('writes a real MKV from lavfi sources in order, with the options given', async () => {
    const file = join(dir, 'title.mkv');
    await makeLavfiMedia(
      file,
      ['testsrc=size=64x36:rate=5', 'sine=frequency=440'],
      [...['-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac']],
    );
    const { streams, seconds } = await probe(file);
    expect(streams).toEqual(['video:h264', 'audio:aac']);
    expect(seconds).toBeGreaterThan(1.5);
    expect(seconds).toBeLessThan(2.5);
  });

  it('overwrites an existing file and takes further non-lavfi inputs among the options', async () => {
    const wav = join(dir, 'tone.wav');
    await makeLavfiMedia(wav, ['sine=frequency=440:sample_rate=8000:duration=3'], ['-c:a', 'pcm_s16le']);
    await makeLavfiMedia(wav, ['sine=frequency=440:sample_rate=8000:duration=1'], ['-c:a', 'pcm_s16le']);
    expect(await probe(wav)).toEqual({ streams: ['audio:pcm_s16le'], seconds: 1 });
    const mkv = join(dir, 'with-wav.mkv');
    await makeLavfiMedia(
      mkv,
      ['color=size=32x18:rate=25:duration=4'],
      [...['-i', wav, '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest']],
    );
    const { streams, seconds } = await probe(mkv);
    expect(streams).toEqual(['video:h264', 'audio:aac']);
    expect(seconds).toBeLessThan(2.5);
  });

  it('rejects with ffmpeg’s complaint when a source is not a lavfi graph', async () => {
    await expect(makeLavfiMedia(join(dir, 'bad.mkv'), ['no_such_source=1'])).rejects.toThrow(/no_such_source/);
  });
});
