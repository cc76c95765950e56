/**
 * GET /api/review (the whole queue, paginated, newest first, also past the dashboard's 10 newest
 * jobs) and each job's `actions`, decided by the server and agreeing with what its routes accept.
 */
import { describe, expect, it } from 'vitest';
import type { TitleReview } from '../../src/jobs/title-review.ts';
import type { ReviewKind } from '../../src/persistence/records.ts';
import { rawRequest } from '../../../test/security/support/attack-kit.ts';
import { api, svc, useJobsApi } from './support/jobs-api.ts';

useJobsApi();

/** A job waiting in review about `kind`, with one title waiting (or one left out, for nothing_filed). */
async function parkInReview(label: string, kind: ReviewKind = 'titles') {
  const { jobService, db } = svc.service;
  const job = await jobService.create({
    sourceKind: 'folder',
    volumeLabel: label,
    contentType: 'tv',
    detectedSeason: 1,
  });
  const review: TitleReview = {
    kind: 'no_match',
    message: `nothing fits ${label}`,
    candidates: [],
    path: null,
    otherTitles: [],
    episode: null,
  };
  const titles = await db.titles.replaceForJob(
    job.id,
    kind === 'nothing_filed'
      ? [
          {
            titleIndex: 0,
            durationSeconds: 40,
            sizeBytes: 10,
            state: 'completed',
            filePath: '/x/a.mkv',
            discardReason: 'shorter than 120 s',
            discardedBy: 'rule',
          },
        ]
      : [{ titleIndex: 0, durationSeconds: 1300, sizeBytes: 10, state: 'review', filePath: '/x/a.mkv', review }],
  );
  await jobService.transition(job.id, 'review_needed', {
    patch: { reviewKind: kind, reviewReason: `waiting: ${label}`, resumeState: 'organizing' },
  });
  return { job, titles };
}

type Page = {
  items: {
    id: number;
    volume_label: string;
    reviews: { scope: string; kind: string; message: string }[];
    titles: { review: unknown }[];
  }[];
  total: number;
  page: number;
  per_page: number;
  pages: number;
};

