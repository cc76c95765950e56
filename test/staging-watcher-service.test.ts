/**
 * The staging watcher inside the real service: MKVs made by ffmpeg and copied into a staging subfolder
 * become one job whose titles carry the right durations, sizes and resolutions (and the content
 * hash of the folder's BDMV structure); a restart imports nothing twice; PUT /api/config switches
 * the watcher off and on; an API import and the watcher never make two jobs of one folder.
 */
import { copyFile, mkdir, mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHashOfSizes } from './support/content-hash.ts';
import { apiClient, eventually } from './support/http-client.ts';
import { makeLongMkv } from './support/make-media.ts';
import { startTestService, type TestService } from './support/service-harness.ts';
import { importFolder, tvSeason } from './support/folder-import.ts';

const POLL_SECONDS = 0.2;
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

let root: string;
let staging: string;
let dataDir: string;
let svc: TestService;
let api: ReturnType<typeof apiClient>;
let config: Record<string, unknown>;

interface JobWire {
  id: number;
  state: string;
  volume_label: string;
  source_kind: string;
  content_hash: string | null;
  error_message: string | null;
}

async function jobsFor(label: string): Promise<JobWire[]> {
  const jobs = (await api.get<JobWire[]>('/api/jobs')).body;
  return jobs.filter((j) => j.volume_label === label);
}

async function detectorStatus(): Promise<string | undefined> {
  const body = (await api.get<{ detectors: { id: string; status: string }[] }>('/api/status')).body;
  return body.detectors.find((d) => d.id === 'staging-watcher')?.status;
}

async function start(): Promise<void> {
  svc = await startTestService({ dataDir, config });
  api = apiClient(svc.url);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'spindle-watcher-service-'));
  staging = join(root, 'staging');
  dataDir = join(root, 'data');
  await mkdir(join(root, 'library', 'TV'), { recursive: true });
  await mkdir(join(root, 'library', 'Movies'), { recursive: true });
  await mkdir(staging);
  await mkdir(dataDir);
  config = {
    staging_path: staging,
    library_tv_path: join(root, 'library', 'TV'),
    library_movies_path: join(root, 'library', 'Movies'),
    staging_watch_enabled: true,
    staging_poll_interval_seconds: POLL_SECONDS,
    pipeline: { detectors: ['staging-watcher'] },
  };
  await start();
}, 60_000);

afterAll(async () => {
  await svc?.close({ keepData: true });
  await rm(root, { recursive: true, force: true });
});

