/**
 * The jobs and titles the API fuzz aims at: idle, in review (TV, titles with candidates), failed, completed,
 * created through the service's own JobService and title repository.
 */
import { join } from 'node:path';
import type { TestService } from '../../support/service-harness.ts';

/** Creates one job in each of those states; answers the ids of the new jobs and titles. */
export async function seedFuzzTargets(
  svc: TestService,
  sandbox: string,
): Promise<{ jobIds: number[]; titleIds: number[] }> {
  const { jobService, db: store } = svc.service;
  const candidate = (episode: number) => ({
    kind: 'episode',
    season: 1,
    episode,
    episodeEnd: null,
    edition: null,
    score: 0.5,
  });
  const match = JSON.stringify({
    kind: 'episode',
    season: 1,
    episode: 1,
    episodeEnd: null,
    edition: null,
    confidence: 0.5,
    source: 'disc_order',
    components: [],
    candidates: [candidate(1), candidate(2)],
  });
  const idle = await jobService.create({
    sourceKind: 'folder',
    volumeLabel: 'FUZZ_IDLE',
    sourcePath: join(sandbox, 'DISC_ONE'),
  });
  const idleTitles = await store.titles.replaceForJob(idle.id, [
    { titleIndex: 0, durationSeconds: 1300, sizeBytes: 17, filePath: join(sandbox, 'DISC_ONE', 'title_t00.mkv') },
  ]);
  const review = await jobService.create({
    sourceKind: 'folder',
    volumeLabel: 'FUZZ_SHOW_S1_D1',
    contentType: 'tv',
    detectedTitle: 'Fuzz Show',
    detectedSeason: 1,
    catalogId: 77,
  });
  for (const state of ['identifying', 'ripping', 'matching'] as const) await jobService.transition(review.id, state);
  const reviewTitles = await store.titles.replaceForJob(review.id, [
    {
      titleIndex: 0,
      durationSeconds: 1320,
      sizeBytes: 10,
      state: 'review',
      matchDetailsJson: match,
      matchConfidence: 0.5,
      matchedEpisode: 'S01E01',
    },
    {
      titleIndex: 1,
      durationSeconds: 1290,
      sizeBytes: 10,
      state: 'review',
      matchDetailsJson: match,
      matchConfidence: 0.5,
    },
  ]);
  await jobService.transition(review.id, 'review_needed', {
    patch: { reviewReason: 'fuzz review', resumeState: 'organizing' },
  });
  const failed = await jobService.create({ sourceKind: 'disc', volumeLabel: 'FUZZ_FAILED', driveId: '/dev/sr9' });
  await jobService.transition(failed.id, 'identifying');
  await jobService.transition(failed.id, 'failed', { patch: { errorMessage: 'fuzz' } });
  const done = await jobService.create({ sourceKind: 'disc', volumeLabel: 'FUZZ_DONE', contentType: 'movie' });
  for (const state of ['identifying', 'ripping', 'matching', 'organizing', 'completed'] as const)
    await jobService.transition(done.id, state);
  return {
    jobIds: [idle.id, review.id, failed.id, done.id],
    titleIds: [...idleTitles.map((t) => t.id), ...reviewTitles.map((t) => t.id)],
  };
}