describe('GET /api/review', () => {
  it('serves every job in review, newest first, a page at a time — also those older than the 10 newest jobs', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await parkInReview(`WAIT_${i}`)).job.id);
    for (let i = 0; i < 3; i++)
      expect(
        (await api.post('/api/simulate/insert-disc', { volume_label: `IDLE_${i}`, simulate_ripping: false })).status,
      ).toBe(201);
    // The dashboard list stops at the 10 newest jobs: most review jobs are not in it.
    const dashboard = (await api.get('/api/jobs')).body as { id: number }[];
    expect(dashboard.filter((j) => ids.includes(j.id))).toHaveLength(7);

    const first = (await api.get('/api/review?per_page=5')).body as Page;
    expect(first).toMatchObject({ total: 12, page: 1, per_page: 5, pages: 3 });
    expect(first.items.map((j) => j.id)).toEqual(ids.slice(7).reverse());
    const last = (await api.get('/api/review?per_page=5&page=3')).body as Page;
    expect(last.items.map((j) => j.id)).toEqual([ids[1], ids[0]]);
    const all = (await api.get('/api/review')).body as Page;
    expect(all).toMatchObject({ total: 12, per_page: 20, pages: 1 });
    expect(all.items.map((j) => j.id)).toEqual([...ids].reverse());
    // Each entry is a full detail: its titles with their typed review, and the job's review list.
    const oldest = all.items.at(-1)!;
    expect(oldest.volume_label).toBe('WAIT_0');
    expect(oldest.reviews).toEqual([
      { scope: 'job', kind: 'titles', message: 'waiting: WAIT_0', title_id: null, title_index: null, review: null },
      expect.objectContaining({ scope: 'title', kind: 'no_match', message: 'nothing fits WAIT_0', title_index: 0 }),
    ]);
    expect(oldest.titles[0]!.review).toEqual({
      kind: 'no_match',
      message: 'nothing fits WAIT_0',
      candidates: [],
      path: null,
      other_titles: [],
      episode: null,
    });
    expect(((await api.get('/api/review?page=9')).body as Page).items).toEqual([]);
  });

  it('leaves a job out once it leaves review, and answers bad queries with the error shape', async () => {
    const { job, titles } = await parkInReview('DECIDE_ME');
    expect(((await api.get('/api/review')).body as Page).total).toBe(1);
    expect((await api.post(`/api/jobs/${job.id}/review`, { title_id: titles[0]!.id, skip: true })).status).toBe(200);
    expect(((await api.get('/api/review')).body as Page).total).toBe(0);
    // The decided title carries no review any more.
    expect((await api.get(`/api/jobs/${job.id}/titles`)).body[0].review).toBeNull();
    for (const query of ['per_page=0', 'per_page=101', 'page=0', 'page=abc', 'sort=old']) {
      const res = await api.get(`/api/review?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });
});

describe('job actions', () => {
  const actionsOf = async (id: number) =>
    (await api.get(`/api/jobs/${id}/detail`)).body.actions as Record<string, boolean>;

  it('offers per state what the routes accept', async () => {
    const idle = (await api.post('/api/simulate/insert-disc', { volume_label: 'IDLE', simulate_ripping: false })).body;
    expect(idle.actions).toMatchObject({
      start: true,
      cancel: true,
      clear: true,
      retry: false,
      approve_all: false,
      review: false,
    });
    const { job: waiting } = await parkInReview('WAITING');
    const inReview = await actionsOf(waiting.id);
    expect(inReview).toMatchObject({
      start: true,
      cancel: true,
      clear: true,
      approve_all: true,
      review: true,
      rematch: true,
      reidentify: true,
      retry: false,
      give_up: false,
    });
    // The list and the detail say the same.
    const listed = ((await api.get('/api/jobs')).body as { id: number; actions: unknown }[]).find(
      (j) => j.id === waiting.id,
    )!;
    expect(listed.actions).toEqual(inReview);
    // Clear on a job in review: offered, and the server takes it (the job stays in the review queue).
    expect((await api.del(`/api/jobs/${waiting.id}`)).status).toBe(200);
    expect(await actionsOf(waiting.id)).toMatchObject({ clear: false });
    expect(((await api.get('/api/review')).body as Page).items.map((j) => j.id)).toEqual([waiting.id]);
    // Cancelled: failed, retry from where it was; no cancel, no start.
    expect((await api.post(`/api/jobs/${idle.id}/cancel`)).status).toBe(200);
    const failed = await actionsOf(idle.id);
    expect(failed).toMatchObject({ start: false, cancel: false, clear: true });
    expect((await api.post(`/api/jobs/${idle.id}/start`)).status).toBe(409);
    expect((await api.post(`/api/jobs/${idle.id}/cancel`)).status).toBe(409);
  });

  it('a job that would file nothing offers give-up, and continue only once a title is included', async () => {
    const { job, titles } = await parkInReview('NOTHING', 'nothing_filed');
    expect(await actionsOf(job.id)).toMatchObject({
      start: false,
      give_up: true,
      cancel: false,
      approve_all: false,
      rematch: false,
    });
    expect((await api.post(`/api/jobs/${job.id}/review`, { title_id: titles[0]!.id, include: true })).status).toBe(200);
    expect(await actionsOf(job.id)).toMatchObject({ start: true, give_up: true });
  });

  it('a running job cannot be cleared, and the server refuses it too', async () => {
    const { jobService } = svc.service;
    const job = await jobService.create({ sourceKind: 'folder', volumeLabel: 'BUSY', contentType: 'tv' });
    await jobService.transition(job.id, 'identifying');
    expect(await actionsOf(job.id)).toMatchObject({ clear: false, cancel: true, start: false });
    expect((await api.del(`/api/jobs/${job.id}`)).status).toBe(409);
  });
});

describe('GET /api/review behind the shared request checks', () => {
  it('refuses a foreign Host and a cross-origin preflight, and never lets a foreign page read it', async () => {
    const port = new URL(svc.url).port;
    const rebound = await rawRequest(`${svc.url}/api/review`, { headers: { Host: `evil.example:${port}` } });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toMatchObject({ error: { code: 'host_not_allowed' } });
    const preflight = await rawRequest(`${svc.url}/api/review`, {
      method: 'OPTIONS',
      headers: { Host: `127.0.0.1:${port}`, Origin: 'http://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(403);
    const read = await rawRequest(`${svc.url}/api/review`, {
      headers: { Host: `127.0.0.1:${port}`, Origin: 'http://evil.example' },
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });
});
