/** A finished MKV passes; one cut short is caught from its own header; other files are not judged. */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkvTruncation } from '../src/mkv-completeness.ts';

let dir = '';
let whole = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mkv-completeness-'));
  whole = join(dir, 'whole.mkv');
  await promisify(execFile)('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=64x48:rate=5',
    '-t',
    '3',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    whole,
  ]);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('mkvTruncation', () => {
  it('passes a whole file', async () => {
    expect(await mkvTruncation(whole)).toBeNull();
  });

  it('catches a file cut short, even inside its header', async () => {
    const full = (await stat(whole)).size;
    for (const size of [full - 1, Math.floor(full / 2), 30]) {
      const cut = join(dir, `cut-${size}.mkv`);
      await copyFile(whole, cut);
      await truncate(cut, size);
      const found = await mkvTruncation(cut);
      expect(found?.actual).toBe(size);
      expect(found!.expected).toBeGreaterThan(size);
    }
  });

  it('does not judge files that are not Matroska', async () => {
    await writeFile(join(dir, 'notes.txt'), 'not a video');
    expect(await mkvTruncation(join(dir, 'notes.txt'))).toBeNull();
  });
});
