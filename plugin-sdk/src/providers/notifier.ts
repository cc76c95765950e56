/** Job notifications (a JSON webhook, ntfy, Discord, …). */
import type { JobState } from '../events.ts';
import type { ContentType } from '../values.ts';

export type NotificationEvent = 'job_completed' | 'job_failed' | 'review_needed' | 'test';

/**
 * What the core tells notifiers about a job. It never carries a secret. Text fields (`reason`,
 * `summary`) may name files; `paths` lists full paths. A notifier sends full paths only when its
 * user chose so (e.g. an `include_paths` setting) and otherwise uses `stripPaths()` on text.
 */
export interface Notification {
  event: NotificationEvent;
  /** ISO 8601 time of the event. */
  at: string;
  /** Null for a test notification. */
  jobId: number | null;
  state: JobState | null;
  /** Volume label (disc) or staging folder name. */
  label: string | null;
  contentType: ContentType | null;
  /** The show or movie, as identified (null when not known). */
  title: string | null;
  season: number | null;
  /** Titles of the job by outcome. */
  counts: { titles: number; completed: number; failed: number; review: number };
  /** Why the job waits for review, or why it failed. */
  reason: string | null;
  /** One line for humans, e.g. "Job 12 completed: My Show season 1 — 3 of 3 titles". */
  summary: string;
  /** Full paths (the library folder and each organized file); send them only when allowed. */
  paths: { library: string | null; files: string[] };
}

export interface NotifierStatus {
  /** False when the notifier has nothing to send to (e.g. no URL): it is skipped, not an error. */
  configured: boolean;
  /** A safe description of the destination (host name, never a token or a full webhook URL). */
  target: string | null;
}

/**
 * Sends one notification; resolves when the destination accepted it. Rejects with a SpindleError
 * whose `retryable` is true when a retry may help (network errors, HTTP 5xx, 429): the core
 * retries those with backoff, a bounded number of times.
 */
export interface Notifier {
  send(notification: Notification, signal: AbortSignal): Promise<void>;
  status(): NotifierStatus;
}
