/**
 * Redo a job: a failed job runs again from the state it failed in (a failed organize retries the
 * organize with the files still in staging, a failed rip re-rips), a completed job matches again
 * the titles that did not reach the library, and a person can ask for a re-identify or a re-match.
 * The job keeps its id, timeline and the decisions people made; titles already in the library are
 * never touched.
 */
import { ConflictError, type JobState } from '@spindle/plugin-sdk';
import { access } from 'node:fs/promises';
import type { JobRepository, TitleRepository } from '../persistence/ports.ts';
import type { JobRecord, TitlePatch, TitleRecord } from '../persistence/records.ts';
import type { JobService } from './job-service.ts';
import { canReopen } from './job-state-machine.ts';

export type RetryFrom = 'identifying' | 'ripping' | 'matching' | 'organizing';
export const RETRY_FROM: readonly RetryFrom[] = ['identifying', 'ripping', 'matching', 'organizing'];

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** A title that can go through a stage again: not in the library, and not left out by a person. */
function redoable(title: TitleRecord): boolean {
  return !title.organizedPath && title.discardedBy !== 'person';
}

/** Where a retry of a job that fails now, in `state`, starts. */
export function retryFromFailure(state: JobState, job: Pick<JobRecord, 'reviewKind' | 'resumeState'>): RetryFrom {
  if (state === 'review_needed') {
    if (job.reviewKind === 'identity') return 'identifying';
    return (RETRY_FROM as readonly string[]).includes(job.resumeState ?? '')
      ? (job.resumeState as RetryFrom)
      : 'identifying';
  }
  return (RETRY_FROM as readonly string[]).includes(state) ? (state as RetryFrom) : 'identifying';
}

/** Where a retry of a job that completes now starts: matching when titles with a file stayed out of the library. */
export function retryFromCompletion(titles: readonly TitleRecord[]): RetryFrom | null {
  return titles.some((t) => redoable(t) && t.filePath && t.state !== 'pending') ? 'matching' : null;
}

/** The title changes that make a stage run again for the titles that need it. */
function resetFor(from: RetryFrom, title: TitleRecord): TitlePatch | null {
  if (!redoable(title)) return null;
  switch (from) {
    case 'identifying':
      return null; // identification scans the source again and replaces the titles
    case 'ripping':
      if (title.state === 'failed' || (title.selected && !title.filePath)) return { state: 'pending', filePath: null };
      return null;
    case 'matching':
      if (!title.filePath || title.state === 'pending' || title.state === 'ripping') return null;
      if (title.state === 'queued') return null;
      return { state: 'queued', discardReason: null, discardedBy: null };
    case 'organizing':
      if (title.filePath && (title.state === 'failed' || title.state === 'review')) return { state: 'matched' };
      return null;
  }
}

export interface RetryDeps {
  jobs: JobRepository;
  titles: TitleRepository;
  jobService: JobService;
  start: (jobId: number) => void;
}

export async function retryJob(deps: RetryDeps, id: number, from?: RetryFrom): Promise<JobRecord> {
  const job = await deps.jobService.require(id);
  if (job.state === 'review_needed' && !from) {
    throw new ConflictError(
      'job_not_retryable',
      `Job ${id} is waiting for review; continue it, or re-identify / re-match it (retry with "from")`,
    );
  }
  if (!['failed', 'completed', 'review_needed'].includes(job.state)) {
    throw new ConflictError(
      'job_not_retryable',
      `Job ${id} is ${job.state}; only failed or completed jobs can be retried (jobs in review can be re-identified or re-matched)`,
    );
  }
  const titles = await deps.titles.listByJob(id);
  const target = from ?? (job.state === 'review_needed' ? null : (job.retryFrom as RetryFrom | null));
  if (target === null)
    throw new ConflictError(
      'nothing_to_redo',
      `Every title of job ${id} is in the library or was left out by a person; there is nothing to redo`,
    );
  if (!canReopen(job.state, target)) {
    throw new ConflictError('job_not_retryable', `Job ${id} is ${job.state} and cannot run again from ${target}`);
  }
  if (target === 'identifying' && titles.some((t) => t.organizedPath)) {
    throw new ConflictError(
      'titles_in_library',
      `Job ${id} already put titles in the library; identifying it again would lose track of them. Re-match the other titles instead`,
    );
  }
  if (job.sourceKind === 'folder' && job.sourcePath && !(await exists(job.sourcePath))) {
    throw new ConflictError('source_missing', `The folder of job ${id} is gone: ${job.sourcePath}`);
  }
  let reset = 0;
  for (const title of titles) {
    const patch = resetFor(target, title);
    if (!patch) continue;
    // Matching or organizing again needs the title's file; a rip that is gone is ripped again only by a retry from ripping.
    if ((target === 'matching' || target === 'organizing') && !(await exists(title.filePath!))) continue;
    await deps.jobService.updateTitle(title, patch);
    reset++;
  }
  if (target === 'matching' && reset === 0 && !titles.some((t) => t.state === 'queued')) {
    throw new ConflictError('nothing_to_redo', `Job ${id} has no title with a file left to match again`);
  }
  const label = from === 'identifying' ? 're-identify' : from === 'matching' ? 're-match' : 'retry';
  const moved = await deps.jobService.reopen(
    id,
    target,
    `${label} requested: running again from ${target}${reset ? ` (${reset} title(s) redone)` : ''}`,
  );
  deps.start(id);
  return moved;
}