describe('staging watcher in the service', () => {
  it('turns a folder of MKVs made by ffmpeg into one job with the right titles and content hash', async () => {
    const folder = join(staging, 'WATCHED_SHOW_D1');
    await mkdir(join(folder, 'BDMV', 'STREAM'), { recursive: true });
    const m2ts = [6_442_450_944 + 188, 31_457_280];
    for (const [i, size] of m2ts.entries()) {
      const handle = await open(join(folder, 'BDMV', 'STREAM', `0000${i + 1}.m2ts`), 'w');
      await handle.truncate(size);
      await handle.close();
    }
    // made by ffmpeg elsewhere, then copied in the way a user drops a ripped disc into staging
    const made = [
      { name: 'title_t00.mkv', seconds: 1325, height: 72 },
      { name: 'title_t01.mkv', seconds: 610, height: 144 },
      { name: 'title_t02.mkv', seconds: 2710, height: 240 },
    ];
    const scratch = join(root, 'scratch');
    await mkdir(scratch, { recursive: true });
    await Promise.all(made.map((m) => makeLongMkv(join(scratch, m.name), m.seconds, m.height)));
    for (const m of made) await copyFile(join(scratch, m.name), join(folder, m.name));
    const sizes = await Promise.all(made.map(async (m) => (await stat(join(folder, m.name))).size));

    const [job] = await eventually(
      () => jobsFor('WATCHED_SHOW_D1'),
      (jobs) => jobs.length > 0,
      15_000,
    );
    expect(job).toMatchObject({ source_kind: 'folder', volume_label: 'WATCHED_SHOW_D1' });
    const scanned = await eventually(
      () => api.get(`/api/jobs/${job!.id}/titles`),
      (r) => r.body.length === 3,
      20_000,
    );
    const titles = scanned.body as {
      title_index: number;
      duration_seconds: number;
      size_bytes: number;
      resolution: string;
    }[];
    expect(titles.map((t) => [t.title_index, Math.round(t.duration_seconds), t.resolution, t.size_bytes])).toEqual(
      made.map((m, i) => [i, m.seconds, `${m.height}p`, sizes[i]]),
    );
    const expectedHash = contentHashOfSizes(m2ts);
    expect((await api.get<JobWire>(`/api/jobs/${job!.id}`)).body.content_hash).toBe(expectedHash);
    await delay(POLL_SECONDS * 1000 * 6);
    expect(await jobsFor('WATCHED_SHOW_D1')).toHaveLength(1);
  }, 60_000);

  it('imports nothing twice after a restart, and keeps watching', async () => {
    await svc.close({ keepData: true });
    await start();
    await eventually(detectorStatus, (s) => s === `watching ${staging} (checks every 200 ms)`, 5000);
    await delay(POLL_SECONDS * 1000 * 8);
    expect(await jobsFor('WATCHED_SHOW_D1')).toHaveLength(1);
    await mkdir(join(staging, 'AFTER_RESTART'));
    await makeLongMkv(join(staging, 'AFTER_RESTART', 'title_t00.mkv'), 30);
    await eventually(
      () => jobsFor('AFTER_RESTART'),
      (jobs) => jobs.length === 1,
      10_000,
    );
  }, 60_000);

  it('is switched off and on by PUT /api/config without a restart', async () => {
    expect((await api.put('/api/config', { staging_watch_enabled: false })).status).toBe(200);
    await eventually(detectorStatus, (s) => s === 'disabled', 5000);
    await mkdir(join(staging, 'DROPPED_WHILE_OFF'));
    await makeLongMkv(join(staging, 'DROPPED_WHILE_OFF', 'title_t00.mkv'), 30);
    await delay(POLL_SECONDS * 1000 * 8);
    expect(await jobsFor('DROPPED_WHILE_OFF')).toEqual([]);

    expect((await api.put('/api/config', { staging_watch_enabled: true })).status).toBe(200);
    await eventually(
      () => jobsFor('DROPPED_WHILE_OFF'),
      (jobs) => jobs.length === 1,
      10_000,
    );
    expect(await detectorStatus()).toMatch(/^watching /);
  }, 30_000);

  it('never makes a second job of a folder imported through the API, even when that job failed at once', async () => {
    const folder = join(staging, 'IMPORTED_BY_HAND');
    await mkdir(folder);
    await writeFile(join(folder, 'broken.mkv'), 'not a matroska file');
    const created = await api.post('/api/staging/import', { staging_path: folder });
    expect(created.status).toBe(201);
    await eventually(
      () => api.get<JobWire>(`/api/jobs/${created.body.id}`),
      (r) => r.body.state === 'failed',
      15_000,
    );
    await delay(POLL_SECONDS * 1000 * 10); // the watcher has seen the folder settle by now
    expect((await jobsFor('IMPORTED_BY_HAND')).map((j) => j.id)).toEqual([created.body.id]);
    expect(svc.logs.some((l) => l.includes(`${folder} is already the source of job ${created.body.id}`))).toBe(true);
    // the user may try again by hand once that job is over
    expect((await api.post('/api/staging/import', { staging_path: folder })).status).toBe(201);
  }, 30_000);

  it('answers 409 when a folder is imported while a job still works on it', async () => {
    const folder = join(staging, 'BUSY_FOLDER');
    await mkdir(folder);
    await makeLongMkv(join(folder, 'title_t00.mkv'), 1300); // episode length: ripped, then no match → review
    const first = await importFolder(api, { staging_path: folder, ...tvSeason('Busy') });
    await eventually(
      () => api.get<JobWire>(`/api/jobs/${first}`),
      (r) => r.body.state === 'review_needed',
      15_000,
    );
    const again = await api.post('/api/staging/import', { staging_path: folder });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'folder_in_use' });
    expect(again.body.error.message).toContain(`Job ${first} (review_needed) already works on ${folder}`);
  }, 30_000);
});
