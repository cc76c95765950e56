import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChildProcessRunner, type Fingerprinter, type ProcessRunner } from '@spindle/plugin-sdk';
import { createFakeSetup, readManifest, type FakeSetupOptions } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import { ITEM_SECONDS, itemIndexAt } from '../src/chromaprint-timing.ts';
import { makeTestAudio, wholeFileItems } from './make-test-audio.ts';

let dir = '';
let whole: number[] = [];
const file = () => join(dir, 'title.mka');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'chromaprint-'));
  await makeTestAudio(file(), 100, 3);
  whole = await wholeFileItems(file(), join(dir, 'whole.raw'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const manifest = readManifest(new URL('../package.json', import.meta.url));

function countingRunner(): { runner: ProcessRunner; calls: string[][] } {
  const real = createChildProcessRunner(new AbortController().signal);
  const calls: string[][] = [];
  return {
    calls,
    runner: { run: (file, args, options) => (calls.push([file, ...args]), real.run(file, args, options)) },
  };
}

async function create(options: FakeSetupOptions = {}): Promise<Fingerprinter> {
  return await plugin.definition.providers!.fingerprinter!.chromaprint!(
    await createFakeSetup({ manifest, ...options }),
  );
}

const popcount = (x: number) => {
  let n = 0;
  for (let v = x >>> 0; v; v &= v - 1) n++;
  return n;
};
const bitErrorRate = (a: number[], b: number[]) =>
  a.reduce((sum, item, i) => sum + popcount(item ^ b[i]!), 0) / (32 * a.length);

describe('chromaprint fingerprinter', () => {
  it('computes every window of a title in one ffmpeg pass, ≈242 items per 30 s window', async () => {
    const { runner, calls } = countingRunner();
    const fingerprinter = await create({ processes: runner });
    const windows = await fingerprinter.fingerprint({
      filePath: file(),
      windowStarts: [10, 40, 70],
      windowSeconds: 30,
      signal: new AbortController().signal,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual(
      expect.arrayContaining(['-f', 'chromaprint', '-fp_format', 'raw', '-ac', '1', '-ar', '16000']),
    );
    expect(windows.map((w) => w.startSeconds)).toEqual([10, 40, 70]);
    for (const w of windows.slice(0, 2)) expect(w.items.length).toBeGreaterThanOrEqual(240);
    expect(Math.round(30 / ITEM_SECONDS)).toBe(242);
  });

  it('cuts windows that agree with a whole-file pass at the same times (no warm-up loss)', async () => {
    const fingerprinter = await create();
    const [window] = await fingerprinter.fingerprint({
      filePath: file(),
      windowStarts: [40],
      windowSeconds: 30,
      signal: new AbortController().signal,
    });
    const reference = whole.slice(itemIndexAt(40), itemIndexAt(40) + window!.items.length);
    expect(window!.items.length).toBe(242);
    // Same audio, same clock: near-identical items (a seek may shift the resampler phase slightly).
    expect(bitErrorRate(window!.items, reference)).toBeLessThan(0.08);
    // …and clearly not some other part of the title.
    expect(bitErrorRate(window!.items, whole.slice(itemIndexAt(5), itemIndexAt(5) + 242))).toBeGreaterThan(0.25);
  });

  it('says which setting to fix when ffmpeg is missing', async () => {
    const fingerprinter = await create({ appSettings: { media_tool_path: '/nonexistent/ffmpeg' } });
    await expect(
      fingerprinter.fingerprint({
        filePath: file(),
        windowStarts: [0],
        windowSeconds: 30,
        signal: new AbortController().signal,
      }),
    ).rejects.toMatchObject({ code: 'media_tool_missing', message: expect.stringContaining('media_tool_path') });
  });

  it('fails with a coded error for a file without audio', async () => {
    const fingerprinter = await create();
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dir, 'junk.mkv'), 'not a media file');
    await expect(
      fingerprinter.fingerprint({
        filePath: join(dir, 'junk.mkv'),
        windowStarts: [0],
        windowSeconds: 30,
        signal: new AbortController().signal,
      }),
    ).rejects.toMatchObject({ code: 'fingerprint_failed' });
  });
});
