/**
 * makemkvcon scans against the replay tool: recorded robot-mode transcripts, real processes.
 */
import { mkdir, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { computeContentHash, contentHashOfFiles } from '@spindle/plugin-sdk';
import { createFakeContext } from '@spindle/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import { MakemkvRipper } from '../src/makemkv-ripper.ts';
import { createMakemkvReplay } from '../../../test/support/makemkv-replay.ts';
import { disc, DRIVES, errorOf, useReplayEnvironment } from './replay-context.ts';

const env = useReplayEnvironment();
const { withCtx } = env;

describe('scan', () => {
  it('reads the titles of a TV Blu-ray, hashes the HSH listing and remembers the titles', async () => {
    await withCtx(async (ctx) => {
      const scan = await new MakemkvRipper().scan(disc('/dev/sr0', 'SPINDLE_SHOW_S1D1'), ctx);
      expect(scan).toMatchObject({ volumeLabel: 'SPINDLE_SHOW_S1D1', discType: 'bluray' });
      expect(scan.titles.map((t) => [t.index, t.durationSeconds, t.resolution, t.outputFileName])).toEqual([
        [0, 3963, '1080p', 'SPINDLE_SHOW_S1D1_t00.mkv'],
        [1, 1321, '1080p', 'SPINDLE_SHOW_S1D1_t01.mkv'],
        [2, 1282, '1080p', 'SPINDLE_SHOW_S1D1_t02.mkv'],
        [3, 1360, '1080p', 'SPINDLE_SHOW_S1D1_t05.mkv'],
        [4, 12, '1080p', 'SPINDLE_SHOW_S1D1_t04.mkv'],
      ]);
      const listed = [
        ['00003.m2ts', 5767010304],
        ['00004.m2ts', 5520771072],
        ['00005.m2ts', 6006657024],
        ['00009.m2ts', 44040192],
        ['00010.m2ts', 245760],
      ] as const;
      expect(scan.contentHash).toBe(contentHashOfFiles(listed.map(([name, size]) => ({ name, size }))));
      expect(await ctx.store.get('scan:dev:/dev/sr0')).toEqual({ minLength: 0, indices: [0, 1, 2, 3, 4] });
      expect(ctx.progress.fractions().at(-1)).toBe(1);
      const info = (await env.replay.invocations()).at(-1)!.argv;
      expect(info).toEqual(['-r', '--progress=-same', '--minlength=0', 'info', 'dev:/dev/sr0']);
    });
  });

  it('hashes the mounted disc when the source has a path, and passes --minlength from the settings', async () => {
    const mount = join(env.root, 'mount');
    await mkdir(join(mount, 'BDMV', 'STREAM'), { recursive: true });
    await writeFile(join(mount, 'BDMV', 'STREAM', '00001.m2ts'), '');
    await truncate(join(mount, 'BDMV', 'STREAM', '00001.m2ts'), 123_456);
    await withCtx(
      async (ctx) => {
        const scan = await new MakemkvRipper().scan(disc('/dev/sr1', 'SPINDLE_MOVIE', mount), ctx);
        expect(scan.contentHash).toBe(await computeContentHash(mount));
        expect(scan.discType).toBe('dvd');
        expect(scan.titles.map((t) => [t.index, t.durationSeconds, t.sourceFile])).toEqual([
          [0, 6730, '01'],
          [1, 1122, '02'],
          [2, 144, '03'],
          [3, 591, '04'],
        ]);
        expect((await env.replay.invocations()).at(-1)!.argv).toContain('--minlength=120');
      },
      { settings: { min_length_seconds: 120 } },
    );
  });

  it('scans a disc folder (file: source) and hashes that folder', async () => {
    const folder = join(env.root, 'backups', 'movie-dvd'); // the env.replay serves the scenario named like the folder
    await mkdir(join(folder, 'VIDEO_TS'), { recursive: true });
    for (const [name, size] of [
      ['VIDEO_TS.IFO', 18432],
      ['VTS_01_1.VOB', 1073709056],
    ] as const) {
      await writeFile(join(folder, 'VIDEO_TS', name), '');
      await truncate(join(folder, 'VIDEO_TS', name), size);
    }
    await withCtx(async (ctx) => {
      const scan = await new MakemkvRipper().scan(
        { kind: 'disc', driveId: null, path: folder, volumeLabel: 'SPINDLE_MOVIE' },
        ctx,
      );
      expect(scan.titles).toHaveLength(5);
      expect(scan.contentHash).toBe(
        contentHashOfFiles([
          { name: 'VIDEO_TS.IFO', size: 18432 },
          { name: 'VTS_01_1.VOB', size: 1073709056 },
        ]),
      );
      expect((await env.replay.invocations()).at(-1)!.argv.at(-1)).toBe(`file:${folder}`);
    });
  });

  it('says clearly when the disc cannot be opened, the license expired, or makemkvcon is missing', async () => {
    await withCtx(async (ctx) => {
      const ripper = new MakemkvRipper();
      const empty = await errorOf(ripper.scan(disc('/dev/sr9'), ctx));
      expect(empty).toMatchObject({ code: 'disc_open_failed', category: 'ripper' });
      expect(empty.message).toContain(
        'MakeMKV could not open the disc in /dev/sr9 (message 5010 "Failed to open disc")',
      );
      expect((await errorOf(ripper.scan(disc('/dev/sr4'), ctx))).message).toContain('the drive reported read errors');
      expect(await errorOf(ripper.scan(disc('file:/nonexistent/folder'), ctx))).toMatchObject({
        code: 'disc_source_not_found',
      });
    });
    const expired = await createMakemkvReplay(join(env.root, 'expired'), { drives: DRIVES, license: 'expired' });
    await withCtx(
      async (ctx) => {
        const error = await errorOf(new MakemkvRipper().scan(disc('/dev/sr0'), ctx));
        expect(error.code).toBe('ripper_license_expired');
        expect(error.message).toContain('Evaluation period has expired');
        const rip = await errorOf(
          new MakemkvRipper().rip(
            {
              source: disc('/dev/sr0'),
              titles: [{ index: 1, durationSeconds: 1, sizeBytes: 1, resolution: null }],
              outputDir: ctx.workDir,
            },
            ctx,
          ),
        );
        expect(rip.code).toBe('ripper_license_expired');
      },
      { replay: expired },
    );
    const missing = await createFakeContext({ appSettings: { ripper_path: join(env.root, 'no', 'makemkvcon') } });
    expect(await errorOf(new MakemkvRipper().scan(disc('/dev/sr0'), missing))).toMatchObject({
      code: 'ripper_not_found',
    });
    await missing.dispose();
  });
});
