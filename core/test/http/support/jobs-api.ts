/**
 * What the jobs API tests share: a test service with an empty pipeline (DEBUG on, so the simulate
 * routes exist), its client, every job reset before each test, and a job parked in review.
 * `useJobsApi()` registers the hooks; `svc` and `api` are live bindings set by its beforeAll.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { apiClient, eventually } from '../../../../test/support/http-client.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from '../../../../test/support/service-harness.ts';

export let svc: TestService;
export let api: ReturnType<typeof apiClient>;

/** Starts the service for the file's tests and resets every job before each one. */
export function useJobsApi(): void {
  beforeAll(async () => {
    svc = await startTestService({ config: { pipeline: EMPTY_PIPELINE }, env: { DEBUG: 'true' } });
    api = apiClient(svc.url);
  });
  afterAll(() => svc.close());
  beforeEach(async () => {
    expect((await api.del('/api/simulate/reset-all-jobs')).status).toBe(200);
  });
}

/** POST /api/simulate/insert-disc with these fields; the created job's body (fails the test unless 201). */
export async function insertDisc(fields: Record<string, unknown>) {
  const res = await api.post('/api/simulate/insert-disc', fields);
  expect(res.status).toBe(201);
  return res.body;
}

/** GET /api/jobs/:id, polled until the job is in `state`; the last answer. */
export function jobReaching(id: number, state: string) {
  return eventually(
    () => api.get(`/api/jobs/${id}`),
    (r) => r.body.state === state,
  );
}

/** A job parked in review_needed with two titles waiting for a decision. */
export async function jobInReview() {
  const { jobService, db } = svc.service;
  const job = await jobService.create({
    sourceKind: 'folder',
    volumeLabel: 'SHOW_S1_D1',
    contentType: 'tv',
    detectedSeason: 1,
  });
  const candidates = [
    { kind: 'episode', season: 1, episode: 3, episodeEnd: null, edition: null, score: 0.62 },
    { kind: 'episode', season: 1, episode: 4, episodeEnd: null, edition: null, score: 0.4 },
  ];
  const details = {
    kind: 'episode',
    season: 1,
    episode: 3,
    episodeEnd: null,
    edition: null,
    confidence: 0.62,
    source: 'local_asr',
    components: [],
    candidates,
  };
  const titles = await db.titles.replaceForJob(job.id, [
    {
      titleIndex: 0,
      durationSeconds: 1300,
      sizeBytes: 10,
      state: 'review',
      matchDetailsJson: JSON.stringify(details),
      filePath: '/x/a.mkv',
    },
    {
      titleIndex: 1,
      durationSeconds: 1310,
      sizeBytes: 10,
      state: 'review',
      matchDetailsJson: null,
      filePath: '/x/b.mkv',
    },
  ]);
  for (const s of ['identifying', 'ripping', 'matching'] as const) await jobService.transition(job.id, s);
  await jobService.transition(job.id, 'review_needed', {
    patch: { reviewReason: '2 titles need review', resumeState: 'organizing' },
  });
  return { job, titles };
}
