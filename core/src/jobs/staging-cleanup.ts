/**
 * Reclaims staging space per `staging_cleanup_policy`: `on_success` (default) deletes a job's
 * staging folder when it completes, `on_completion` also after a failure, `manual` never, and
 * `after_days` lets a periodic sweep delete folders of jobs finished `staging_cleanup_days` ago.
 * It only ever deletes the job's own folder, and only when that folder lies strictly inside the
 * configured staging_path and holds no library folder.
 */
import type { Logger } from '@spindle/plugin-sdk';
import { realpath, rm } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import type { AppConfig } from '../config/app-config-fields.ts';
import type { JobRepository } from '../persistence/ports.ts';
import type { JobRecord } from '../persistence/records.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

async function real(path: string): Promise<string | null> {
  return realpath(path).catch(() => null);
}

function inside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

export class StagingCleanup {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: { config: { get(): AppConfig }; jobs: JobRepository; logger: Logger; workRoot: string; now?: () => Date },
  ) {}

  /** Why a job's staging folder may not be deleted, or null when it may. */
  async refusal(job: JobRecord): Promise<string | null> {
    const config = this.deps.config.get();
    if (job.simulated) return 'simulated job';
    if (!job.stagingPath) return 'the job has no staging folder';
    if (!config.staging_path) return 'staging_path is not set';
    const [root, folder] = await Promise.all([real(config.staging_path), real(job.stagingPath)]);
    if (!folder) return 'the folder no longer exists';
    if (!root || !inside(root, folder)) return `${job.stagingPath} is not inside staging_path`;
    for (const library of [config.library_tv_path, config.library_movies_path]) {
      const lib = library ? await real(library) : null;
      if (lib && (lib === folder || inside(folder, lib) || inside(lib, folder))) return `${job.stagingPath} overlaps the library`;
    }
    return null;
  }

  /** Terminal callback: applies on_success / on_completion, and always removes the job's work folder. */
  async jobFinished(job: JobRecord): Promise<void> {
    await rm(join(this.deps.workRoot, `job_${job.id}`), { recursive: true, force: true });
    const policy = this.deps.config.get().staging_cleanup_policy;
    if (policy === 'on_completion' || (policy === 'on_success' && job.state === 'completed')) await this.clean(job, policy);
  }

  /** Deletes the job's staging folder when that is safe; returns whether it did. */
  async clean(job: JobRecord, why: string): Promise<boolean> {
    const refusal = await this.refusal(job);
    if (refusal) {
      if (refusal !== 'simulated job' && refusal !== 'the folder no longer exists') {
        this.deps.logger.info(`staging folder of job ${job.id} kept: ${refusal}`);
      }
      return false;
    }
    await rm(job.stagingPath!, { recursive: true, force: true });
    this.deps.logger.info(`staging folder of job ${job.id} deleted (${why}): ${job.stagingPath}`);
    await this.deps.jobs.note(job.id, job.state, `staging folder deleted (${why})`);
    return true;
  }

  /** The after_days sweep: folders of jobs that finished at least staging_cleanup_days ago. */
  async sweep(): Promise<number> {
    const config = this.deps.config.get();
    if (config.staging_cleanup_policy !== 'after_days') return 0;
    const cutoff = (this.deps.now?.() ?? new Date()).getTime() - config.staging_cleanup_days * DAY_MS;
    let cleaned = 0;
    for (const job of await this.deps.jobs.listInStates(['completed', 'failed'])) {
      if (job.completedAt && job.completedAt.getTime() <= cutoff && (await this.clean(job, `after ${config.staging_cleanup_days} days`))) cleaned++;
    }
    return cleaned;
  }

  startSweeping(intervalMs = SWEEP_INTERVAL_MS): void {
    const run = () =>
      void this.sweep().catch((error: unknown) => this.deps.logger.warn('staging sweep failed', { error: error instanceof Error ? error.message : String(error) }));
    run();
    this.timer = setInterval(run, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
