/**
 * Files that show up in a folder job's folder after the job started (a slow copy, a second batch):
 * they are never ignored and never deleted. While the job still rips they join it; once it has
 * ripped they are noted on its timeline, and when it ends they become a job of their own, limited
 * to exactly those files. Every case is a timeline line and a `late_files` message on /ws.
 */
import type { Logger } from '@spindle/plugin-sdk';
import { readdir } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { EventBus } from '../events/event-bus.ts';
import type { JobRepository, TitleRepository } from '../persistence/ports.ts';
import type { JobRecord } from '../persistence/records.ts';

/** The file names of a JSON list (a follow-up job's `onlyFilesJson`), or null for "every file". */
export function parseFileList(json: string | null): string[] | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
  } catch {
    return null;
  }
}

const isMkv = (name: string) => name.toLowerCase().endsWith('.mkv');

/** The .mkv files directly in a folder, sorted; empty when it cannot be read. */
export async function mkvFilesIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && isMkv(e.name))
    .map((e) => e.name)
    .sort();
}

export interface LateFileDeps {
  jobs: JobRepository;
  titles: TitleRepository;
  bus: EventBus;
  logger: Logger;
}

/**
 * The files of a folder no job has claimed: not a title of any job on that folder, and not on the
 * list of a follow-up job. A job of the whole folder that has no titles (not scanned yet, or it
 * failed before its scan) claims every file: which files it would have seen cannot be known, so
 * none of them counts as late (and no chain of follow-up jobs can start from a job that never scanned).
 */
export async function unclaimedFiles(folder: string, deps: Pick<LateFileDeps, 'jobs' | 'titles'>): Promise<string[]> {
  const claimed = new Set<string>();
  for (const job of await deps.jobs.listBySourcePath(folder)) {
    const only = parseFileList(job.onlyFilesJson);
    const titles = await deps.titles.listByJob(job.id);
    if (!only && titles.length === 0) return [];
    for (const title of titles) {
      if (title.sourceFile) claimed.add(title.sourceFile);
      // A file Spindle wrote into the folder for the title (a transcode) is the title's too.
      if (title.filePath && dirname(title.filePath) === folder) claimed.add(basename(title.filePath));
    }
    for (const name of only ?? []) claimed.add(name);
  }
  return (await mkvFilesIn(folder)).filter((name) => !claimed.has(name));
}

/** Says on the job's timeline and on /ws what became of late files. */
export async function reportLateFiles(
  deps: Pick<LateFileDeps, 'jobs' | 'bus' | 'logger'>,
  job: JobRecord,
  files: string[],
  action: 'joined' | 'noticed' | 'new_job',
  newJobId: number | null = null,
): Promise<void> {
  const list = files.join(', ');
  const text =
    action === 'joined'
      ? `${files.length} file(s) appeared in the folder while ripping and joined this job: ${list}`
      : action === 'noticed'
        ? `${files.length} file(s) appeared in the folder after ripping: ${list}; they become a new job when this one ends`
        : `${files.length} file(s) appeared in the folder after ripping: ${list}; they are job ${newJobId}`;
  deps.logger.info(`job ${job.id}: ${text}`);
  await deps.jobs.note(job.id, job.state, text);
  deps.bus.emit('job.late_files', { jobId: job.id, files, action, newJobId });
}

/** Creates the follow-up job for a finished job's late files (the intake's import). */
export type FollowUpImport = (job: JobRecord, files: string[]) => Promise<JobRecord>;

/** A job ended (job-state-hooks.ts): late files of a finished folder job become a job of their own. */
export async function handOverLateFiles(
  deps: LateFileDeps,
  job: JobRecord,
  followUp: FollowUpImport,
): Promise<JobRecord | null> {
  if (job.sourceKind !== 'folder' || !job.sourcePath) return null;
  if ((await deps.titles.listByJob(job.id)).length === 0) return null; // never scanned: nothing it saw can be told from what came later
  const late = await unclaimedFiles(job.sourcePath, deps);
  if (late.length === 0) return null;
  const created = await followUp(job, late);
  await reportLateFiles(deps, job, late, 'new_job', created.id);
  return created;
}
