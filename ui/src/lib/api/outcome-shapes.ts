/**
 * Readers for what a job and its titles say about their outcome: what the review is about
 * (`review_kind`), how many files reached the library, where Retry would restart, and per title
 * whether it was filed or left out and why. The readers accept a job from any API version: when
 * a field is missing they derive what they can (e.g. an identity review from the timeline) or
 * answer null, so a screen never breaks on an older or newer service.
 */
import type { TimelineEntry } from './detail-shapes.ts';

export type ReviewKind = 'identity' | 'titles' | 'organize' | 'nothing_filed';
export type RetryFrom = 'identifying' | 'ripping' | 'matching' | 'organizing';
export type TitleOutcome = 'filed' | 'discarded' | 'pending' | 'failed';

const REVIEW_KINDS: readonly string[] = ['identity', 'titles', 'organize', 'nothing_filed'];
const RETRY_FROM: readonly string[] = ['identifying', 'ripping', 'matching', 'organizing'];
const OUTCOMES: readonly string[] = ['filed', 'discarded', 'pending', 'failed'];

type Loose = Record<string, unknown>;
const field = (value: object, name: string): unknown => (value as Loose)[name];
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/**
 * What a job's review is about. The service says so in `review_kind`; a service that does not
 * yet is read from the timeline: a review entered straight from identifying is about what the
 * disc is.
 */
export function reviewKindOf(job: { state: string }, timeline: readonly TimelineEntry[] = []): ReviewKind | null {
  if (job.state !== 'review_needed') return null;
  const stated = field(job, 'review_kind');
  if (typeof stated === 'string' && REVIEW_KINDS.includes(stated)) return stated as ReviewKind;
  if (stated === null) return null;
  const entered = [...timeline].reverse().find((e) => e.to === 'review_needed');
  if (!entered) return null;
  return entered.from === 'identifying' ? 'identity' : null;
}

/** Titles of the job that reached the library; null when the service does not say. */
export function filesFiledOf(job: object): number | null {
  return int(field(job, 'files_filed'));
}

/** Titles left out for a stated reason; null when the service does not say. */
export function titlesDiscardedOf(job: object): number | null {
  return int(field(job, 'titles_discarded'));
}

/** Where Retry would restart the job, or null when it cannot be retried (or the service does not say). */
export function retryableFromOf(job: object): RetryFrom | null {
  const from = field(job, 'retryable_from');
  return typeof from === 'string' && RETRY_FROM.includes(from) ? (from as RetryFrom) : null;
}

/** Whether the service reports retry at all (a job wire carrying `retryable_from`). */
export function knowsRetry(job: object): boolean {
  return 'retryable_from' in job;
}

export interface TitleOutcomeInfo {
  outcome: TitleOutcome | null;
  reason: string | null;
  by: 'rule' | 'person' | null;
}

export function titleOutcomeOf(title: object): TitleOutcomeInfo {
  const outcome = field(title, 'outcome');
  const by = field(title, 'discarded_by');
  return {
    outcome: typeof outcome === 'string' && OUTCOMES.includes(outcome) ? (outcome as TitleOutcome) : null,
    reason: str(field(title, 'discard_reason')),
    by: by === 'rule' || by === 'person' ? by : null,
  };
}

/** "filed", "not filed: shorter than 120 s", "not filed: skipped by a person", "failed", "pending". */
export function outcomeText(info: TitleOutcomeInfo): string | null {
  switch (info.outcome) {
    case 'filed':
      return 'filed';
    case 'discarded':
      return info.reason ? `not filed: ${info.reason}` : info.by === 'person' ? 'not filed: left out by a person' : 'not filed';
    case 'failed':
      return 'failed';
    case 'pending':
      return 'pending';
    default:
      return null;
  }
}

/** "completed, 3 files filed" / "completed, nothing filed" — or null when the job did not complete or the count is unknown. */
export function completedSummary(job: { state: string }): string | null {
  if (job.state !== 'completed') return null;
  const filed = filesFiledOf(job);
  if (filed === null) return null;
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

/** The filed counts of GET /api/jobs/stats; null when the service does not report them. */
export function filedStatsOf(stats: object): FiledStats | null {
  const withFiles = int(field(stats, 'completed_with_files'));
  const nothing = int(field(stats, 'completed_nothing_filed'));
  const files = int(field(stats, 'files_filed'));
  if (withFiles === null || nothing === null || files === null) return null;
  return { completedWithFiles: withFiles, completedNothingFiled: nothing, filesFiled: files };
}

export const RETRY_FROM_LABELS: Record<RetryFrom, string> = {
  identifying: 'identification',
  ripping: 'ripping',
  matching: 'matching',
  organizing: 'filing into the library',
};
