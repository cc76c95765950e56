/**
 * Disc jobs through the real service with the MakeMKV ripper (the default disc ripper) and the
 * makemkvcon replay tool: a job for a drive goes through the replayed scan and rip into real MKV
 * files with progress, speed and ETA on /ws; cancel kills makemkvcon within 2 s and claims no
 * partial file; the watchdog fails a job whose makemkvcon hangs on a region mismatch; tool
 * validation reads version and license from the same stand-in.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processAlive } from '../core/src/app/run-file.ts';
import { startDiscJob } from './support/disc-jobs.ts';
import { apiClient, eventually } from './support/http-client.ts';
import { libraryFoldersUnder } from './support/library-folders.ts';
import { LOCAL_PIPELINE } from './support/folder-import.ts';
import { createMakemkvReplay, mkvRuns, type MakemkvReplay } from './support/makemkv-replay.ts';
import { type TestService } from './support/service-harness.ts';
import { type RecordingSocket } from './support/ws-client.ts';
import { closeServiceWithSocket, startServiceWithSocket } from './support/service-socket.ts';
import { mediaDuration } from './support/make-media.ts';

const DRIVES = { '/dev/sr0': 'tv-bluray', '/dev/sr1': 'movie-dvd', '/dev/sr2': 'region-hang' };

let root: string;
let staging: string;
let svc: TestService;
let api: ReturnType<typeof apiClient>;
let ws: RecordingSocket;
let replay: MakemkvReplay;
let slow: MakemkvReplay;

const alive = processAlive;

/** A job for a disc in `driveId`, as a drive detector creates it (a movie's identity declared, so it never waits for review). */
async function discJob(driveId: string, volumeLabel: string, movie?: string): Promise<number> {
  const declared = movie ? { contentType: 'movie' as const, detectedTitle: movie, identityDeclared: true } : {};
  return startDiscJob(svc, { driveId, volumeLabel, ...declared });
}

const jobState = (id: number) => api.get(`/api/jobs/${id}`);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'spindle-disc-job-'));
  const folders = await libraryFoldersUnder(root);
  staging = folders.staging_path;
  replay = await createMakemkvReplay(join(root, 'replay'), { drives: DRIVES, secondsPerTitle: 0.8 });
  slow = await createMakemkvReplay(join(root, 'slow'), { drives: DRIVES, secondsPerTitle: 60 });
  ({ svc, api, ws } = await startServiceWithSocket({
    config: {
      ...folders,
      ripper_path: replay.path,
      // jobs come from the test, as a drive detector would make them; only local stages
      pipeline: { ...LOCAL_PIPELINE, matchers: ['disc-lookup'] },
      plugin_settings: { 'ripper-makemkv': { stall_timeout_seconds: 2 } },
    },
  }));
}, 60_000);

afterAll(() => closeServiceWithSocket({ ws, svc }, root));

