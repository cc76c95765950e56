import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/support/http-client.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from '../../../test/support/service-harness.ts';

let svc: TestService;
let api: ReturnType<typeof apiClient>;
const ERRORS = [
  'Disc read error',
  'Disc read error',
  'Disc read error',
  'License expired',
  'License expired',
  'Subtitle quota spent',
  'Permission denied',
  'Catalog unreachable',
  'Ripper crashed',
];

beforeAll(async () => {
  svc = await startTestService({ config: { pipeline: EMPTY_PIPELINE } });
  api = apiClient(svc.url);
  const { jobService } = svc.service;
  // 25 finished jobs: 16 completed (10 tv, 6 movie), 9 failed with the errors above; plus 1 active.
  for (let i = 0; i < 25; i++) {
    const contentType = i % 5 === 0 || i % 5 === 1 ? 'movie' : 'tv';
    const job = await jobService.create({
      sourceKind: 'folder',
      volumeLabel: `DISC_${String(i).padStart(2, '0')}`,
      contentType,
      detectedTitle: i === 7 ? 'The Wire' : null,
    });
    await jobService.transition(job.id, 'identifying');
    if (i < 9) await jobService.transition(job.id, 'failed', { patch: { errorMessage: ERRORS[i]! } });
    else
      for (const s of ['ripping', 'matching', 'organizing', 'completed'] as const)
        await jobService.transition(job.id, s);
  }
  await jobService.create({ sourceKind: 'folder', volumeLabel: 'STILL_ACTIVE' });
});
afterAll(() => svc.close());

describe('GET /api/jobs/history', () => {
  it('pages newest first with defaults page=1, per_page=20', async () => {
    const first = (await api.get('/api/jobs/history')).body;
    expect(first).toMatchObject({ total: 25, page: 1, per_page: 20, pages: 2 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0].volume_label).toBe('DISC_24');
    expect(first.items.every((j: { state: string }) => j.state === 'completed' || j.state === 'failed')).toBe(true);
  });

  it('returns a partial last page and an empty page past the end', async () => {
    const last = (await api.get('/api/jobs/history?page=2')).body;
    expect(last.items.map((j: { volume_label: string }) => j.volume_label)).toEqual([
      'DISC_04',
      'DISC_03',
      'DISC_02',
      'DISC_01',
      'DISC_00',
    ]);
    const empty = (await api.get('/api/jobs/history?page=3')).body;
    expect(empty).toMatchObject({ items: [], total: 25, page: 3, pages: 2 });
  });

  it('accepts per_page 1 and 100 and rejects 0 and 101 naming the parameter', async () => {
    expect((await api.get('/api/jobs/history?per_page=100')).body.items).toHaveLength(25);
    expect((await api.get('/api/jobs/history?per_page=1')).body).toMatchObject({ pages: 25 });
    for (const bad of ['per_page=101', 'per_page=0', 'page=0', 'page=-2', 'page=abc', 'per_page=2.5']) {
      const res = await api.get(`/api/jobs/history?${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(`'${bad.split('=')[0]}'`);
    }
  });

  it('filters by content type and state on the server, and searches titles', async () => {
    expect((await api.get('/api/jobs/history?content_type=movie')).body.total).toBe(10);
    expect((await api.get('/api/jobs/history?state=failed')).body.total).toBe(9);
    expect((await api.get('/api/jobs/history?state=completed&content_type=tv')).body.total).toBe(10);
    expect(
      (await api.get('/api/jobs/history?q=wire')).body.items.map(
        (j: { id: number; detected_title: string }) => j.detected_title,
      ),
    ).toEqual(['The Wire']);
    for (const bad of ['content_type=cartoon', 'state=ripping', 'sort=asc'])
      expect((await api.get(`/api/jobs/history?${bad}`)).status).toBe(400);
  });

  it('keeps cleared jobs in history', async () => {
    const someone = (await api.get('/api/jobs/history?per_page=1')).body.items[0];
    expect((await api.del(`/api/jobs/${someone.id}`)).status).toBe(200);
    expect((await api.get('/api/jobs/history')).body.total).toBe(25);
  });
});

describe('GET /api/jobs/stats', () => {
  it('counts the whole history, not one page, with the top 5 errors by count', async () => {
    const stats = (await api.get('/api/jobs/stats')).body;
    expect(stats).toMatchObject({ completed: 16, failed: 9 });
    expect(stats.total_jobs).toBeGreaterThanOrEqual(25);
    expect(stats.tv + stats.movie).toBeLessThanOrEqual(stats.total_jobs);
    expect(stats.top_errors).toHaveLength(5);
    expect(stats.top_errors.slice(0, 2)).toEqual([
      { message: 'Disc read error', count: 3 },
      { message: 'License expired', count: 2 },
    ]);
    expect(stats.recent_jobs).toHaveLength(10);
    expect(typeof stats.avg_processing_seconds).toBe('number');
  });
});
