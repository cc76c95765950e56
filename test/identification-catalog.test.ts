/**
 * The default identifier chain (disc lookup → catalog → heuristic) through the real service and
 * API, with the real TMDB provider talking to a local TMDB stand-in: no key (the heuristic
 * identifies), a refused token (the job waits with "catalog degraded" as its review reason, and
 * /api/status says so), a v3 key, a good token (catalog id, title and year), and TMDB failures
 * (429 + Retry-After, 5xx, malformed JSON, empty results) that the chain survives. The discs are
 * three episodes and their Play All, which is never ripped.
 */
import { link, mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SAMPLE_TOKEN,
  startTmdbServer,
  TMDB_OFFLINE,
  type TmdbServer,
} from '../plugins/provider-tmdb/test/support/tmdb-server.ts';
import { apiClient, eventually } from './support/http-client.ts';
import { makeLongMkv } from './support/make-media.ts';
import { startTestService, type TestService } from './support/service-harness.ts';

let svc: TestService;
let api: ReturnType<typeof apiClient>;
let tmdb: TmdbServer;
let staging: string;
let episodes: string;

beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), 'spindle-catalog-'));
  staging = join(root, 'staging');
  episodes = join(root, 'episodes');
  await mkdir(staging);
  await mkdir(episodes);
  // three episodes and their Play All (the sum of the three)
  await Promise.all([1320, 1290, 1335, 3950].map((s, i) => makeLongMkv(join(episodes, `title_t0${i}.mkv`), s)));
  tmdb = await startTmdbServer({
    shows: [
      {
        id: 1400,
        name: 'Show Name',
        first_air_date: '2005-03-24',
        popularity: 80,
        seasons: { 1: [22, 22, 22, 21, 22] },
      },
      { id: 1500, name: 'Third Show', first_air_date: '2015-01-01', popularity: 20, seasons: { 1: [22, 22, 22] } },
    ],
    movies: [{ id: 99, title: 'Show Name: The Movie', release_date: '2012-01-01', popularity: 5, runtime: 101 }],
  });
  svc = await startTestService({
    config: {
      staging_path: staging,
      pipeline: { detectors: [] },
      plugin_settings: { 'provider-tmdb': { base_url: tmdb.url, max_retry_wait_seconds: 2 } },
    },
  });
  api = apiClient(svc.url);
}, 60_000);
afterAll(async () => {
  await svc?.close();
  await tmdb?.close();
});

