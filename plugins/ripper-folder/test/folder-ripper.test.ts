import { mkdir, mkdtemp, readdir, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpindleError, type DiscSource } from '@spindle/plugin-sdk';
import { createFakeContext, type FakeContext, type FakeContextOptions } from '@spindle/plugin-sdk/testing';
import { FolderRipper } from '../src/folder-ripper.ts';
import { makeMkv, requireFfmpeg } from './make-mkv.ts';

let root: string;
let folder: string;
const source = (path: string, volumeLabel = 'MY_SHOW_S1'): DiscSource => ({
  kind: 'folder',
  path,
  driveId: null,
  volumeLabel,
});

beforeAll(async () => {
  await requireFfmpeg();
  root = await mkdtemp(join(tmpdir(), 'ripper-folder-test-'));
  folder = join(root, 'MY_SHOW_S1');
  await mkdir(folder);
  await makeMkv(join(folder, 'b_episode.mkv'), { seconds: 3, width: 1280, height: 720 });
  await makeMkv(join(folder, 'a_episode.mkv'), { seconds: 2, width: 1920, height: 1080 });
  await makeMkv(join(folder, 'c_episode.MKV'), { seconds: 4, width: 640, height: 360 });
  await writeFile(join(folder, 'notes.txt'), 'not a video');
  await mkdir(join(folder, 'subdir.mkv'));
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

async function withCtx<T>(fn: (ctx: FakeContext) => Promise<T>, options: FakeContextOptions = {}): Promise<T> {
  const ctx = await createFakeContext(options);
  try {
    return await fn(ctx);
  } finally {
    await ctx.dispose();
  }
}

async function errorOf(promise: Promise<unknown>): Promise<SpindleError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(SpindleError.is(error)).toBe(true);
  return error as SpindleError;
}

describe('FolderRipper.scan', () => {
  it('lists the MKV files sorted by name with duration, size and resolution from ffprobe', async () => {
    await withCtx(async (ctx) => {
      const scan = await new FolderRipper().scan(source(folder), ctx);
      expect(scan).toMatchObject({ volumeLabel: 'MY_SHOW_S1', discType: 'folder', contentHash: null });
      expect(scan.titles.map((t) => [t.index, t.sourceFile, t.resolution])).toEqual([
        [0, 'a_episode.mkv', '1080p'],
        [1, 'b_episode.mkv', '720p'],
        [2, 'c_episode.MKV', '360p'],
      ]);
      const expected = [2, 3, 4];
      for (const title of scan.titles) {
        expect(title.durationSeconds).toBeCloseTo(expected[title.index]!, 0);
        expect(title.sizeBytes).toBe((await stat(join(folder, title.sourceFile!))).size);
      }
      const fractions = ctx.progress.fractions();
      expect(fractions.at(-1)).toBe(1);
      expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    });
  });

  it('finds ffprobe next to the configured media tool', async () => {
    await withCtx(
      async (ctx) => {
        expect((await new FolderRipper().scan(source(folder), ctx)).titles).toHaveLength(3);
      },
      { appSettings: { media_tool_path: '/usr/bin/ffmpeg' } },
    );
  });

  it('says clearly when ffprobe is missing', async () => {
    await withCtx(
      async (ctx) => {
        const error = await errorOf(new FolderRipper().scan(source(folder), ctx));
        expect(error).toMatchObject({ code: 'media_tool_not_found', category: 'ripper' });
        expect(error.message).toContain(join(root, 'no-tools', 'ffprobe'));
      },
      { appSettings: { media_tool_path: join(root, 'no-tools', 'ffmpeg') } },
    );
  });

  it('fails clearly for a missing folder, a folder without MKVs and an unreadable MKV', async () => {
    await withCtx(async (ctx) => {
      const ripper = new FolderRipper();
      expect(await errorOf(ripper.scan(source(join(root, 'nope')), ctx))).toMatchObject({
        code: 'folder_not_found',
        category: 'ripper',
      });
      const empty = join(root, 'empty');
      await mkdir(empty, { recursive: true });
      await writeFile(join(empty, 'readme.txt'), 'x');
      const noMkv = await errorOf(ripper.scan(source(empty), ctx));
      expect(noMkv).toMatchObject({ code: 'folder_has_no_mkv' });
      expect(noMkv.message).toBe(`No .mkv files in ${empty}`);
      const broken = join(root, 'broken');
      await mkdir(broken, { recursive: true });
      await writeFile(join(broken, 'title.mkv'), 'this is not matroska');
      const probe = await errorOf(ripper.scan(source(broken), ctx));
      expect(probe.code).toBe('probe_failed');
      expect(probe.message).toMatch(/^ffprobe could not read title\.mkv: /);
    });
  });
});

describe('FolderRipper.rip', () => {
  it('uses the files in place and reports progress per title', async () => {
    await withCtx(async (ctx) => {
      const ripper = new FolderRipper();
      const scan = await ripper.scan(source(folder), ctx);
      ctx.progress.clear();
      const wanted = [scan.titles[2]!, scan.titles[0]!];
      const result = await ripper.rip({ source: source(folder), titles: wanted, outputDir: ctx.workDir }, ctx);
      expect(result.failed).toEqual([]);
      expect(result.files).toEqual([
        { titleIndex: 2, path: join(folder, 'c_episode.MKV'), sizeBytes: scan.titles[2]!.sizeBytes },
        { titleIndex: 0, path: join(folder, 'a_episode.mkv'), sizeBytes: scan.titles[0]!.sizeBytes },
      ]);
      expect(await readdir(ctx.workDir)).toEqual([]);
      expect(ctx.progress.updates.map((u) => [u.fraction, u.currentTitle ?? null])).toEqual([
        [0, 2],
        [0.5, 0],
        [1, null],
      ]);
    });
  });

  it('finds a title by index when it has no sourceFile, and reports a vanished file as failed', async () => {
    const copy = join(root, 'vanishing');
    await mkdir(copy, { recursive: true });
    await makeMkv(join(copy, 'one.mkv'), { seconds: 1, width: 320, height: 240 });
    await makeMkv(join(copy, 'two.mkv'), { seconds: 1, width: 320, height: 240 });
    await withCtx(async (ctx) => {
      const ripper = new FolderRipper();
      const scan = await ripper.scan(source(copy), ctx);
      await unlink(join(copy, 'one.mkv'));
      const titles = [scan.titles[0]!, { ...scan.titles[1]!, sourceFile: undefined, index: 0 }];
      const result = await ripper.rip({ source: source(copy), titles: [titles[0]!], outputDir: ctx.workDir }, ctx);
      expect(result.files).toEqual([]);
      expect(result.failed).toEqual([
        { titleIndex: 0, message: `The file for title 0 (one.mkv) is no longer in ${copy}` },
      ]);
      const byIndex = await ripper.rip({ source: source(copy), titles: [titles[1]!], outputDir: ctx.workDir }, ctx);
      expect(byIndex.files.map((f) => f.path)).toEqual([join(copy, 'two.mkv')]);
    });
  });

  it('rejects with an AbortedError once the signal has fired', async () => {
    await withCtx(async (ctx) => {
      const ripper = new FolderRipper();
      const scan = await ripper.scan(source(folder), ctx);
      ctx.abort();
      expect(
        await errorOf(ripper.rip({ source: source(folder), titles: scan.titles, outputDir: ctx.workDir }, ctx)),
      ).toMatchObject({ code: 'aborted' });
    });
  });
});
