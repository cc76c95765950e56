/**
 * Reclaims staging space per `staging_cleanup_policy` — `on_success` (default) when a job
 * completes, `on_completion` also after a failure, `after_days` in a periodic sweep
 * `staging_cleanup_days` after the job finished, `manual` never — and under every policy deletes
 * only what is accounted for:
 * - a video file of the job's folder is deleted only when a person decided to discard its title (a
 *   review decision, or the `discard_files_of` setting recorded on the title), or when it is
 *   Spindle's own rip (a disc job's `job_<id>` folder) of a title left out for a stated reason;
 *   files that reached the library were moved there already, so they are gone from staging anyway;
 * - every other file stays where it is (titles left out by a built-in rule, failed or unfinished
 *   titles, files no title claims, every non-video file), and the timeline says which and why;
 * - Spindle's own rip folder (`job_<id>`) is removed once it holds no video file; a folder a person
 *   imported is removed only when it is empty; a folder imported with `mode: copy` is never touched.
 */
import type { Logger } from '@spindle/plugin-sdk';
import { readdir, realpath, rm, rmdir, unlink } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import type { AppConfig } from '../config/app-config-fields.ts';
import type { JobRepository, TitleRepository } from '../persistence/ports.ts';
import type { JobRecord, TitleRecord } from '../persistence/records.ts';
import { fileMayBeDeleted, titleOutcome } from './title-accounting.ts';
import { errorMessage } from '@spindle/plugin-sdk';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Video containers a rip or a person's folder holds; anything else is never deleted. */
const VIDEO = /\.(mkv|mk3d|mp4|m4v|m2ts|mts|ts|avi|mov|wmv|mpg|mpeg|vob|iso|webm)$/i;

async function real(path: string): Promise<string | null> {
  return realpath(path).catch(() => null);
}

function inside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/** Why a kept file stays, in words for the timeline. */
function keptBecause(title: TitleRecord | undefined): string {
  if (!title) return 'no title of this job claims it';
  switch (titleOutcome(title)) {
    case 'discarded':
      return `${title.discardReason} — left out by a rule, not by you`;
    case 'failed':
      return 'its title failed';
    case 'filed':
      return 'its title is in the library (as a copy or a transcode): this is your original';
    default:
      return 'its title is not finished';
  }
}

export interface CleanupResult {
  /** Files a person (or their setting) chose to discard. */
  deleted: string[];
  /** Spindle's own rips of titles left out by a rule. */
  deletedRips: string[];
  kept: { name: string; why: string }[];
  folderRemoved: boolean;
}

