/**
 * The words of a notification, shared by the three notifiers: a title line, the body, and the
 * notification with file paths shortened to file names unless the user chose full paths.
 */
import { stripPaths, type Notification } from '@spindle/plugin-sdk';

/** The notification as it may leave the machine under the `include_paths` choice. */
export function shareable(n: Notification, includePaths: boolean): Notification {
  if (includePaths) return n;
  return {
    ...n,
    label: n.label === null ? null : stripPaths(n.label),
    reason: n.reason === null ? null : stripPaths(n.reason),
    summary: stripPaths(n.summary),
    paths: { library: null, files: [] },
  };
}

const HEADLINES: Record<Notification['event'], string> = {
  job_completed: 'completed',
  job_failed: 'failed',
  review_needed: 'needs review',
  test: 'test notification',
};

/** "Spindle: job 12 completed" / "Spindle: test notification". */
export function headline(n: Notification): string {
  return n.jobId === null ? `Spindle: ${HEADLINES[n.event]}` : `Spindle: job ${n.jobId} ${HEADLINES[n.event]}`;
}

/** "My Show, season 1" / "Dune" / the label when nothing was identified. */
export function subject(n: Notification): string | null {
  const name = n.title ?? n.label;
  if (!name) return null;
  return n.season !== null && n.contentType === 'tv' ? `${name}, season ${n.season}` : name;
}

export function countsLine(n: Notification): string | null {
  const c = n.counts;
  if (c.titles === 0) return null;
  const parts = [`${c.completed} of ${c.titles} title(s) in the library`];
  if (c.failed > 0) parts.push(`${c.failed} failed`);
  if (c.review > 0) parts.push(`${c.review} to review`);
  return parts.join(', ');
}

/** The message body: summary, reason, counts, and the paths when they may be shared. */
export function bodyText(n: Notification): string {
  const lines = [n.summary];
  if (n.reason && !n.summary.includes(n.reason)) lines.push(n.reason);
  const counts = countsLine(n);
  if (counts) lines.push(counts);
  if (n.paths.library) lines.push(`Library: ${n.paths.library}`);
  for (const file of n.paths.files) lines.push(file);
  return lines.join('\n');
}
