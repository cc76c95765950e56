/**
 * The text of `spindle watch`: one line per job update — state, a progress bar, percent, speed,
 * ETA and the title being worked on — and the closing line with the outcome.
 */
export interface JobSnapshot {
  id: number;
  state: string;
  progress_percent: number;
  current_speed: string | null;
  eta_seconds: number | null;
  current_title?: number | null;
  total_titles?: number | null;
  error_message: string | null;
  review_reason: string | null;
}

/** 65 → "1:05", 3725 → "1:02:05" */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export function progressBar(percent: number, width: number): string {
  const clamped = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0));
  const filled = Math.round((clamped / 100) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}

export function progressLine(job: JobSnapshot, columns = 80): string {
  const parts = [
    job.state.padEnd(12),
    progressBar(job.progress_percent, Math.max(10, Math.min(30, columns - 50))),
    `${job.progress_percent.toFixed(0).padStart(3)}%`,
  ];
  if (job.current_speed) parts.push(job.current_speed);
  if (job.eta_seconds !== null && job.eta_seconds !== undefined) parts.push(`ETA ${formatDuration(job.eta_seconds)}`);
  if (job.current_title !== null && job.current_title !== undefined) {
    parts.push(job.total_titles ? `title #${job.current_title} of ${job.total_titles}` : `title #${job.current_title}`);
  }
  return parts.join('  ');
}

export function outcomeLine(job: JobSnapshot): string {
  if (job.state === 'completed') return `Job ${job.id} completed.`;
  if (job.state === 'failed') return `Job ${job.id} failed: ${job.error_message ?? 'no reason given'}`;
  if (job.state === 'review_needed') return `Job ${job.id} needs review: ${job.review_reason ?? 'see the web UI'}`;
  return `Job ${job.id} is ${job.state}.`;
}
