/**
 * The disc content hash, checked three ways: folders of (sparse) files with known sizes against an
 * MD5 computed here byte by byte; TheDiscDB's published hashes for the real discs of the shared
 * sample (from MakeMKV's HSH lines); and a folder rebuilt from one sample disc's file list.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  computeContentHash,
  contentHashOfFiles,
  contentHashOfSizes,
  readDiscLayout,
  type DiscFileSize,
} from '../src/index.ts';

const root = await mkdtemp(join(tmpdir(), 'spindle-content-hash-'));
afterAll(() => rm(root, { recursive: true, force: true }));

/** Independent reference: the little-endian bytes written out one by one, then MD5. */
function referenceHash(sizes: bigint[]): string {
  const bytes: number[] = [];
  for (const size of sizes) for (let i = 0n; i < 8n; i++) bytes.push(Number((size >> (8n * i)) & 0xffn));
  return createHash('md5').update(Uint8Array.from(bytes)).digest('hex').toUpperCase();
}

/** A sparse file of exactly `size` bytes (no data written). */
async function sparse(path: string, size: number): Promise<void> {
  const handle = await open(path, 'w');
  try {
    await handle.truncate(size);
  } finally {
    await handle.close();
  }
}

async function makeFolder(name: string, files: Record<string, number>): Promise<string> {
  const folder = join(root, name);
  for (const [relative, size] of Object.entries(files)) {
    await mkdir(join(folder, relative, '..'), { recursive: true });
    await sparse(join(folder, relative), size);
  }
  return folder;
}

const GiB = 1024 ** 3;

describe('content hash of a folder with disc structure', () => {
  it('Blu-ray: hashes every BDMV/STREAM/*.m2ts by sorted name, sizes as 64-bit little-endian', async () => {
    // created out of name order, one file above 4 GiB so the high 32 bits matter
    const folder = await makeFolder('bluray', {
      'BDMV/STREAM/00010.m2ts': 6 * GiB + 12_345,
      'BDMV/STREAM/00002.m2ts': 1_048_576,
      'BDMV/STREAM/00001.m2ts': 2_000_001_024,
      'BDMV/STREAM/00100.m2ts': 0,
      'BDMV/STREAM/00003.ssif': 999, // 3D interleaved file: not an .m2ts
      'BDMV/PLAYLIST/00001.mpls': 512,
      'BDMV/index.bdmv': 120,
      'title_t00.mkv': 4096,
    });
    await mkdir(join(folder, 'BDMV/STREAM/SSIF'));
    const expected = referenceHash([2_000_001_024n, 1_048_576n, BigInt(6 * GiB + 12_345), 0n]);
    expect(await computeContentHash(folder)).toBe(expected);
    const layout = await readDiscLayout(folder);
    expect(layout).toMatchObject({ structure: 'bluray', contentHash: expected });
    expect(layout!.files.map((f) => f.name)).toEqual(['00001.m2ts', '00002.m2ts', '00010.m2ts', '00100.m2ts']);
    expect(expected).toMatch(/^[0-9A-F]{32}$/);
  });

  it('DVD: hashes every file directly in VIDEO_TS (IFO, BUP, VOB), sorted by name', async () => {
    const sizes: Record<string, number> = {
      'VIDEO_TS/VTS_01_1.VOB': 1_073_739_776,
      'VIDEO_TS/VIDEO_TS.IFO': 10_240,
      'VIDEO_TS/VTS_01_0.BUP': 104_448,
      'VIDEO_TS/VIDEO_TS.BUP': 10_240,
      'VIDEO_TS/VTS_01_0.IFO': 104_448,
      'VIDEO_TS/VTS_01_0.VOB': 3_647_488,
      'VIDEO_TS/VIDEO_TS.VOB': 251_904,
      'AUDIO_TS/.keep': 0,
    };
    const folder = await makeFolder('dvd', sizes);
    await mkdir(join(folder, 'VIDEO_TS', 'EXTRA')); // a folder inside VIDEO_TS is not a file
    const names = [
      'VIDEO_TS.BUP',
      'VIDEO_TS.IFO',
      'VIDEO_TS.VOB',
      'VTS_01_0.BUP',
      'VTS_01_0.IFO',
      'VTS_01_0.VOB',
      'VTS_01_1.VOB',
    ];
    const expected = referenceHash(names.map((n) => BigInt(sizes[`VIDEO_TS/${n}`]!)));
    const layout = await readDiscLayout(folder);
    expect(layout).toMatchObject({ structure: 'dvd', contentHash: expected });
    expect(layout!.files.map((f) => f.name)).toEqual(names);
  });

  it('finds the structure whatever the case of the folder names', async () => {
    const folder = await makeFolder('lowercase', { 'bdmv/stream/00000.M2TS': 77, 'bdmv/stream/00001.m2ts': 88 });
    expect(await computeContentHash(folder)).toBe(referenceHash([77n, 88n]));
  });

  it('is null for a folder without disc structure, an empty STREAM folder, or a missing folder', async () => {
    expect(
      await computeContentHash(await makeFolder('plain', { 'title_t00.mkv': 10, 'title_t01.mkv': 20 })),
    ).toBeNull();
    const empty = join(root, 'empty-stream');
    await mkdir(join(empty, 'BDMV', 'STREAM'), { recursive: true });
    expect(await computeContentHash(empty)).toBeNull();
    expect(await computeContentHash(join(root, 'does-not-exist'))).toBeNull();
  });

  it('prefers BDMV when a folder has both structures', async () => {
    const folder = await makeFolder('both', { 'BDMV/STREAM/00000.m2ts': 5, 'VIDEO_TS/VIDEO_TS.IFO': 6 });
    expect(await readDiscLayout(folder)).toMatchObject({ structure: 'bluray', contentHash: referenceHash([5n]) });
  });

  it('rejects sizes that are not whole bytes within 64 bits', () => {
    expect(() => contentHashOfSizes([-1])).toThrow(RangeError);
    expect(() => contentHashOfSizes([1.5])).toThrow(RangeError);
    expect(() => contentHashOfSizes([2n ** 64n])).toThrow(RangeError);
    expect(contentHashOfSizes([2n ** 64n - 1n])).toBe(referenceHash([2n ** 64n - 1n]));
    expect(contentHashOfSizes([])).toBe(createHash('md5').digest('hex').toUpperCase());
  });
});

