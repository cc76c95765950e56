/**
 * The DEBUG simulation routes (insert a disc, advance a job, remove a disc, reset): what they do
 * with DEBUG on, and that they do not exist with it off.
 */
import { describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/support/http-client.ts';
import { EMPTY_PIPELINE, startTestService } from '../../../test/support/service-harness.ts';
import { api, insertDisc, svc, jobReaching, useJobsApi } from './support/jobs-api.ts';
import { connectWs } from '../../../test/support/ws-client.ts';

useJobsApi();

describe('simulation endpoints', () => {
  it('advance-job walks the happy path and answers 409 from a terminal state', async () => {
    const created = (await api.post('/api/simulate/insert-disc', { volume_label: 'STEP', simulate_ripping: false }))
      .body;
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) seen.push((await api.post(`/api/simulate/advance-job/${created.id}`)).body.state);
    expect(seen).toEqual(['identifying', 'ripping', 'matching', 'organizing', 'completed']);
    expect((await api.post(`/api/simulate/advance-job/${created.id}`)).status).toBe(409);
    expect((await api.post('/api/simulate/advance-job/987654')).status).toBe(404);
  });

  it('remove-disc takes a URL-encoded drive id and fails a job still reading it', async () => {
    const ws = await connectWs(svc.url);
    const created = await insertDisc({
      volume_label: 'EJECT',
      drive_id: '/dev/sr0',
      simulate_ripping: true,
      rip_speed_multiplier: 0.5,
    });
    await jobReaching(created.id, 'ripping');
    const res = await api.post(`/api/simulate/remove-disc?drive_id=${encodeURIComponent('/dev/sr0')}`);
    expect(res).toMatchObject({ status: 200, body: { drive_id: '/dev/sr0', failed_job_ids: [created.id] } });
    await ws.waitFor((m) => m.type === 'drive_event' && m.event === 'removed' && m.drive_id === '/dev/sr0');
    expect((await api.get(`/api/jobs/${created.id}`)).body.state).toBe('failed');
    expect((await api.post('/api/simulate/remove-disc')).status).toBe(400);
    await ws.close();
  });

  it('reset-all-jobs deletes every job through the job service, which announces it, and says how many', async () => {
    const resets: number[] = [];
    const off = svc.service.bus.on('jobs.reset', (e) => resets.push(e.deleted));
    await api.post('/api/simulate/insert-disc', { volume_label: 'A', simulate_ripping: false });
    const ripping = await insertDisc({ volume_label: 'B', simulate_ripping: true, rip_speed_multiplier: 0.5 });
    await jobReaching(ripping.id, 'ripping');
    expect((await api.del('/api/simulate/reset-all-jobs')).body).toEqual({ deleted: 2 });
    off();
    expect(resets).toEqual([2]);
    expect((await api.get('/api/jobs')).body).toEqual([]);
    expect((await api.get(`/api/jobs/${ripping.id}/titles`)).status).toBe(404);
  });

  it('insert-disc-from-staging needs staging_path and a folder with MKVs', async () => {
    expect((await api.post('/api/simulate/insert-disc-from-staging')).body.error.code).toBe('staging_path_unset');
  });
});

describe('with DEBUG off', () => {
  it('answers 404 on every simulation route', async () => {
    const plain = await startTestService({ config: { pipeline: EMPTY_PIPELINE } });
    const client = apiClient(plain.url);
    try {
      expect((await client.post('/api/simulate/insert-disc', { volume_label: 'X' })).status).toBe(404);
      expect((await client.post('/api/simulate/remove-disc?drive_id=x')).status).toBe(404);
      expect((await client.post('/api/simulate/advance-job/1')).status).toBe(404);
      expect((await client.del('/api/simulate/reset-all-jobs')).status).toBe(404);
      expect((await client.post('/api/simulate/insert-disc-from-staging')).status).toBe(404);
      const spec = (await client.get('/api/openapi.json')).body;
      expect(Object.keys(spec.paths).some((p: string) => p.startsWith('/api/simulate'))).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
