/**
 * The disc content hash TheDiscDB keys releases by: MD5 over the byte sizes of the disc's stream
 * files, each as a 64-bit little-endian integer, taken in file-name order (ordinal), written as 32
 * uppercase hex characters.
 * - Blu-ray / UHD: every `BDMV/STREAM/*.m2ts`.
 * - DVD: every file directly in `VIDEO_TS/`.
 * Directory listings are not always sorted, and the listing order gives another hash on real discs,
 * so the names are always sorted first. Only sizes are read (no file contents), so a mounted disc or
 * a copied folder with the same structure hashes the same, and sparse test files are enough.
 */
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export type DiscStructure = 'bluray' | 'dvd';

export interface DiscFileSize {
  /** File name without folder (`00001.m2ts`, `VTS_01_1.VOB`). */
  name: string;
  /** Size in bytes. */
  size: number | bigint;
}

export interface DiscLayout {
  structure: DiscStructure;
  /** The folder whose files were hashed (`…/BDMV/STREAM` or `…/VIDEO_TS`). */
  folder: string;
  /** The hashed files, sorted by name. */
  files: DiscFileSize[];
  /** 32 uppercase hex characters. */
  contentHash: string;
}

/** Ordinal (code unit) comparison, the order the hash rule needs; never locale-aware. */
export function compareOrdinal(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** MD5 over the sizes as 64-bit little-endian integers, in the order given; uppercase hex. */
export function contentHashOfSizes(sizes: readonly (number | bigint)[]): string {
  const buffer = Buffer.alloc(8 * sizes.length);
  sizes.forEach((size, i) => {
    const value = typeof size === 'bigint' ? size : BigInt(size);
    if (value < 0n || value > 0xffff_ffff_ffff_ffffn || (typeof size === 'number' && !Number.isSafeInteger(size))) {
      throw new RangeError(`A file size must be a whole number of bytes from 0 to 2^64-1, got ${String(size)}`);
    }
    buffer.writeBigUInt64LE(value, i * 8);
  });
  return createHash('md5').update(buffer).digest('hex').toUpperCase();
}

/** The hash of a list of files (e.g. MakeMKV's `HSH:` lines): sorted by name, then sizes hashed. */
export function contentHashOfFiles(files: readonly DiscFileSize[]): string {
  return contentHashOfSizes([...files].sort((a, b) => compareOrdinal(a.name, b.name)).map((f) => f.size));
}

/** The entry of `folder` named `name`, matched without regard to case (discs and copies differ). */
async function childFolder(folder: string, name: string): Promise<string | null> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return null;
  }
  const wanted = name.toLowerCase();
  const hit = entries.find((e) => e.name.toLowerCase() === wanted && (e.isDirectory() || e.isSymbolicLink()));
  return hit ? join(folder, hit.name) : null;
}

async function regularFiles(folder: string, accept: (name: string) => boolean): Promise<DiscFileSize[]> {
  const files: DiscFileSize[] = [];
  for (const name of await readdir(folder)) {
    if (!accept(name)) continue;
    const info = await stat(join(folder, name), { bigint: true }).catch(() => null);
    if (info?.isFile()) files.push({ name, size: info.size });
  }
  return files.sort((a, b) => compareOrdinal(a.name, b.name));
}

/**
 * Finds the Blu-ray (`BDMV/STREAM`) or DVD (`VIDEO_TS`) structure in `root` (a mount point or a
 * folder copied from a disc) and hashes it. Null when `root` has neither structure or the stream
 * folder holds no file. Blu-ray wins when both are present.
 */
export async function readDiscLayout(root: string): Promise<DiscLayout | null> {
  const bdmv = await childFolder(root, 'BDMV');
  const stream = bdmv ? await childFolder(bdmv, 'STREAM') : null;
  if (stream) {
    const files = await regularFiles(stream, (name) => name.toLowerCase().endsWith('.m2ts'));
    if (files.length > 0) return { structure: 'bluray', folder: stream, files, contentHash: contentHashOfFiles(files) };
  }
  const videoTs = await childFolder(root, 'VIDEO_TS');
  if (videoTs) {
    const files = await regularFiles(videoTs, () => true);
    if (files.length > 0) return { structure: 'dvd', folder: videoTs, files, contentHash: contentHashOfFiles(files) };
  }
  return null;
}

/** The content hash of the disc structure in `root`, or null when it has none. */
export async function computeContentHash(root: string): Promise<string | null> {
  return (await readDiscLayout(root))?.contentHash ?? null;
}
