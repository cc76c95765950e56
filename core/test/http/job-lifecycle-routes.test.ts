/** The jobs API over a job's life: listing, reading one job, running, starting and cancelling. */
import { describe, expect, it } from 'vitest';
import { connectWs } from '../../../test/support/ws-client.ts';
import { api, insertDisc, svc, jobReaching, useJobsApi } from './support/jobs-api.ts';

useJobsApi();

describe('jobs API', () => {
  it('lists active jobs newest first, at most 10, without cleared ones', async () => {
    expect((await api.get('/api/jobs')).body).toEqual([]);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await api.post('/api/simulate/insert-disc', { volume_label: `DISC_${i}`, simulate_ripping: false });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const list = await api.get('/api/jobs');
    expect(list.body.map((j: { id: number }) => j.id)).toEqual(ids.slice(2).reverse());
    expect((await api.del(`/api/jobs/${ids[11]}`)).body.cleared_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await api.get('/api/jobs')).body.map((j: { id: number }) => j.id)).not.toContain(ids[11]);
  });

  it('answers one job, its detail and its titles, with 404 and 400 for bad ids', async () => {
    const created = await insertDisc({
      volume_label: 'MOVIE_X',
      content_type: 'movie',
      simulate_ripping: false,
    });
    const one = await api.get(`/api/jobs/${created.id}`);
    expect(one).toMatchObject({
      status: 200,
      body: { id: created.id, state: 'idle', content_type: 'movie', volume_label: 'MOVIE_X', cleared_at: null },
    });
    expect(one.body.created_at).toMatch(/Z$/);
    const detail = await api.get(`/api/jobs/${created.id}/detail`);
    expect(detail.body).toMatchObject({ id: created.id, titles: [], disc_mappings: null });
    expect((await api.get(`/api/jobs/${created.id}/titles`)).body).toEqual([]);
    expect((await api.get('/api/jobs/999999')).body.error.code).toBe('job_not_found');
    expect((await api.get('/api/jobs/999999/detail')).status).toBe(404);
    expect((await api.get('/api/jobs/999999/titles')).status).toBe(404);
    expect((await api.get('/api/jobs/abc')).status).toBe(400);
    expect((await api.get('/api/jobs/-1')).status).toBe(400);
  });

  it('runs a simulated disc to completion and broadcasts every transition in order', async () => {
    const ws = await connectWs(svc.url);
    const created = await insertDisc({
      volume_label: 'FAST_SHOW',
      content_type: 'tv',
      simulate_ripping: true,
      rip_speed_multiplier: 50,
    });
    const done = await jobReaching(created.id, 'completed');
    expect(done.body).toMatchObject({
      progress_percent: 100,
      detected_title: 'FAST SHOW',
      classification_source: 'heuristic',
    });
    const titles = (await api.get(`/api/jobs/${created.id}/titles`)).body;
    expect(titles.map((t: { state: string }) => t.state)).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(titles.map((t: { matched_episode: string }) => t.matched_episode)).toEqual([
      'S01E01',
      'S01E02',
      'S01E03',
      'S01E04',
    ]);
    await ws.waitFor((m) => m.type === 'job_update' && m.job_id === created.id && m.state === 'completed');
    const states = ws.messages.filter((m) => m.type === 'job_update' && m.job_id === created.id).map((m) => m.state);
    const transitions = states.filter((s, i) => i === 0 || s !== states[i - 1]);
    expect(transitions).toEqual(['idle', 'identifying', 'ripping', 'matching', 'organizing', 'completed']);
    expect(
      ws.messages.some(
        (m) =>
          m.type === 'job_update' &&
          m.state === 'ripping' &&
          typeof m.current_speed === 'string' &&
          m.eta_seconds !== null,
      ),
    ).toBe(true);
    expect(ws.messages.some((m) => m.type === 'title_update' && m.job_id === created.id && m.state === 'matched')).toBe(
      true,
    );
    await ws.close();
  });

  it('starts only idle or review_needed jobs (409 otherwise)', async () => {
    const created = (await api.post('/api/simulate/insert-disc', { volume_label: 'SLOW', simulate_ripping: false }))
      .body;
    await api.post(`/api/simulate/advance-job/${created.id}`);
    const res = await api.post(`/api/jobs/${created.id}/start`);
    expect(res).toMatchObject({ status: 409, body: { error: { code: 'job_not_startable' } } });
    expect((await api.post('/api/jobs/424242/start')).status).toBe(404);
  });

  it('cancels a running job: it fails with "Cancelled by user" and stops progressing; 409 once terminal', async () => {
    const created = await insertDisc({
      volume_label: 'LONG',
      simulate_ripping: true,
      rip_speed_multiplier: 0.5,
    });
    await jobReaching(created.id, 'ripping');
    const cancelled = await api.post(`/api/jobs/${created.id}/cancel`);
    expect(cancelled).toMatchObject({ status: 200, body: { state: 'failed', error_message: 'Cancelled by user' } });
    expect(cancelled.body.completed_at).not.toBeNull();
    const progressAfter = (await api.get(`/api/jobs/${created.id}`)).body.progress_percent;
    await new Promise((r) => setTimeout(r, 300));
    expect((await api.get(`/api/jobs/${created.id}`)).body).toMatchObject({
      state: 'failed',
      progress_percent: progressAfter,
    });
    expect((await api.post(`/api/jobs/${created.id}/cancel`)).status).toBe(409);
  });
});
