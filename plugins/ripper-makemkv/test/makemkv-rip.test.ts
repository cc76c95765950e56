/**
 * Rips against the replay tool: real processes (killed as a process group), real MKV files written by
 * ffmpeg at a controlled pace, recorded robot-mode transcripts.
 */
import { readdirSync, statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { SpindleError } from '@spindle/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { MakemkvRipper } from '../src/makemkv-ripper.ts';
import { createMakemkvReplay, mkvRuns } from '../../../test/support/makemkv-replay.ts';
import { alive, disc, DRIVES, durationOf, errorOf, useReplayEnvironment } from './replay-context.ts';

const env = useReplayEnvironment();
const { withCtx } = env;

describe('rip', () => {
  it('rips only the requested titles, one run each, into the files makemkvcon reports, with speed and ETA', async () => {
    await withCtx(async (ctx) => {
      const ripper = new MakemkvRipper();
      const scan = await ripper.scan(disc('/dev/sr0'), ctx);
      const before = (await env.replay.invocations()).length;
      ctx.progress.clear();
      const out = join(ctx.workDir, 'out');
      const result = await ripper.rip(
        { source: disc('/dev/sr0'), titles: [scan.titles[1]!, scan.titles[3]!], outputDir: out },
        ctx,
      );
      expect(result.failed).toEqual([]);
      expect(result.files.map((f) => [f.titleIndex, f.path])).toEqual([
        [1, join(out, 'SPINDLE_SHOW_S1D1_t01.mkv')],
        [3, join(out, 'SPINDLE_SHOW_S1D1_t05.mkv')],
      ]);
      for (const file of result.files) expect(file.sizeBytes).toBe((await stat(file.path)).size);
      expect(await durationOf(result.files[1]!.path)).toBeCloseTo(1360, 0);
      expect((await readdir(out)).sort()).toEqual(['SPINDLE_SHOW_S1D1_t01.mkv', 'SPINDLE_SHOW_S1D1_t05.mkv']);
      const runs = mkvRuns((await env.replay.invocations()).slice(before));
      expect(runs).toEqual([
        { source: 'dev:/dev/sr0', title: '1', dir: out, minlength: '0' },
        { source: 'dev:/dev/sr0', title: '3', dir: out, minlength: '0' },
      ]);
      const updates = ctx.progress.updates;
      const fractions = updates.map((u) => u.fraction);
      expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
      expect(fractions.at(-1)).toBe(1);
      expect(new Set(updates.map((u) => u.currentTitle))).toEqual(new Set([1, 3]));
      const mid = updates.filter((u) => u.fraction > 0.2 && u.fraction < 0.95);
      expect(mid.length).toBeGreaterThan(3);
      expect(mid.some((u) => typeof u.speed === 'number' && u.speed > 100)).toBe(true); // 22-minute episodes in about half a second each
      expect(mid.some((u) => typeof u.etaSeconds === 'number' && u.etaSeconds >= 0 && u.etaSeconds < 10)).toBe(true);
    });
  });

  it('uses one `all` run only when every scanned title is requested', async () => {
    await withCtx(async (ctx) => {
      const ripper = new MakemkvRipper();
      const scan = await ripper.scan(disc('/dev/sr2'), ctx);
      const before = (await env.replay.invocations()).length;
      const result = await ripper.rip({ source: disc('/dev/sr2'), titles: scan.titles, outputDir: ctx.workDir }, ctx);
      expect(mkvRuns((await env.replay.invocations()).slice(before)).map((r) => r.title)).toEqual(['all']);
      expect(result.files.map((f) => [f.titleIndex, f.path])).toEqual(
        scan.titles.map((t) => [t.index, join(ctx.workDir, t.outputFileName!)]),
      );
      expect(result.failed).toEqual([]);
    });
  });

  it('announces each title through onTitleSaved as soon as its file is whole, while later titles still rip (one run each, and `all`)', async () => {
    await withCtx(async (ctx) => {
      const ripper = new MakemkvRipper();
      const scan = await ripper.scan(disc('/dev/sr2'), ctx);
      for (const titles of [[scan.titles[0]!, scan.titles[1]!], scan.titles]) {
        const out = join(ctx.workDir, `announce-${titles.length}`);
        const announced: { index: number; size: number; onDisk: number; later: Record<string, number> }[] = [];
        const result = await ripper.rip(
          {
            source: disc('/dev/sr2'),
            titles,
            outputDir: out,
            onTitleSaved: (file) => {
              // What the folder holds at that moment: the file whole, the later titles not yet.
              const later = Object.fromEntries(
                readdirSync(out)
                  .filter((n) => n !== basename(file.path))
                  .map((n) => [n, statSync(join(out, n)).size]),
              );
              announced.push({ index: file.titleIndex, size: file.sizeBytes, onDisk: statSync(file.path).size, later });
            },
          },
          ctx,
        );
        expect(result.failed).toEqual([]);
        expect(announced.map((a) => a.index)).toEqual(result.files.map((f) => f.titleIndex));
        for (const a of announced) expect(a.size).toBe(a.onDisk);
        expect(announced.map((a) => a.size)).toEqual(result.files.map((f) => f.sizeBytes));
        // Announced before the rip was over: the next title's file was missing or still growing then.
        for (const [k, a] of announced.slice(0, -1).entries()) {
          const next = result.files[k + 1]!;
          expect(a.later[basename(next.path)] ?? 0).toBeLessThan(next.sizeBytes);
        }
      }
    });
  });

  it('measures progress by the growing file when makemkvcon prints no PRGV', async () => {
    const quiet = await createMakemkvReplay(join(env.root, 'quiet'), {
      drives: DRIVES,
      secondsPerTitle: 1.5,
      progress: 'none',
    });
    await withCtx(
      async (ctx) => {
        const ripper = new MakemkvRipper();
        const scan = await ripper.scan(disc('/dev/sr2'), ctx);
        ctx.progress.clear();
        const result = await ripper.rip(
          { source: disc('/dev/sr2'), titles: [scan.titles[1]!], outputDir: ctx.workDir },
          ctx,
        );
        expect(result.files).toHaveLength(1);
        const partial = ctx.progress.fractions().filter((f) => f > 0.05 && f < 0.99);
        expect(partial.length).toBeGreaterThanOrEqual(1);
        expect(ctx.progress.fractions().at(-1)).toBe(1);
      },
      { replay: quiet },
    );
  });

  it('reports a title lost to read errors as failed, deletes its partial file, and rips the others', async () => {
    await withCtx(async (ctx) => {
      const ripper = new MakemkvRipper();
      const titles = (await ripper.scan(disc('/dev/sr3'), ctx)).titles;
      await ctx.store.delete('scan:dev:/dev/sr3'); // one run per title
      const result = await ripper.rip({ source: disc('/dev/sr3'), titles, outputDir: ctx.workDir }, ctx);
      expect(result.files.map((f) => f.titleIndex)).toEqual([0, 2]);
      expect(result.failed).toHaveLength(1);
      expect(result.failed[0]!.titleIndex).toBe(1);
      expect(result.failed[0]!.message).toMatch(
        /^disc read error: "Error 'Scsi error - MEDIUM ERROR:L-EC UNCORRECTABLE ERROR' occurred while reading/,
      );
      expect((await readdir(ctx.workDir)).sort()).toEqual(['SPINDLE_SAMPLER_t00.mkv', 'SPINDLE_SAMPLER_t02.mkv']);
    });
  });

  it('stops a hanging makemkvcon (3032 region mismatch) with the watchdog', async () => {
    await withCtx(
      async (ctx) => {
        const ripper = new MakemkvRipper();
        const scan = await ripper.scan(disc('/dev/sr5'), ctx);
        const started = Date.now();
        const error = await errorOf(
          ripper.rip({ source: disc('/dev/sr5'), titles: [scan.titles[0]!], outputDir: ctx.workDir }, ctx),
        );
        expect(Date.now() - started).toBeLessThan(15_000); // the hang would last forever
        expect(error).toMatchObject({ code: 'ripper_stalled', category: 'ripper' });
        expect(error.message).toMatch(
          /^makemkvcon made no progress for 1 s while ripping title 0 and was stopped; it reported a region mismatch/,
        );
        const pid = (await env.replay.invocations()).at(-1)!.pid;
        expect(alive(pid)).toBe(false);
        expect(await readdir(ctx.workDir)).toEqual([]);
      },
      { settings: { stall_timeout_seconds: 1 } },
    );
    const hangingScan = await createMakemkvReplay(join(env.root, 'hang-info'), { drives: DRIVES, hang: 'info' });
    await withCtx(
      async (ctx) => {
        const error = await errorOf(new MakemkvRipper().scan(disc('/dev/sr0'), ctx));
        expect(error.code).toBe('ripper_stalled');
        expect(error.message).toContain('while scanning dev:/dev/sr0');
      },
      { replay: hangingScan, settings: { stall_timeout_seconds: 1 } },
    );
  });

  it('kills makemkvcon within 2 s on abort and leaves no partial file', async () => {
    const slow = await createMakemkvReplay(join(env.root, 'slow'), { drives: DRIVES, secondsPerTitle: 20 });
    await withCtx(
      async (ctx) => {
        const ripper = new MakemkvRipper();
        const title = (await ripper.scan(disc('/dev/sr0'), ctx)).titles[1]!;
        const out = join(ctx.workDir, 'out');
        const ripping = ripper.rip({ source: disc('/dev/sr0'), titles: [title], outputDir: out }, ctx).then(
          () => null,
          (e: unknown) => e,
        );
        const file = join(out, title.outputFileName!);
        for (let i = 0; i < 200 && ((await stat(file).catch(() => null))?.size ?? 0) === 0; i++)
          await new Promise((r) => setTimeout(r, 50));
        expect((await stat(file)).size).toBeGreaterThan(0);
        const pid = (await slow.invocations()).at(-1)!.pid;
        const started = Date.now();
        ctx.abort();
        const error = await ripping;
        expect(Date.now() - started).toBeLessThan(8000); // the rip would take 20 s
        expect(SpindleError.is(error) && error.code).toBe('aborted');
        expect(alive(pid)).toBe(false);
        expect(await readdir(out)).toEqual([]);
      },
      { replay: slow },
    );
  });
});
