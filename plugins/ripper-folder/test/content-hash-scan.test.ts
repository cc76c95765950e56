/** A folder copied from a disc keeps its BDMV/VIDEO_TS structure: the scan reports its content hash. */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeContext } from '@spindle/plugin-sdk/testing';
import { FolderRipper } from '../src/folder-ripper.ts';
import { makeMkv, requireFfmpeg } from './make-mkv.ts';

let root: string;

function md5OfLittleEndian(sizes: number[]): string {
  const buffer = Buffer.alloc(sizes.length * 8);
  sizes.forEach((size, i) => {
    buffer.writeUInt32LE(size % 2 ** 32, i * 8);
    buffer.writeUInt32LE(Math.floor(size / 2 ** 32), i * 8 + 4);
  });
  return createHash('md5').update(buffer).digest('hex').toUpperCase();
}

async function sparse(path: string, size: number): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  const handle = await open(path, 'w');
  await handle.truncate(size);
  await handle.close();
}

beforeAll(async () => {
  await requireFfmpeg();
  root = await mkdtemp(join(tmpdir(), 'ripper-folder-hash-'));
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe('FolderRipper.scan content hash', () => {
  it('is computed from BDMV/STREAM when the folder has the Blu-ray structure', async () => {
    const folder = join(root, 'BLURAY_COPY');
    await mkdir(folder);
    await makeMkv(join(folder, 'title_t00.mkv'), { seconds: 1, width: 640, height: 360 });
    await sparse(join(folder, 'BDMV', 'STREAM', '00002.m2ts'), 5 * 2 ** 30 + 7);
    await sparse(join(folder, 'BDMV', 'STREAM', '00001.m2ts'), 123_456_789);
    const ctx = await createFakeContext();
    try {
      const scan = await new FolderRipper().scan(
        { kind: 'folder', path: folder, driveId: null, volumeLabel: 'BLURAY_COPY' },
        ctx,
      );
      expect(scan.contentHash).toBe(md5OfLittleEndian([123_456_789, 5 * 2 ** 30 + 7]));
      expect(scan.titles).toHaveLength(1);
    } finally {
      await ctx.dispose();
    }
  });

  it('is computed from VIDEO_TS for a DVD copy, and null for a plain folder of MKVs', async () => {
    const dvd = join(root, 'DVD_COPY');
    await mkdir(dvd);
    await makeMkv(join(dvd, 'title_t00.mkv'), { seconds: 1, width: 720, height: 480 });
    await sparse(join(dvd, 'VIDEO_TS', 'VTS_01_1.VOB'), 1_073_739_776);
    await sparse(join(dvd, 'VIDEO_TS', 'VIDEO_TS.IFO'), 10_240);
    const plain = join(root, 'PLAIN');
    await mkdir(plain);
    await makeMkv(join(plain, 'title_t00.mkv'), { seconds: 1, width: 640, height: 360 });
    const ctx = await createFakeContext();
    try {
      const ripper = new FolderRipper();
      expect(
        (await ripper.scan({ kind: 'folder', path: dvd, driveId: null, volumeLabel: 'DVD_COPY' }, ctx)).contentHash,
      ).toBe(md5OfLittleEndian([10_240, 1_073_739_776]));
      expect(
        (await ripper.scan({ kind: 'folder', path: plain, driveId: null, volumeLabel: 'PLAIN' }, ctx)).contentHash,
      ).toBeNull();
    } finally {
      await ctx.dispose();
    }
  });
});
