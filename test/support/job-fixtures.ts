/**
 * Jobs and titles written straight into a test service, the way the pipeline leaves them: a TV
 * season folder job, titles waiting in review, match details as the pipeline stores them (a title's
 * matchDetailsJson), and a job walked through the stages into review_needed or to completed.
 */
import type { MatchCandidate } from '@spindle/plugin-sdk';
import type { JobPatch } from '../../core/src/persistence/records.ts';
import type { TestService } from './service-harness.ts';

export const episode = (n: number, score: number): MatchCandidate => ({
  kind: 'episode',
  season: 1,
  episode: n,
  episodeEnd: null,
  edition: null,
  score,
});

export const mainMovie = (edition: string | null, score: number): MatchCandidate => ({
  kind: 'main_movie',
  season: null,
  episode: null,
  episodeEnd: null,
  edition,
  score,
});

export const discarded = (): MatchCandidate => ({ ...mainMovie(null, 1), kind: 'discarded' });

export const component = (name: string, value: number, weight: number, detail: string) => ({
  name,
  value,
  weight,
  detail,
});

/** matchDetailsJson for a match on `best` (its score left out) with `confidence` from `source`. */
export function matchDetails(
  best: MatchCandidate,
  confidence: number,
  source: string,
  candidates: MatchCandidate[] = [],
  components: { name: string; value: number; weight: number; detail?: string }[] = [],
): string {
  const { score: _score, ...fields } = best;
  return JSON.stringify({ ...fields, confidence, source, components, candidates });
}

/** A TV job from a folder (season 1 unless told), as an import creates it (idle). */
export function tvSeasonJob(svc: TestService, volumeLabel: string, detectedTitle?: string, detectedSeason = 1) {
  return svc.service.jobService.create({
    sourceKind: 'folder',
    volumeLabel,
    contentType: 'tv',
    detectedSeason,
    ...(detectedTitle ? { detectedTitle } : {}),
  });
}

/** A job for the folder `folder` (its own staging folder too), walked through every stage to completed. */
export async function completedFolderJob(svc: TestService, volumeLabel: string, folder: string) {
  const { jobService } = svc.service;
  const job = await jobService.create({ sourceKind: 'folder', volumeLabel, sourcePath: folder, stagingPath: folder });
  for (const s of ['identifying', 'ripping', 'matching', 'organizing', 'completed'] as const)
    await jobService.transition(job.id, s);
  return job;
}

/** A ripped title waiting in review (10 bytes, no match details unless `extra` gives them). */
export const titleInReview = (titleIndex: number, durationSeconds: number, filePath: string, extra = {}) => ({
  titleIndex,
  durationSeconds,
  sizeBytes: 10,
  state: 'review' as const,
  matchDetailsJson: null,
  filePath,
  ...extra,
});

/** Walks the job through identifying, ripping and matching into review_needed with `patch`. */
export async function parkInReview(svc: TestService, jobId: number, patch: JobPatch): Promise<void> {
  const { jobService } = svc.service;
  for (const s of ['identifying', 'ripping', 'matching'] as const) await jobService.transition(jobId, s);
  await jobService.transition(jobId, 'review_needed', { patch });
}
