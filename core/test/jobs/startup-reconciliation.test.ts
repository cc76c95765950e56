/**
 * The rows are the queue: jobs left in a running state when the service stopped are resumed where
 * that is safe and failed with a clear message where it is not.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiClient, eventually } from '../../../test/support/http-client.ts';
import { EMPTY_PIPELINE, startTestService } from '../../../test/support/service-harness.ts';

describe('startup reconciliation', () => {
  it('resumes an interrupted job, and a disc rip caught halfway title by title', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'spindle-reconcile-'));
    const first = await startTestService({ dataDir, config: { pipeline: EMPTY_PIPELINE }, env: { DEBUG: 'true' } });
    const api1 = apiClient(first.url);
    // A simulated job stopped while matching, and a disc job stopped while ripping: both resume.
    const sim = (await api1.post('/api/simulate/insert-disc', { volume_label: 'RESUME_ME', simulate_ripping: false }))
      .body;
    for (let i = 0; i < 3; i++) await api1.post(`/api/simulate/advance-job/${sim.id}`);
    const disc = await first.service.jobService.create({
      sourceKind: 'disc',
      driveId: '/dev/sr0',
      volumeLabel: 'HALF_RIPPED',
    });
    await first.service.jobService.transition(disc.id, 'identifying');
    await first.service.jobService.transition(disc.id, 'ripping');
    expect((await api1.get(`/api/jobs/${sim.id}`)).body.state).toBe('matching');
    await first.close({ keepData: true });

    const second = await startTestService({ dataDir, env: { DEBUG: 'true' } });
    try {
      const api2 = apiClient(second.url);
      // The disc job is continued (what was ripped whole is kept); with no ripper configured here it then fails saying so.
      const failed = (
        await eventually(
          () => api2.get(`/api/jobs/${disc.id}`),
          (r) => r.body.state === 'failed',
          15_000,
        )
      ).body;
      expect(failed.error_message).toContain('No ripper is configured for disc sources');
      expect(second.logs.some((l) => l.includes(`resuming job ${disc.id} in ripping`))).toBe(true);
      const detail = (await api2.get(`/api/jobs/${disc.id}/detail`)).body;
      expect(JSON.stringify(detail)).toContain(
        'Spindle stopped while this disc was being ripped: 0 title(s) ripped whole are kept',
      );
      const resumed = await eventually(
        () => api2.get(`/api/jobs/${sim.id}`),
        (r) => r.body.state === 'completed',
        15_000,
      );
      expect(resumed.body.library_path).toContain('RESUME_ME');
      expect(second.logs.some((l) => l.includes(`resuming job ${sim.id} in matching`))).toBe(true);
    } finally {
      await second.close();
    }
  });
});
