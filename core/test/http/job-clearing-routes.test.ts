/** Clearing jobs from the dashboard: one at a time or every finished one, keeping history and files. */
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, jobInReview, svc, useJobsApi } from './support/jobs-api.ts';

useJobsApi();

describe('jobs API', () => {
  it('refuses to clear a running job and keeps cleared jobs in history', async () => {
    const created = (await api.post('/api/simulate/insert-disc', { volume_label: 'CLEAR_ME', simulate_ripping: false }))
      .body;
    await api.post(`/api/simulate/advance-job/${created.id}`);
    expect((await api.del(`/api/jobs/${created.id}`)).status).toBe(409);
    await api.post(`/api/jobs/${created.id}/cancel`);
    expect((await api.del(`/api/jobs/${created.id}`)).status).toBe(200);
    const history = await api.get('/api/jobs/history');
    expect(history.body.items.map((j: { id: number }) => j.id)).toContain(created.id);
    expect((await api.del('/api/jobs/999999')).status).toBe(404);
  });

  it('clears every finished job from the dashboard at once, keeping running ones, history and files', async () => {
    const { jobService } = svc.service;
    const folder = await mkdtemp(join(tmpdir(), 'spindle-clear-'));
    await writeFile(join(folder, 'title_t00.mkv'), 'ripped');
    const done = await jobService.create({
      sourceKind: 'folder',
      volumeLabel: 'DONE_DISC',
      sourcePath: folder,
      stagingPath: folder,
    });
    for (const s of ['identifying', 'ripping', 'matching', 'organizing', 'completed'] as const)
      await jobService.transition(done.id, s);
    const failed = (
      await api.post('/api/simulate/insert-disc', { volume_label: 'FAILED_DISC', simulate_ripping: false })
    ).body;
    expect((await api.post(`/api/jobs/${failed.id}/cancel`)).body.state).toBe('failed');
    const idle = (await api.post('/api/simulate/insert-disc', { volume_label: 'IDLE_DISC', simulate_ripping: false }))
      .body;
    const { job: inReview } = await jobInReview();

    const res = await api.post('/api/jobs/clear-finished');
    expect(res.status).toBe(200);
    expect(res.body.job_ids).toEqual(expect.arrayContaining([done.id, failed.id]));
    expect(res.body.cleared).toBe(res.body.job_ids.length);
    expect(res.body.job_ids).not.toContain(idle.id);
    expect(res.body.job_ids).not.toContain(inReview.id);
    const listed = (await api.get('/api/jobs')).body.map((j: { id: number }) => j.id);
    expect(listed).toEqual(expect.arrayContaining([idle.id, inReview.id]));
    expect(listed).not.toContain(done.id);
    expect(listed).not.toContain(failed.id);
    // Only the dashboard forgets them: history keeps both, the file is where it was.
    const history = (await api.get('/api/jobs/history?per_page=100')).body.items.map((j: { id: number }) => j.id);
    expect(history).toEqual(expect.arrayContaining([done.id, failed.id]));
    expect((await api.get(`/api/jobs/${done.id}`)).body.cleared_at).toMatch(/^\d{4}-/);
    expect(existsSync(join(folder, 'title_t00.mkv'))).toBe(true);
    // Nothing left to clear: an empty answer, not an error.
    expect((await api.post('/api/jobs/clear-finished')).body).toEqual({ cleared: 0, job_ids: [] });
  });
});
