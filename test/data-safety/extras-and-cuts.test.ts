/**
 * Data safety for movies through the real service: a 3-minute extra under each extras_policy
 * (skip keeps its file in staging, keep files it, ask lets the person decide — and only the
 * person's "skip" lets the cleanup delete it), and a movie with two cuts, both filed with their
 * edition. After each case every file is accounted for.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/http-client.ts';
import { type TestService } from '../support/service-harness.ts';
import { startSafetyHome } from './support/safety-home.ts';
import { cleanupNoted, settle, timelineOf, titlesOf } from './support/job-driver.ts';
import { accountFor, makeFolder, recordFiles, whereabouts } from './support/file-ledger.ts';

let svc: TestService;
let api: ReturnType<typeof apiClient>;
let staging: string;
let library: string;
const jobIds: number[] = [];

async function importMovie(folder: string, title: string): Promise<number> {
  const res = await api.post('/api/staging/import', {
    staging_path: folder,
    content_type: 'movie',
    detected_title: title,
    mode: 'move',
  });
  expect(res.status).toBe(201);
  jobIds.push(res.body.id);
  return res.body.id as number;
}

/** Decides whatever waits for a person: the main feature stays the main feature, the extra as given. */
async function decideMovie(id: number, extra: 'keep' | 'skip'): Promise<void> {
  for (const t of (await titlesOf(api, id)).filter((t) => t.state === 'review')) {
    const body = t.source_file?.startsWith('Behind')
      ? extra === 'skip'
        ? { title_id: t.id, skip: true }
        : { title_id: t.id, episode_code: null }
      : { title_id: t.id, edition: null };
    expect((await api.post(`/api/jobs/${id}/review`, body)).status).toBe(200);
  }
}

beforeAll(async () => {
  const home = await startSafetyHome('movies', {
    staging_cleanup_policy: 'on_success',
    pipeline: { detectors: [], identifiers: ['heuristic'], matchers: ['movie-runtime'], contributors: [] },
  });
  ({ staging, library, svc, api } = home);
}, 120_000);

afterAll(() => svc?.close());

describe('data safety: extras and cuts', () => {
  it('extras_policy skip (the default): the extra is not filed and its file stays, with the reason on the title and the timeline', async () => {
    const folder = await makeFolder(join(staging, 'MOVIE_SKIP'), { 'Feature.mkv': 5700, 'Behind the Scenes.mkv': 180 });
    const before = await recordFiles(folder);
    const id = await importMovie(folder, 'Skip Movie');
    let job = await settle(api, id);
    if (job.state === 'review_needed') {
      await decideMovie(id, 'keep');
      job = await settle(api, id, ['completed', 'failed']);
    }
    expect(job).toMatchObject({ state: 'completed', files_filed: 1, titles_discarded: 1 });
    const extra = (await titlesOf(api, id)).find((t) => t.source_file === 'Behind the Scenes.mkv')!;
    expect(extra).toMatchObject({
      outcome: 'discarded',
      discarded_by: 'rule',
      discard_reason: 'Extras are skipped (extras policy "skip")',
    });
    await cleanupNoted(api, id);
    expect(whereabouts(await accountFor(before, { staging, library }, api, jobIds))).toEqual({
      'Feature.mkv': 'library',
      'Behind the Scenes.mkv': 'staging',
    });
    expect((await timelineOf(api, id)).join('\n')).toContain(
      'Behind the Scenes.mkv (Extras are skipped (extras policy "skip") — left out by a rule, not by you)',
    );
  });

  it('extras_policy keep: the extra is filed beside the movie', async () => {
    expect((await api.put('/api/config', { extras_policy: 'keep' })).status).toBe(200);
    const folder = await makeFolder(join(staging, 'MOVIE_KEEP'), { 'Feature.mkv': 5710, 'Behind the Scenes.mkv': 181 });
    const before = await recordFiles(folder);
    const id = await importMovie(folder, 'Keep Movie');
    let job = await settle(api, id);
    if (job.state === 'review_needed') {
      await decideMovie(id, 'keep');
      job = await settle(api, id, ['completed', 'failed']);
    }
    expect(job).toMatchObject({ state: 'completed', files_filed: 2, titles_discarded: 0 });
    const rows = await accountFor(before, { staging, library }, api, jobIds);
    expect(whereabouts(rows)).toEqual({ 'Feature.mkv': 'library', 'Behind the Scenes.mkv': 'library' });
    expect(rows.find((r) => r.path.endsWith('Behind the Scenes.mkv'))!.now).toContain(join('Keep Movie', ''));
  });

  it('extras_policy ask: the person decides; only their "skip" lets the cleanup delete the extra', async () => {
    expect((await api.put('/api/config', { extras_policy: 'ask' })).status).toBe(200);
    const folder = await makeFolder(join(staging, 'MOVIE_ASK'), { 'Feature.mkv': 5720, 'Behind the Scenes.mkv': 182 });
    const before = await recordFiles(folder);
    const id = await importMovie(folder, 'Ask Movie');
    let job = await settle(api, id);
    for (let round = 0; job.state === 'review_needed' && round < 3; round++) {
      await decideMovie(id, 'skip');
      job = await settle(api, id, ['completed', 'failed', 'review_needed']);
    }
    expect(job).toMatchObject({ state: 'completed', files_filed: 1, titles_discarded: 1 });
    const extra = (await titlesOf(api, id)).find((t) => t.source_file === 'Behind the Scenes.mkv')!;
    expect(extra).toMatchObject({
      outcome: 'discarded',
      discarded_by: 'person',
      discard_reason: 'skipped by a person',
    });
    await cleanupNoted(api, id);
    expect(whereabouts(await accountFor(before, { staging, library }, api, jobIds))).toEqual({
      'Feature.mkv': 'library',
      'Behind the Scenes.mkv': 'deleted by a person',
    });
    expect((await timelineOf(api, id)).join('\n')).toContain(
      'deleted 1 file(s) a person chose to discard: Behind the Scenes.mkv',
    );
    expect((await api.put('/api/config', { extras_policy: 'skip' })).status).toBe(200);
  });

  it('a movie with two cuts: the person names the editions and both are filed', async () => {
    const folder = await makeFolder(join(staging, 'TWO_CUTS'), { 'cut_a.mkv': 5760, 'cut_b.mkv': 6480 });
    const before = await recordFiles(folder);
    const id = await importMovie(folder, 'Cut Movie');
    let job = await settle(api, id);
    for (let round = 0; job.state === 'review_needed' && round < 3; round++) {
      for (const t of (await titlesOf(api, id)).filter((t) => t.state === 'review')) {
        const edition = t.source_file === 'cut_a.mkv' ? 'Theatrical' : 'Extended';
        expect((await api.post(`/api/jobs/${id}/review`, { title_id: t.id, edition })).status).toBe(200);
      }
      job = await settle(api, id, ['completed', 'failed', 'review_needed']);
    }
    expect(job).toMatchObject({ state: 'completed', files_filed: 2 });
    const rows = await accountFor(before, { staging, library }, api, jobIds);
    expect(whereabouts(rows)).toEqual({ 'cut_a.mkv': 'library', 'cut_b.mkv': 'library' });
    expect(rows.map((r) => r.now).sort()).toEqual([
      join(library, 'Movies', 'Cut Movie', 'Cut Movie {edition-Extended}.mkv'),
      join(library, 'Movies', 'Cut Movie', 'Cut Movie {edition-Theatrical}.mkv'),
    ]);
  });
});
