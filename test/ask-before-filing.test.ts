/**
 * "Always ask before filing" through the public API with the real pipeline and organizer: a movie
 * folder that would be filed at once stops in review with its plan, nothing reaches the library
 * until the plan is approved, and then the file is filed. With the setting off it files directly.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, eventually } from './support/http-client.ts';
import { makeLongMkv } from './support/make-media.ts';
import { startTestService, type TestService } from './support/service-harness.ts';

let svc: TestService;
let api: ReturnType<typeof apiClient>;
let staging: string;
let library: string;

beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), 'spindle-ask-'));
  staging = join(root, 'staging');
  library = join(root, 'library');
  for (const dir of ['TV', 'Movies']) await mkdir(join(library, dir), { recursive: true });
  for (const name of ['ASKED_MOVIE', 'DIRECT_MOVIE']) {
    await mkdir(join(staging, name), { recursive: true });
    await makeLongMkv(join(staging, name, 'title_t00.mkv'), 6010); // one feature-length title: a clear movie
  }
  svc = await startTestService({
    config: {
      staging_path: staging,
      library_tv_path: join(library, 'TV'),
      library_movies_path: join(library, 'Movies'),
    },
  });
  api = apiClient(svc.url);
}, 120_000);
afterAll(() => svc?.close());

const settle = (id: number, states: string[]) =>
  eventually(
    () => api.get(`/api/jobs/${id}`),
    (r) => states.includes(r.body.state),
    60_000,
  );

async function filedMovies(): Promise<string[]> {
  const found: string[] = [];
  for (const dir of await readdir(join(library, 'Movies')))
    for (const f of await readdir(join(library, 'Movies', dir))) found.push(`${dir}/${f}`);
  return found;
}

describe('always ask before filing', () => {
  it('is off by default and refuses a value that is not true or false', async () => {
    expect((await api.get('/api/config')).body.always_ask_before_filing).toBe(false);
    const bad = await api.put('/api/config', { always_ask_before_filing: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBeTruthy();
  });

  it('holds a job with its plan until a person approves, then files it', async () => {
    expect((await api.put('/api/config', { always_ask_before_filing: true })).status).toBe(200);
    const job = (await api.post('/api/staging/import', { staging_path: join(staging, 'ASKED_MOVIE') })).body;
    const held = await settle(job.id, ['review_needed', 'failed', 'completed']);
    expect(held.body).toMatchObject({ state: 'review_needed', review_kind: 'filing', content_type: 'movie' });
    expect(held.body.review_reason).toBe(
      'Check the plan before filing: 1 title(s) would be filed into the library. Approve the plan to file them.',
    );
    expect((await api.get(`/api/jobs/${job.id}/titles`)).body.map((t: { state: string }) => t.state)).toEqual([
      'matched',
    ]);
    expect(await filedMovies()).toEqual([]);
    // Continuing is the approval: the plan is filed.
    const approved = await api.post(`/api/jobs/${job.id}/approve-all`);
    expect(approved.status).toBe(200);
    expect(approved.body.state).toBe('organizing');
    expect((await settle(job.id, ['completed', 'failed'])).body.state).toBe('completed');
    expect(await filedMovies()).toEqual([expect.stringMatching(/^ASKED MOVIE.*\.mkv$/i)]);
  });

  it('files directly once the setting is off again', async () => {
    expect((await api.put('/api/config', { always_ask_before_filing: false })).status).toBe(200);
    const job = (await api.post('/api/staging/import', { staging_path: join(staging, 'DIRECT_MOVIE') })).body;
    const done = await settle(job.id, ['review_needed', 'failed', 'completed']);
    expect(done.body.state).toBe('completed');
    const timeline = (await api.get(`/api/jobs/${job.id}/detail`)).body.timeline as { to: string }[];
    expect(timeline.map((e) => e.to)).not.toContain('review_needed');
    expect(existsSync(join(staging, 'DIRECT_MOVIE'))).toBe(true); // copied, not moved: the source stays
  });
});
