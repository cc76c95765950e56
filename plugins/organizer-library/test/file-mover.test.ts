import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AbortedError } from '@spindle/plugin-sdk';
import { moveFile } from '../src/file-mover.ts';

let root: string;
beforeEach(async () => (root = await mkdtemp(join(tmpdir(), 'file-mover-'))));
afterEach(() => rm(root, { recursive: true, force: true }));

const live = () => new AbortController().signal;

async function sourceFile(name: string, bytes: number): Promise<{ path: string; content: Buffer }> {
  const content = randomBytes(bytes);
  const path = join(root, name);
  await writeFile(path, content);
  return { path, content };
}

/** /dev/shm when it is a writable folder on another filesystem than the temp folder. */
const OTHER_FILESYSTEM = '/dev/shm';
const [here, there] = await Promise.all([stat(tmpdir()), stat(OTHER_FILESYSTEM).catch(() => null)]);
const probe =
  there?.isDirectory() && there.dev !== here.dev
    ? await mkdtemp(join(OTHER_FILESYSTEM, 'spindle-probe-')).catch(() => null)
    : null;
if (probe) await rm(probe, { recursive: true });
const hasOtherFilesystem = probe !== null;

describe('moveFile', () => {
  it('renames within one filesystem', async () => {
    const { path, content } = await sourceFile('a.mkv', 1000);
    expect(await moveFile(path, join(root, 'b.mkv'), { overwrite: false, signal: live() })).toBe('rename');
    expect(await readFile(join(root, 'b.mkv'))).toEqual(content);
    expect(await readdir(root)).toEqual(['b.mkv']);
  });

  it('refuses to replace an existing file unless told to overwrite', async () => {
    const { path, content } = await sourceFile('a.mkv', 10);
    await writeFile(join(root, 'b.mkv'), 'keep me');
    await expect(moveFile(path, join(root, 'b.mkv'), { overwrite: false, signal: live() })).rejects.toMatchObject({
      code: 'target_exists',
      kind: 'conflict',
    });
    expect(await readFile(join(root, 'b.mkv'), 'utf8')).toBe('keep me');
    await moveFile(path, join(root, 'b.mkv'), { overwrite: true, signal: live() });
    expect(await readFile(join(root, 'b.mkv'))).toEqual(content);
  });

  it('copies, verifies and deletes the source on the copy path, reporting progress', async () => {
    const { path, content } = await sourceFile('big.mkv', 20 * 1024 * 1024);
    const fractions: number[] = [];
    const method = await moveFile(path, join(root, 'dest.mkv'), {
      overwrite: false,
      signal: live(),
      forceCopy: true,
      onProgress: (f) => fractions.push(f),
    });
    expect(method).toBe('copy');
    expect((await readFile(join(root, 'dest.mkv'))).equals(content)).toBe(true);
    expect(await readdir(root)).toEqual(['dest.mkv']);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.every((f, i) => f > 0 && f <= 1 && (i === 0 || f >= fractions[i - 1]!))).toBe(true);
  });

  it('leaves no partial file under the final name (nor a temp file) when a copy is aborted', async () => {
    const { path, content } = await sourceFile('big.mkv', 20 * 1024 * 1024);
    const controller = new AbortController();
    const error = await moveFile(path, join(root, 'dest.mkv'), {
      overwrite: false,
      signal: controller.signal,
      forceCopy: true,
      onProgress: () => controller.abort(),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect(await readdir(root)).toEqual(['big.mkv']);
    expect((await readFile(path)).equals(content)).toBe(true);
  });

  it('says which file is gone when the source is missing', async () => {
    await expect(
      moveFile(join(root, 'nope.mkv'), join(root, 'x.mkv'), { overwrite: false, signal: live() }),
    ).rejects.toMatchObject({
      code: 'source_missing',
      category: 'organization',
    });
  });

  it.skipIf(!hasOtherFilesystem)('copies across filesystems when rename fails with EXDEV', async () => {
    const other = await mkdtemp(join(OTHER_FILESYSTEM, 'spindle-exdev-'));
    try {
      const { path, content } = await sourceFile('cross.mkv', 3 * 1024 * 1024);
      expect(await moveFile(path, join(other, 'cross.mkv'), { overwrite: false, signal: live() })).toBe('copy');
      expect((await readFile(join(other, 'cross.mkv'))).equals(content)).toBe(true);
      expect(await readdir(other)).toEqual(['cross.mkv']);
      expect(await readdir(root)).toEqual([]);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});