// ---- TheDiscDB's real discs (../shared/thediscdb-sample), read in place, never copied ----

const SAMPLE = resolve(
  process.env.SPINDLE_DISCDB_SAMPLE ?? join(import.meta.dirname, '..', '..', '..', 'shared', 'thediscdb-sample'),
);

interface SampleDisc {
  stem: string;
  expected: string;
  /** The disc's files from MakeMKV's `HSH:index,filename,date,size` lines, in listing order. */
  files: DiscFileSize[];
}

/** The files the hash rule covers: only the .m2ts on Blu-ray/UHD, every listed file on DVD. */
function hashedFiles(files: DiscFileSize[]): DiscFileSize[] {
  const streams = files.filter((f) => f.name.toLowerCase().endsWith('.m2ts'));
  return streams.length > 0 ? streams : files;
}

async function sampleDiscs(): Promise<SampleDisc[]> {
  const discs: SampleDisc[] = [];
  for (const kind of ['movie', 'series']) {
    for (const name of (await readdir(join(SAMPLE, kind))).filter((n) => n.endsWith('.txt')).sort()) {
      const stem = name.slice(0, -'.txt'.length);
      const text = await readFile(join(SAMPLE, kind, name), 'utf8');
      const files = text
        .split(/\r?\n/)
        .filter((line) => line.startsWith('HSH:'))
        .map((line) => {
          const parts = line.slice(4).split(',');
          return { name: parts[1]!, size: BigInt(parts.at(-1)!.trim()) };
        });
      const json = JSON.parse(await readFile(join(SAMPLE, kind, `${stem}.json`), 'utf8')) as { ContentHash?: string };
      if (files.length > 0 && json.ContentHash)
        discs.push({ stem, expected: json.ContentHash.toUpperCase(), files: hashedFiles(files) });
    }
  }
  return discs;
}

const haveSample = existsSync(join(SAMPLE, 'movie')) && existsSync(join(SAMPLE, 'series'));
if (!haveSample) console.warn(`[content-hash] skipped the TheDiscDB sample checks: ${SAMPLE} does not exist`);

describe.skipIf(!haveSample)(`content hash against TheDiscDB's real discs (${SAMPLE})`, () => {
  it('reproduces ContentHash for every sample disc that lists its files (HSH lines)', async () => {
    const discs = await sampleDiscs();
    expect(discs.length).toBeGreaterThanOrEqual(13);
    const wrong = discs.filter((d) => contentHashOfFiles(d.files) !== d.expected).map((d) => d.stem);
    expect(wrong).toEqual([]);
    // the listing order is not the name order on some discs: hashing unsorted would fail there
    const unsortedWouldFail = discs.filter((d) => contentHashOfSizes(d.files.map((f) => f.size)) !== d.expected);
    expect(unsortedWouldFail.length).toBeGreaterThan(0);
  });

  it('gives the same hash for a folder rebuilt from a disc’s file list (DVD and UHD, sparse files)', async () => {
    const discs = await sampleDiscs();
    for (const stem of [
      '24_(2001)__season-1__disc02',
      "A_Hard_Day's_Night_(1964)__4k-uhd-criterion-collection__disc01",
    ]) {
      const disc = discs.find((d) => d.stem === stem);
      expect(disc, stem).toBeDefined();
      const isDvd = !disc!.files[0]!.name.toLowerCase().endsWith('.m2ts');
      const layout = Object.fromEntries(
        disc!.files.map((f) => [`${isDvd ? 'VIDEO_TS' : 'BDMV/STREAM'}/${f.name}`, Number(f.size)]),
      );
      const folder = await makeFolder(`sample-${isDvd ? 'dvd' : 'uhd'}`, layout);
      expect(await computeContentHash(folder)).toBe(disc!.expected);
    }
  });
});
