/**
 * Turns a job and its titles into the Notification notifiers receive: what happened, the job's
 * label, title and season, title counts, the review reason or error text, and the library paths
 * (notifiers share those only when their user chose so). Every text passes the secret redactor.
 */
import type { Notification, NotificationEvent } from '@spindle/plugin-sdk';
import type { JobRecord, TitleRecord } from '../persistence/records.ts';

export type Redact = (text: string) => string;

const VERBS: Record<Exclude<NotificationEvent, 'test'>, string> = {
  job_completed: 'completed',
  job_failed: 'failed',
  review_needed: 'needs review',
};

export function eventOfState(state: string): Exclude<NotificationEvent, 'test'> | null {
  if (state === 'completed') return 'job_completed';
  if (state === 'failed') return 'job_failed';
  if (state === 'review_needed') return 'review_needed';
  return null;
}

export function buildJobNotification(
  event: Exclude<NotificationEvent, 'test'>,
  job: JobRecord,
  titles: TitleRecord[],
  redact: Redact,
  at = new Date(),
): Notification {
  const selected = titles.filter((t) => t.selected);
  const title = job.catalogTitle ?? job.detectedTitle;
  const season = job.contentType === 'tv' ? job.detectedSeason : null;
  const name = title ?? job.volumeLabel;
  const subject = season !== null ? `${name}, season ${season}` : name;
  const reason = event === 'review_needed' ? job.reviewReason : event === 'job_failed' ? job.errorMessage : null;
  const files = selected.flatMap((t) => (t.organizedPath ? [t.organizedPath] : []));
  return {
    event,
    at: at.toISOString(),
    jobId: job.id,
    state: job.state,
    label: redact(job.volumeLabel),
    contentType: job.contentType,
    title: title === null ? null : redact(title),
    season,
    counts: {
      titles: selected.length,
      completed: selected.filter((t) => t.state === 'completed').length,
      failed: selected.filter((t) => t.state === 'failed').length,
      review: selected.filter((t) => t.state === 'review').length,
    },
    reason: reason === null ? null : redact(reason),
    summary: redact(`Job ${job.id} ${VERBS[event]}: ${subject}`),
    paths: { library: job.libraryPath === null ? null : redact(job.libraryPath), files: files.map(redact) },
  };
}

export function buildTestNotification(at = new Date()): Notification {
  return {
    event: 'test',
    at: at.toISOString(),
    jobId: null,
    state: null,
    label: null,
    contentType: null,
    title: null,
    season: null,
    counts: { titles: 0, completed: 0, failed: 0, review: 0 },
    reason: null,
    summary: 'Test notification from Spindle: notifications reach you here.',
    paths: { library: null, files: [] },
  };
}
