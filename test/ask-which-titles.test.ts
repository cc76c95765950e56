/**
 * "Ask which titles to rip" through the public API with the real pipeline, folder ripper and
 * organizer: an identified folder import stops in review ('rip_choice') with every title listed,
 * short ones included; the person unticks a long title and ticks a short one; the job survives a
 * restart while waiting, then rips and files exactly the ticked titles and leaves the unticked
 * title's file untouched. The per-import `ask_which_titles` and the `ask_which_titles_to_rip`
 * setting both hold a job; a held job can be cancelled; bad values are refused.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, eventually } from './support/http-client.ts';
import { makeLongMkv } from './support/make-media.ts';
import { startTestService, type TestService } from './support/service-harness.ts';
import { libraryFoldersUnder } from './support/library-folders.ts';

let svc: TestService;
let api: ReturnType<typeof apiClient>;
let staging: string;
let library: string;

interface WireTitle {
  id: number;
  title_index: number;
  state: string;
  selected: boolean;
  outcome: string;
  discarded_by: string | null;
  organized_path: string | null;
}

beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), 'spindle-ask-titles-'));
  const folders = await libraryFoldersUnder(root);
  staging = folders.staging_path;
  library = join(root, 'library');
  await mkdir(join(staging, 'TICKED_MOVIE'), { recursive: true });
  await makeLongMkv(join(staging, 'TICKED_MOVIE', 'title_t00.mkv'), 6010); // the feature
  await makeLongMkv(join(staging, 'TICKED_MOVIE', 'title_t01.mkv'), 2400); // a 40-minute extra the rules would rip
  await makeLongMkv(join(staging, 'TICKED_MOVIE', 'title_t02.mkv'), 60); // a one-minute clip the rules leave out (a deleted scene by its length)
  for (const name of ['SETTING_MOVIE', 'PLAIN_MOVIE']) {
    await mkdir(join(staging, name), { recursive: true });
    await makeLongMkv(join(staging, name, 'title_t00.mkv'), 6010);
  }
  // Cleanup `manual`: an unticked title counts as skipped by the person, and under another policy a
  // cleanup may delete its file after the job (the data-safety suite covers that); here it must stay.
  svc = await startTestService({ config: { ...folders, staging_cleanup_policy: 'manual' } });
  api = apiClient(svc.url);
}, 120_000);
afterAll(() => svc?.close());

const settle = (id: number) =>
  eventually(
    () => api.get(`/api/jobs/${id}`),
    (r) => ['review_needed', 'failed', 'completed'].includes(r.body.state),
    60_000,
  );
const titlesOf = async (id: number) => (await api.get(`/api/jobs/${id}/titles`)).body as WireTitle[];

describe('asking which titles to rip', () => {
  it('is off by default; bad values are refused with a clear error', async () => {
    expect((await api.get('/api/config')).body.ask_which_titles_to_rip).toBe(false);
    const badSetting = await api.put('/api/config', { ask_which_titles_to_rip: 'yes' });
    expect(badSetting.status).toBe(400);
    const badImport = await api.post('/api/staging/import', {
      staging_path: join(staging, 'PLAIN_MOVIE'),
      ask_which_titles: 'yes',
    });
    expect(badImport.status).toBe(400);
    expect(badImport.body.error.code).toBeTruthy();
    expect((await api.get<unknown[]>('/api/jobs')).body).toHaveLength(0); // nothing was created
  });

  it('holds an import that asks, lists every title, and rips and files exactly the ticked ones (through a restart)', async () => {
    const folder = join(staging, 'TICKED_MOVIE');
    const unticked = join(folder, 'title_t01.mkv');
    const before = await stat(unticked);
    const job = (
      await api.post('/api/staging/import', {
        staging_path: folder,
        content_type: 'movie',
        detected_title: 'Tick Movie',
        mode: 'move',
        ask_which_titles: true,
      })
    ).body;
    const held = await settle(job.id);
    expect(held.body).toMatchObject({
      state: 'review_needed',
      review_kind: 'rip_choice',
      detected_title: 'Tick Movie',
      content_type: 'movie',
    });
    expect(held.body.review_reason).toMatch(/^Choose the titles to rip: 2 of 3/);
    const titles = await titlesOf(job.id);
    expect(titles.map((t) => [t.title_index, t.state, t.selected])).toEqual([
      [0, 'pending', true],
      [1, 'pending', true],
      [2, 'pending', false],
    ]);
    expect(titles[2]!.discarded_by).toBe('rule');

    expect((await api.post(`/api/jobs/${job.id}/review`, { title_id: titles[1]!.id, skip: true })).status).toBe(200);
    expect((await api.post(`/api/jobs/${job.id}/review`, { title_id: titles[2]!.id, include: true })).status).toBe(200);
    const chosen = (await api.get(`/api/jobs/${job.id}`)).body;
    expect(chosen).toMatchObject({ state: 'review_needed', review_kind: 'rip_choice' }); // ticking does not start it
    expect(chosen.review_reason).toMatch(/^Choose the titles to rip: 2 of 3/);

    // A restart while waiting keeps the job (and the choices) in review.
    const dataDir = svc.dataDir;
    await svc.close({ keepData: true });
    svc = await startTestService({ dataDir });
    api = apiClient(svc.url);
    expect((await api.get(`/api/jobs/${job.id}`)).body).toMatchObject({
      state: 'review_needed',
      review_kind: 'rip_choice',
    });

    const go = await api.post(`/api/jobs/${job.id}/approve-all`);
    expect(go.status).toBe(200);
    expect(go.body.state).toBe('ripping');
    expect((await settle(job.id)).body.state).toBe('completed');
    const done = await titlesOf(job.id);
    expect(done.map((t) => [t.title_index, t.outcome])).toEqual([
      [0, 'filed'],
      [1, 'discarded'],
      [2, 'filed'],
    ]);
    expect(done[1]!.organized_path).toBeNull();
    const movieDir = join(library, 'Movies', 'Tick Movie');
    expect((await readdir(movieDir)).sort()).toEqual(['Deleted Scenes', 'Tick Movie.mkv']);
    expect(await readdir(join(movieDir, 'Deleted Scenes'))).toEqual(['title_t02.mkv']);
    // The unticked title's file stays where it was, as it was; the ticked ones were moved.
    const after = await stat(unticked);
    expect([after.size, after.mtimeMs, after.ino]).toEqual([before.size, before.mtimeMs, before.ino]);
    expect(existsSync(join(folder, 'title_t00.mkv'))).toBe(false);
    expect(existsSync(join(folder, 'title_t02.mkv'))).toBe(false);
  });

  it('holds every import while the setting is on; a held job can be cancelled and keeps its files', async () => {
    expect((await api.put('/api/config', { ask_which_titles_to_rip: true })).status).toBe(200);
    const job = (await api.post('/api/staging/import', { staging_path: join(staging, 'SETTING_MOVIE') })).body;
    expect((await settle(job.id)).body).toMatchObject({
      state: 'review_needed',
      review_kind: 'rip_choice',
      content_type: 'movie',
    });
    const cancelled = await api.post(`/api/jobs/${job.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.state).toBe('failed');
    expect(existsSync(join(staging, 'SETTING_MOVIE', 'title_t00.mkv'))).toBe(true);
  });

  it('goes straight on once the setting is off again', async () => {
    expect((await api.put('/api/config', { ask_which_titles_to_rip: false })).status).toBe(200);
    const job = (await api.post('/api/staging/import', { staging_path: join(staging, 'PLAIN_MOVIE') })).body;
    expect((await settle(job.id)).body.state).toBe('completed');
    const timeline = (await api.get(`/api/jobs/${job.id}/detail`)).body.timeline as { to: string }[];
    expect(timeline.map((e) => e.to)).not.toContain('review_needed');
  });
});
