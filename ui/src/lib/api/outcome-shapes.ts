/**
 * What a job and its titles say about their outcome, in words for people: what a review is about,
 * how many files reached the library, where Retry restarts, and per title whether it was filed
 * or left out and why.
 */
import type { GetJobDetailResponse, GetStatsResponse, Job, RetryJobBody, Title } from './generated.ts';

export type ReviewKind = NonNullable<Job['review_kind']>;
/** The typed parts of a job detail, as the OpenAPI document declares them. */
export type JobActions = Job['actions'];
export type TitleReview = NonNullable<Title['review']>;
export type TitleReviewKind = TitleReview['kind'];
export type MatchDetails = NonNullable<Title['match_details']>;
export type MatchCandidate = MatchDetails['candidates'][number];
export type IdentificationAnswer = NonNullable<GetJobDetailResponse['identification']>[number];
export type DiscMappingRow = NonNullable<GetJobDetailResponse['disc_mappings']>[number];
export type TimelineEntry = GetJobDetailResponse['timeline'][number];
export type RetryFrom = NonNullable<RetryJobBody['from']>;
export type TitleOutcome = NonNullable<Title['outcome']>;

/** What a job's review is about; null when it is not in review (or the service does not say). */
export function reviewKindOf(job: Pick<Job, 'state' | 'review_kind'>): ReviewKind | null {
  return job.state === 'review_needed' ? (job.review_kind ?? null) : null;
}

/** Where Retry would restart the job, or null when there is nothing to redo. */
export function retryableFromOf(job: Pick<Job, 'retryable_from'>): RetryFrom | null {
  return job.retryable_from ?? null;
}

export interface TitleOutcomeInfo {
  outcome: TitleOutcome | null;
  reason: string | null;
  /** Who left it out: a rule, a setting the person chose (e.g. extras_policy), or the person. */
  by: Title['discarded_by'] | null;
}

export function titleOutcomeOf(title: Pick<Title, 'outcome' | 'discard_reason' | 'discarded_by'>): TitleOutcomeInfo {
  return {
    outcome: title.outcome ?? null,
    reason: title.discard_reason?.trim() || null,
    by: title.discarded_by ?? null,
  };
}

/** "filed", "not filed: shorter than 120 s", "not filed: left out by a person", "failed", "pending". */
export function outcomeText(info: TitleOutcomeInfo): string | null {
  switch (info.outcome) {
    case 'discarded':
      return info.reason
        ? `not filed: ${info.reason}`
        : info.by === 'person'
          ? 'not filed: left out by a person'
          : 'not filed';
    case null:
      return null;
    default:
      return info.outcome;
  }
}

/** The state badge of a title left out: "skipped (shorter than 120 s)"; null for any other title. */
export function skippedLabel(title: Pick<Title, 'outcome' | 'discard_reason' | 'discarded_by'>): string | null {
  const info = titleOutcomeOf(title);
  if (info.outcome !== 'discarded') return null;
  return `skipped (${info.by === 'person' ? 'your decision' : (info.reason ?? 'left out')})`;
}

/** "completed, 3 files filed" / "completed, nothing filed"; null for a job that did not complete. */
export function completedSummary(job: Pick<Job, 'state' | 'files_filed'>): string | null {
  if (job.state !== 'completed' || job.files_filed === undefined) return null;
  const filed = job.files_filed;
  return filed === 0 ? 'completed, nothing filed' : `completed, ${filed} ${filed === 1 ? 'file' : 'files'} filed`;
}

export interface FiledStats {
  /** Completed jobs that filed at least one file. */
  completedWithFiles: number;
  /** Completed jobs that filed nothing. */
  completedNothingFiled: number;
  /** Files filed by all jobs. */
  filesFiled: number;
}

export function filedStatsOf(stats: GetStatsResponse): FiledStats {
  return {
    completedWithFiles: stats.completed_with_files,
    completedNothingFiled: stats.completed_nothing_filed,
    filesFiled: stats.files_filed,
  };
}

export const RETRY_FROM_LABELS: Record<RetryFrom, string> = {
  identifying: 'identification',
  ripping: 'ripping',
  matching: 'matching',
  organizing: 'filing into the library',
};