export class StagingCleanup {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: {
      config: { get(): AppConfig };
      jobs: JobRepository;
      titles: TitleRepository;
      logger: Logger;
      workRoot: string;
      now?: () => Date;
    },
  ) {}

  /** Why nothing in a job's staging folder may be touched, or null when the accounted files may go. */
  async refusal(job: JobRecord): Promise<string | null> {
    const config = this.deps.config.get();
    if (!job.stagingPath) return 'the job has no staging folder';
    if (job.importMode === 'copy') return 'the folder was imported as a copy: it is left as it is';
    const folder = await real(job.stagingPath);
    if (!folder) return 'the folder no longer exists';
    for (const library of [config.library_tv_path, config.library_movies_path]) {
      const lib = library ? await real(library) : null;
      if (lib && (lib === folder || inside(folder, lib) || inside(lib, folder)))
        return `${job.stagingPath} overlaps the library`;
    }
    return null;
  }

  /** A job ended (job-state-hooks.ts): removes the job's work folder, and applies on_success / on_completion. */
  async jobFinished(job: JobRecord): Promise<void> {
    await rm(join(this.deps.workRoot, `job_${job.id}`), { recursive: true, force: true });
    const policy = this.deps.config.get().staging_cleanup_policy;
    if (policy === 'on_completion' || (policy === 'on_success' && job.state === 'completed'))
      await this.clean(job, policy);
  }

  /** Deletes the job's accounted files (and its emptied folder); notes on the timeline what was kept and why. */
  async clean(job: JobRecord, why: string): Promise<CleanupResult | null> {
    const refusal = await this.refusal(job);
    if (refusal) {
      if (refusal !== 'the folder no longer exists')
        this.deps.logger.info(`staging folder of job ${job.id} kept: ${refusal}`);
      return null;
    }
    const folder = resolve(job.stagingPath!);
    const titles = await this.deps.titles.listByJob(job.id);
    // A title claims its file (a rip, or a transcode Spindle wrote) and, in a folder job, the person's source file.
    const byFile = new Map<string, TitleRecord>();
    for (const t of titles) {
      if (t.filePath) byFile.set(resolve(t.filePath), t);
      if (job.sourceKind === 'folder' && t.sourceFile) byFile.set(join(folder, t.sourceFile), t);
    }
    const own = this.isOwnRipFolder(job, folder);
    const result: CleanupResult = { deleted: [], deletedRips: [], kept: [], folderRemoved: false };
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.filter((e) => e.isFile() && VIDEO.test(e.name))) {
      const path = join(folder, entry.name);
      const title = byFile.get(path);
      if (title && fileMayBeDeleted(title)) {
        await unlink(path).catch(() => undefined);
        result.deleted.push(entry.name);
      } else if (title && own && titleOutcome(title) === 'discarded') {
        await unlink(path).catch(() => undefined);
        result.deletedRips.push(entry.name);
      } else {
        result.kept.push({ name: entry.name, why: keptBecause(title) });
      }
    }
    result.folderRemoved = await this.removeFolderIfDone(own, folder, result.kept.length);
    await this.report(job, why, result);
    return result;
  }

  /**
   * Spindle's own `job_<id>` rip folder, inside the staging root the job was created under (not
   * whatever staging_path says now): everything in it was written by Spindle.
   */
  private isOwnRipFolder(job: JobRecord, folder: string): boolean {
    const rip = job.folderOrigin === 'rip' || (job.folderOrigin === null && job.sourceKind === 'disc');
    const root = job.stagingRoot ?? this.deps.config.get().staging_path;
    return rip && basename(folder) === `job_${job.id}` && root !== null && inside(resolve(root), folder);
  }

  /** Spindle's own rip folder goes once no video is kept in it; a person's folder only when empty. */
  private async removeFolderIfDone(own: boolean, folder: string, kept: number): Promise<boolean> {
    if (kept > 0) return false;
    if (own) {
      await rm(folder, { recursive: true, force: true });
      return true;
    }
    return rmdir(folder).then(
      () => true,
      () => false, // not empty (a file of the person's that is not a video) or already gone
    );
  }

  private async report(job: JobRecord, why: string, result: CleanupResult): Promise<void> {
    const parts: string[] = [];
    if (result.deleted.length > 0)
      parts.push(`deleted ${result.deleted.length} file(s) a person chose to discard: ${result.deleted.join(', ')}`);
    if (result.deletedRips.length > 0)
      parts.push(
        `deleted ${result.deletedRips.length} of Spindle's own rip(s) of titles left out: ${result.deletedRips.join(', ')}`,
      );
    if (result.kept.length > 0)
      parts.push(
        `kept ${result.kept.length} file(s) in ${job.stagingPath}: ${result.kept.map((k) => `${k.name} (${k.why})`).join('; ')}`,
      );
    if (result.folderRemoved) parts.push(`removed the emptied folder ${job.stagingPath}`);
    if (parts.length === 0) return;
    const text = `staging cleanup (${why}): ${parts.join('; ')}`;
    this.deps.logger.info(`job ${job.id}: ${text}`);
    await this.deps.jobs.note(job.id, job.state, text);
  }

  /** The after_days sweep: jobs that finished at least staging_cleanup_days ago and still have a folder. */
  async sweep(): Promise<number> {
    const config = this.deps.config.get();
    if (config.staging_cleanup_policy !== 'after_days') return 0;
    const cutoff = (this.deps.now?.() ?? new Date()).getTime() - config.staging_cleanup_days * DAY_MS;
    let cleaned = 0;
    for (const job of await this.deps.jobs.listInStates(['completed', 'failed'])) {
      if (!job.completedAt || job.completedAt.getTime() > cutoff || (await this.alreadySwept(job))) continue;
      const result = await this.clean(job, `after ${config.staging_cleanup_days} days`);
      if (result && (result.deleted.length > 0 || result.deletedRips.length > 0 || result.folderRemoved)) cleaned++;
    }
    return cleaned;
  }

  /** A job the sweep already looked at (its timeline says so) is not reported again every hour. */
  private async alreadySwept(job: JobRecord): Promise<boolean> {
    const finished = job.completedAt?.getTime() ?? 0;
    return (await this.deps.jobs.timeline(job.id)).some(
      (e) => e.at.getTime() >= finished && e.message?.startsWith('staging cleanup (after '),
    );
  }

  startSweeping(intervalMs = SWEEP_INTERVAL_MS): void {
    const run = () =>
      void this.sweep().catch((error: unknown) =>
        this.deps.logger.warn('staging sweep failed', { error: errorMessage(error) }),
      );
    run();
    this.timer = setInterval(run, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
