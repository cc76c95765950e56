/**
 * POST /api/jobs/{id}/identify through the real service: bad input → 400, unknown job → 404,
 * finished or organizing job → 409; a declared identity wins, and a job waiting in review for its
 * identification continues (identifying again with the declared identity, then ripping) instead
 * of stopping for classification review.
 */
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, eventually } from './support/http-client.ts';
import { makeLongMkv } from './support/make-media.ts';
import { startTestService, type TestService } from './support/service-harness.ts';

let svc: TestService;
let api: ReturnType<typeof apiClient>;
let staging: string;

beforeAll(async () => {
  staging = join(await mkdtemp(join(tmpdir(), 'spindle-identify-')), 'staging');
  await mkdir(join(staging, 'PILOT'), { recursive: true });
  await makeLongMkv(join(staging, 'PILOT', 'title_t00.mkv'), 2640); // one 44-minute title: the heuristic cannot tell
  svc = await startTestService({ config: { staging_path: staging, pipeline: { detectors: [] } } });
  api = apiClient(svc.url);
}, 60_000);
afterAll(() => svc?.close());

/** A job row driven by hand through the state machine (no pipeline run), for state rules. */
async function jobIn(states: ('identifying' | 'ripping' | 'matching' | 'organizing' | 'failed')[]): Promise<number> {
  const { jobService } = svc.service;
  const job = await jobService.create({
    sourceKind: 'folder',
    volumeLabel: 'BY_HAND',
    sourcePath: staging,
    stagingPath: staging,
  });
  for (const state of states)
    await jobService.transition(job.id, state, state === 'failed' ? { patch: { errorMessage: 'x' } } : {});
  return job.id;
}

describe('POST /api/jobs/{id}/identify', () => {
  it.each([
    [{}, "Missing field 'content_type'"],
    [{ content_type: 'tv' }, 'Say which show or movie it is: send catalog_id or detected_title (or both)'],
    [{ content_type: 'cartoon', detected_title: 'X' }, "field 'content_type' must be one of: tv, movie"],
    [
      { content_type: 'movie', detected_title: 'Dune', detected_season: 2 },
      'detected_season is for TV discs only; leave it out for a movie',
    ],
    [
      { content_type: 'tv', detected_title: '   ' },
      'Say which show or movie it is: send catalog_id or detected_title (or both)',
    ],
    [{ content_type: 'tv', catalog_id: 0 }, "field 'catalog_id' must be >= 1"],
    [{ content_type: 'tv', catalog_id: '12' }, "field 'catalog_id' must be integer,null"],
    [{ content_type: 'tv', detected_title: 'X', disc_number: 0 }, "field 'disc_number' must be >= 1"],
    [{ content_type: 'tv', detected_title: 'X', episode: 3 }, "Unknown field 'episode'"],
  ])('answers 400 for %j', async (body, message) => {
    const id = await jobIn([]);
    const res = await api.post(`/api/jobs/${id}/identify`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });

  it('answers 400 for malformed JSON and 404 for an unknown job', async () => {
    expect((await api.post('/api/jobs/1/identify', '{"content_type":')).status).toBe(400);
    const missing = await api.post('/api/jobs/999999/identify', { content_type: 'tv', detected_title: 'X' });
    expect(missing).toMatchObject({ status: 404, body: { error: { code: 'job_not_found' } } });
  });

  it('answers 409 for a finished or organizing job', async () => {
    const failed = await api.post(`/api/jobs/${await jobIn(['failed'])}/identify`, {
      content_type: 'movie',
      detected_title: 'Dune',
    });
    expect(failed).toMatchObject({ status: 409, body: { error: { code: 'job_finished' } } });
    const organizing = await api.post(
      `/api/jobs/${await jobIn(['identifying', 'ripping', 'matching', 'organizing'])}/identify`,
      { content_type: 'movie', detected_title: 'Dune' },
    );
    expect(organizing).toMatchObject({ status: 409, body: { error: { code: 'job_organizing' } } });
  });

  it('stores the identity of an idle job for when it starts', async () => {
    const id = await jobIn([]);
    const res = await api.post(`/api/jobs/${id}/identify`, {
      content_type: 'tv',
      detected_title: ' The Office ',
      detected_season: 4,
      disc_number: 2,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: 'idle',
      identity_declared: true,
      content_type: 'tv',
      detected_title: 'The Office',
      detected_season: 4,
      disc_number: 2,
      catalog_id: null,
    });
  });

  it('renames a job past identification, but needs the title to change the catalog entry there', async () => {
    const id = await jobIn(['identifying', 'ripping']);
    const byId = await api.post(`/api/jobs/${id}/identify`, { content_type: 'movie', catalog_id: 438631 });
    expect(byId).toMatchObject({ status: 409, body: { error: { code: 'title_required' } } });
    const named = await api.post(`/api/jobs/${id}/identify`, {
      content_type: 'movie',
      catalog_id: 438631,
      detected_title: 'Dune',
      detected_year: 2021,
    });
    expect(named.body).toMatchObject({
      state: 'ripping',
      identity_declared: true,
      content_type: 'movie',
      detected_title: 'Dune',
      catalog_id: 438631,
      detected_year: 2021,
      detected_season: null,
    });
  });

  it('continues a job waiting in review for its identification, and it does not stop for classification again', async () => {
    const created = await api.post('/api/staging/import', { staging_path: join(staging, 'PILOT') });
    const id = created.body.id as number;
    const waiting = await eventually(
      () => api.get(`/api/jobs/${id}`),
      (r) => ['review_needed', 'failed'].includes(r.body.state),
      30_000,
    );
    expect(waiting.body).toMatchObject({
      state: 'review_needed',
      classification_source: 'heuristic',
      identity_declared: false,
    });
    expect(waiting.body.review_reason).toBe(
      'Identification confidence is low (45%, heuristic); confirm what this disc is',
    ); // a lone title: a film, unsure

    const declared = await api.post(`/api/jobs/${id}/identify`, {
      content_type: 'tv',
      detected_title: 'Pilot Show',
      detected_season: 1,
    });
    expect(declared.status).toBe(200);
    expect(declared.body).toMatchObject({ identity_declared: true, review_reason: null });

    // No disc mappings here, so matching asks about the title: the job went past identification.
    const next = await eventually(
      () => api.get(`/api/jobs/${id}/detail`),
      (r) => r.body.state === 'review_needed' && r.body.review_reason !== waiting.body.review_reason,
      30_000,
    );
    expect(next.body).toMatchObject({
      content_type: 'tv',
      detected_title: 'Pilot Show',
      detected_season: 1,
      identity_declared: true,
    });
    const timeline = next.body.timeline as { to: string; message: string | null }[];
    expect(timeline.map((e) => e.to)).toEqual([
      'identifying',
      'review_needed',
      'identifying',
      'ripping',
      'matching',
      'review_needed',
    ]);
    expect(timeline[2]!.message).toBe('identity declared: tv "Pilot Show", season 1');
  });
});