describe('a disc job with the MakeMKV ripper', () => {
  it('is ripped by default with makemkv', async () => {
    expect(svc.service.config.get().pipeline.rippers.disc).toBe('makemkv');
    expect(svc.service.registry.plugins.find((p) => p.id === 'ripper-makemkv')?.status).toBe('loaded');
  });

  it('goes through the replayed scan and rip into real MKV files, reporting progress, speed and ETA', async () => {
    const id = await discJob('/dev/sr0', 'SPINDLE_SHOW_S1D1');
    const done = await eventually(
      () => jobState(id),
      (r) => !['idle', 'identifying', 'ripping'].includes(r.body.state),
      25_000,
    );
    expect(done.body.error_message).toBeNull();
    expect(['matching', 'review_needed', 'organizing', 'completed']).toContain(done.body.state);

    const titles = await svc.service.db.titles.listByJob(id);
    expect(titles.map((t) => [t.titleIndex, t.durationSeconds, t.selected, t.outputFilename])).toEqual([
      [0, 3963, false, 'SPINDLE_SHOW_S1D1_t00.mkv'], // Play All: never ripped
      [1, 1321, true, 'SPINDLE_SHOW_S1D1_t01.mkv'],
      [2, 1282, true, 'SPINDLE_SHOW_S1D1_t02.mkv'],
      [3, 1360, true, 'SPINDLE_SHOW_S1D1_t05.mkv'],
      [4, 12, false, 'SPINDLE_SHOW_S1D1_t04.mkv'], // a logo: never ripped
    ]);
    const folder = join(staging, `job_${id}`);
    for (const t of titles.filter((x) => x.selected)) {
      expect(t.filePath).toBe(join(folder, t.outputFilename!));
      expect(t.sizeBytes).toBe((await stat(t.filePath!)).size);
      expect(await mediaDuration(t.filePath!)).toBeCloseTo(t.durationSeconds, 0);
    }
    expect(titles.filter((t) => !t.selected).every((t) => t.filePath === null)).toBe(true);
    expect((await readdir(folder)).sort()).toEqual([
      'SPINDLE_SHOW_S1D1_t01.mkv',
      'SPINDLE_SHOW_S1D1_t02.mkv',
      'SPINDLE_SHOW_S1D1_t05.mkv',
    ]);
    expect(mkvRuns(await replay.invocations()).map((r) => [r.source, r.title, r.dir])).toEqual([
      ['dev:/dev/sr0', '1', folder],
      ['dev:/dev/sr0', '2', folder],
      ['dev:/dev/sr0', '3', folder],
    ]);

    const progress = ws.messages.filter((m) => m.type === 'job_update' && m.job_id === id && m.state === 'ripping');
    const moving = progress.filter((m) => (m.progress_percent as number) > 0 && (m.progress_percent as number) < 100);
    expect(moving.length).toBeGreaterThanOrEqual(3);
    expect(moving.some((m) => /^\d+(\.\d)?x$/.test(String(m.current_speed)))).toBe(true);
    expect(moving.some((m) => typeof m.eta_seconds === 'number')).toBe(true);
    expect(new Set(moving.map((m) => m.current_title))).toEqual(new Set([1, 2, 3]));
    expect(moving.every((m) => m.total_titles === 3)).toBe(true);
    const percents = moving.map((m) => m.progress_percent as number);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });

  it('cancels mid-rip: makemkvcon is gone promptly and no partial file is claimed', async () => {
    // ripper_path is server-level: set on the machine (like `spindle config set --local`), not through the API.
    await svc.service.config.update({ ripper_path: slow.path }, { origin: 'local' });
    const id = await discJob('/dev/sr1', 'SPINDLE_MOVIE', 'Spindle Movie');
    const folder = join(staging, `job_${id}`);
    await eventually(
      async () =>
        existsSync(folder)
          ? await Promise.all((await readdir(folder)).map(async (n) => (await stat(join(folder, n))).size))
          : [],
      (sizes) => sizes.some((s) => s > 0),
      60_000, // identify, scan and the first bytes of the rip: a bound for a stuck job, returned from at once
    );
    const ripping = mkvRuns(await slow.invocations());
    expect(ripping.map((r) => r.title)).toEqual(['0']);
    const pid = (await slow.invocations()).filter((i) => i.argv.includes('mkv')).at(-1)!.pid;
    expect(alive(pid)).toBe(true);
    const started = Date.now();
    const cancelled = await api.post(`/api/jobs/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    // Promptly: the rip would take a minute more; the margin holds on a machine twice as slow and busy.
    await eventually(
      async () => alive(pid),
      (a) => !a,
      15_000,
    );
    expect(Date.now() - started).toBeLessThan(15_000);
    const job = await jobState(id);
    expect(job.body).toMatchObject({ state: 'failed', error_message: 'Cancelled by user' });
    const titles = await svc.service.db.titles.listByJob(id);
    expect(titles.every((t) => t.filePath === null)).toBe(true);
    expect(titles.filter((t) => t.selected).map((t) => t.state)).toEqual(
      titles.filter((t) => t.selected).map(() => 'failed'),
    );
    expect((await readdir(folder)).filter((n) => n.endsWith('.mkv'))).toEqual([]);
    await svc.service.config.update({ ripper_path: replay.path }, { origin: 'local' });
  }, 120_000);

  it('fails a job whose makemkvcon hangs after a region mismatch, through the watchdog', async () => {
    const id = await discJob('/dev/sr2', 'SPINDLE_MOVIE', 'Spindle Movie');
    await eventually(
      () => jobState(id),
      (r) => r.body.state === 'ripping',
      15_000,
    );
    const started = Date.now();
    const failed = await eventually(
      () => jobState(id),
      (r) => r.body.state !== 'ripping',
      30_000,
    );
    expect(Date.now() - started).toBeLessThan(20_000); // the hang would last forever: any bound shows the watchdog acted
    expect(failed.body.state).toBe('failed');
    expect(failed.body.error_message).toMatch(
      /^makemkvcon made no progress for 2 s while ripping title 0 and was stopped; it reported a region mismatch before hanging \("Region setting of drive/,
    );
    const pid = (await replay.invocations()).at(-1)!.pid;
    expect(alive(pid)).toBe(false);
    const update = await ws.waitFor((m) => m.type === 'job_update' && m.job_id === id && m.state === 'failed');
    expect(update.error_message).toBe(failed.body.error_message);
  });

  it('validates the ripper: version and license from makemkvcon', async () => {
    const ok = await api.post('/api/validate/ripper', { path: replay.path });
    expect(ok.body).toMatchObject({ valid: true, path: replay.path, version: '1.18.1', license: 'evaluation' });
    const expired = await createMakemkvReplay(join(root, 'expired'), { drives: DRIVES, license: 'expired' });
    const bad = await api.post('/api/validate/ripper', { path: expired.path });
    expect(bad.body).toMatchObject({ valid: false, version: '1.18.1', license: 'expired' });
    expect(bad.body.message).toContain('Evaluation period has expired');
    expect(basename(bad.body.path)).toBe('makemkvcon');
  });
});