/** A staging folder named `label` holding the three 22-minute episodes (hard links: no copying). */
async function importDisc(label: string): Promise<number> {
  const folder = join(staging, label);
  await mkdir(folder);
  for (const name of await readdir(episodes)) await link(join(episodes, name), join(folder, name));
  const res = await api.post('/api/staging/import', { staging_path: folder });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

/** The job once identification is over, with its first state after identifying. */
async function identified(id: number) {
  const detail = await eventually(
    () => api.get(`/api/jobs/${id}/detail`),
    (r) => (r.body.timeline as { from: string }[]).some((e) => e.from === 'identifying') || r.body.state === 'failed',
    30_000,
  );
  const after = (detail.body.timeline as { from: string; to: string }[]).find((e) => e.from === 'identifying')?.to;
  return { job: detail.body, after };
}

const setKey = (key: string | null) => api.put('/api/config', { catalog_api_key: key });
const catalogAnswer = (job: { identification: { source: string }[] }) =>
  job.identification.find((a) => a.source === 'catalog') as Record<string, unknown> | undefined;

describe('catalog identification through the service', () => {
  it('identifies with the heuristic when no catalog key is set, asking TMDB nothing', async () => {
    const status = await api.get('/api/status');
    expect(status.body.catalog).toEqual({
      healthy: false,
      configured: false,
      message: 'catalog not configured: enter your TMDB Read Access Token under Settings → Identification',
    });
    const { job, after } = await identified(await importDisc('SHOW_NAME_S1_D1'));
    expect(after).toBe('ripping');
    expect(job).toMatchObject({
      content_type: 'tv',
      classification_source: 'heuristic',
      detected_title: 'Show Name',
      detected_season: 1,
      catalog_id: null,
    });
    expect(tmdb.requests).toEqual([]);
    // The Play All is recognised and not ripped (nor matched as an episode).
    expect(
      (job.titles as { title_index: number; role: string; selected: boolean }[]).map((t) => [
        t.title_index,
        t.role,
        t.selected,
      ]),
    ).toEqual([
      [0, 'episode_candidate', true],
      [1, 'episode_candidate', true],
      [2, 'episode_candidate', true],
      [3, 'play_all', false],
    ]);
  });

  it('holds the job with "catalog degraded" when TMDB refuses the token, and shows it in /api/status', async () => {
    const wrong = `${SAMPLE_TOKEN}-revoked`;
    await setKey(wrong);
    const id = await importDisc('SHOW_NAME_S1_D2');
    const { job, after } = await identified(id);
    expect(after).toBe('review_needed');
    expect(job.state).toBe('review_needed');
    expect(job.review_reason).toBe(
      'catalog degraded: TMDB refused the Read Access Token (HTTP 401: Invalid API key: You must be granted a valid key.); check the token under Settings → Identification',
    );
    expect(job.content_type).toBe('tv'); // the heuristic's answer is kept
    const status = await api.get('/api/status');
    expect(status.body.catalog).toMatchObject({ healthy: false, configured: true, message: job.review_reason });
    expect(tmdb.requests.at(-1)!.authorization).toBe(`Bearer ${wrong}`);
    expect((await api.get('/api/config')).body.catalog_api_key).toBe('***');
    expect(svc.logs.join('\n')).not.toContain(wrong);

    // "Name it, then walk away": declaring the identity continues the job past identification.
    const declared = await api.post(`/api/jobs/${id}/identify`, {
      content_type: 'tv',
      detected_title: 'Show Name',
      detected_season: 1,
    });
    expect(declared.status).toBe(200);
    await eventually(
      () => api.get(`/api/jobs/${id}`),
      (r) =>
        ['ripping', 'matching'].includes(r.body.state) ||
        (r.body.state === 'review_needed' && r.body.review_reason !== job.review_reason),
      30_000,
    );
  });

  it('says a short v3 key is the wrong kind of credential, without sending it', async () => {
    const before = tmdb.requests.length;
    await setKey('0123456789abcdef0123456789abcdef');
    const status = await api.get('/api/status');
    expect(status.body.catalog.message).toMatch(
      /^catalog degraded: the TMDB key entered looks like a short v3 API key/,
    );
    const { job } = await identified(await importDisc('SHOW_NAME_S1_D3'));
    expect(job.review_reason).toBe(status.body.catalog.message);
    expect(tmdb.requests.length).toBe(before);
  });

  it('finds the show with a good token: catalog id, title, year and season', async () => {
    await setKey(SAMPLE_TOKEN);
    expect((await api.get('/api/status')).body.catalog).toEqual({ healthy: true, configured: true, message: null });
    const { job, after } = await identified(await importDisc('SHOW_NAME_S1_D4'));
    expect(after).toBe('ripping');
    expect(job).toMatchObject({
      content_type: 'tv',
      classification_source: 'catalog',
      catalog_id: 1400,
      catalog_title: 'Show Name',
      detected_title: 'Show Name',
      detected_year: 2005,
      detected_season: 1,
      disc_number: 4,
    });
    expect(job.classification_confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('waits out a 429 with Retry-After and still identifies with the catalog', async () => {
    tmdb.fail({
      status: 429,
      headers: { 'Retry-After': '1' },
      body: { status_code: 25, status_message: 'Your request count (41) is over the allowed limit of 40.' },
    });
    const started = Date.now();
    const { job } = await identified(await importDisc('THIRD_SHOW_S1_D1')); // a name not asked (and cached) before
    expect(job).toMatchObject({ classification_source: 'catalog', catalog_id: 1500, detected_title: 'Third Show' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it.each([
    ['HTTP 503', TMDB_OFFLINE.fault, TMDB_OFFLINE.message],
    [
      'malformed JSON',
      { status: 200, body: '{"page":1,"results":[{' },
      'catalog lookup failed: TMDB answered /search/tv with malformed JSON',
    ],
  ])('goes on with the heuristic when TMDB answers %s', async (_name, fault, reason) => {
    tmdb.fail(fault);
    const { job, after } = await identified(await importDisc(`OTHER_SHOW_S2_D${_name.length}`));
    expect(after).toBe('ripping');
    expect(job).toMatchObject({
      classification_source: 'heuristic',
      content_type: 'tv',
      detected_title: 'Other Show',
      catalog_id: null,
    });
    expect(catalogAnswer(job)).toMatchObject({ confidence: 0, reviewReason: reason });
  });

  it('goes on with the heuristic when the catalog has nothing that matches', async () => {
    const { job, after } = await identified(await importDisc('NOBODY_KNOWS_S1_D1'));
    expect(after).toBe('ripping');
    expect(job.classification_source).toBe('heuristic');
    expect(catalogAnswer(job)).toMatchObject({ reviewReason: 'the catalog has nothing that matches "Nobody Knows"' });
  });
});
