/**
 * Runs the configured contributors when a job completes, in the background (a contributor never
 * changes a job's outcome). The job is marked in `contribution_run` first and unmarked when every
 * contributor finished, so contributions of a job caught by a crash are derived at the next start.
 * Contributors see each title at its final place (the organized path when it was moved).
 */
import type { ContributedTitle, Logger, ProgressReporter } from '@spindle/plugin-sdk';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { BackgroundTasks } from '../app/background-tasks.ts';
import type { JobRepository, TitleRepository } from '../persistence/ports.ts';
import type { JobRecord } from '../persistence/records.ts';
import { parseMatch, toJobView, toTitleView } from '../pipeline/job-view.ts';
import type { StageResolver } from '../pipeline/stage-resolver.ts';
import type { PluginContextFactory } from '../plugins/plugin-context-factory.ts';
import type { ContributionQueue } from './contribution-queue.ts';
import { errorMessage } from '@spindle/plugin-sdk';

const noProgress: ProgressReporter = { report: () => undefined };

type ContributorRunnerDeps = {
  resolver: StageResolver;
  contexts: PluginContextFactory;
  jobs: JobRepository;
  titles: TitleRepository;
  queue: ContributionQueue;
  logger: Logger;
  workRoot: string;
};

export class ContributorRunner {
  private readonly tasks = new BackgroundTasks();

  constructor(private readonly deps: ContributorRunnerDeps) {}

  /** A job completed (job-state-hooks.ts): it gets its contributions derived. */
  async jobFinished(job: JobRecord): Promise<void> {
    if (job.state !== 'completed' || this.deps.resolver.contributors().length === 0) return;
    await this.deps.queue.markRun(job.id);
    this.spawn(job.id);
  }

  /** Derives the contributions of jobs a crash interrupted. */
  async resumePending(): Promise<void> {
    if (this.deps.resolver.contributors().length === 0) return;
    for (const jobId of await this.deps.queue.pendingRuns()) this.spawn(jobId);
  }

  /** True while a contribution run is under way in the background. */
  get busy(): boolean {
    return this.tasks.busy;
  }

  /** Resolves when every background run has finished. */
  settled(): Promise<void> {
    return this.tasks.settled();
  }

  stop(): Promise<void> {
    return this.tasks.stop();
  }

  private spawn(jobId: number): void {
    this.tasks.run(
      () => this.run(jobId),
      (error) => this.deps.logger.warn(`contributions of job ${jobId} failed`, { error: errorMessage(error) }),
    );
  }

  private async run(jobId: number): Promise<void> {
    const { deps } = this;
    const job = await deps.jobs.get(jobId);
    if (!job || job.state !== 'completed') return void (await deps.queue.finishRun(jobId));
    const titles: ContributedTitle[] = (await deps.titles.listByJob(jobId)).map((t) => ({
      title: { ...toTitleView(t), filePath: t.organizedPath ?? t.filePath },
      match: parseMatch(t),
    }));
    const workDir = join(deps.workRoot, `job_${jobId}`, 'contribute');
    let interrupted = false;
    for (const contributor of deps.resolver.contributors()) {
      if (this.tasks.signal.aborted) return; // the run stays marked: the next start resumes it
      await mkdir(workDir, { recursive: true });
      const ctx = deps.contexts.stage(contributor.record, { signal: this.tasks.signal, progress: noProgress, workDir });
      try {
        await contributor.impl.jobCompleted({ job: toJobView(job), titles: structuredClone(titles) }, ctx);
      } catch (error) {
        if (this.tasks.signal.aborted) interrupted = true;
        else
          deps.logger.warn(`contributor ${contributor.record.id} failed for job ${jobId}`, {
            error: errorMessage(error),
          });
      }
    }
    await rm(workDir, { recursive: true, force: true });
    if (!interrupted) await deps.queue.finishRun(jobId);
  }
}
