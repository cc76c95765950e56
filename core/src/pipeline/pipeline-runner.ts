/**
 * Runs jobs through identify → rip → match → organize → complete with the steps its StepSource
 * gives each job (the configured stages; a DEBUG-simulated job the simulated ones). The database
 * row is the cursor: the runner reads the job's state, runs that state's step, and moves on; a
 * restart continues from the stored state.
 */
import { SpindleError, type JobState, type Logger, type ProgressReporter } from '@spindle/plugin-sdk';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobService } from '../jobs/job-service.ts';
import type { EventBus } from '../events/event-bus.ts';
import { isTerminal } from '../jobs/job-state-machine.ts';
import type { JobRepository, TitleRepository } from '../persistence/ports.ts';
import type { JobRecord } from '../persistence/records.ts';
import type { ConfigReader, PluginContextFactory } from '../plugins/plugin-context-factory.ts';
import type { SubtitleService } from '../subtitles/subtitle-service.ts';
import type { StageResolver } from './stage-resolver.ts';
import type { StepDeps } from './step-deps.ts';
import type { StepSource } from './step-table.ts';
import { asksBeforeFiling, filingPlanReason } from '../jobs/filing-plan.ts';
import { asksWhichTitles, ripChoiceReason } from './rip-choices.ts';
import { failUnfinishedTitles } from '../jobs/unfinished-titles.ts';
import { TitleFlow } from './title-flow.ts';

export interface PipelineRunnerDeps {
  jobs: JobRepository;
  bus: EventBus;
  titles: TitleRepository;
  jobService: JobService;
  resolver: StageResolver;
  contexts: PluginContextFactory;
  config: ConfigReader;
  logger: Logger;
  workRoot: string;
  /** Which steps serve a job: the configured stages (configured-steps.ts) or another table (the DEBUG simulation's). */
  steps: StepSource;
  subtitles?: SubtitleService;
  matchConcurrency?: number;
}

interface RunHandle {
  controller: AbortController;
  done: Promise<void>;
}

const noProgress: ProgressReporter = { report: () => undefined };

/** An error in words for a person: the message only (the stack trace goes to the log, see errorDetail). */
export function errorText(error: unknown): string {
  if (SpindleError.is(error)) return error.message;
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** An error with its stack trace, for the log. */
export function errorDetail(error: unknown): string {
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}

/** What a failed job says: a stage's own error as it is, anything unexpected named as such. */
function failureMessage(error: unknown, state: JobState): string {
  return SpindleError.is(error) ? error.message : `${state} failed unexpectedly: ${errorText(error)}`;
}

export class PipelineRunner {
  private readonly running = new Map<number, RunHandle>();

  constructor(private readonly deps: PipelineRunnerDeps) {}

  isRunning(jobId: number): boolean {
    return this.running.has(jobId);
  }

  /** Starts (or continues) a job in the background; a job already running is left alone. */
  start(jobId: number): void {
    if (this.running.has(jobId)) return;
    const controller = new AbortController();
    const done = this.drive(jobId, controller.signal)
      .catch((error: unknown) => this.deps.logger.error(`job ${jobId} runner crashed`, { error: errorDetail(error) }))
      .finally(() => this.running.delete(jobId));
    this.running.set(jobId, { controller, done });
  }

  /** Stops a job's running stage (child processes are killed) and waits for it to let go. */
  async abort(jobId: number, reason: string): Promise<void> {
    const handle = this.running.get(jobId);
    if (!handle) return;
    handle.controller.abort(new Error(reason));
    await handle.done;
  }

  /** Aborts every running job without failing it: the next start reconciles them. */
  async shutdown(reason = 'Spindle is shutting down'): Promise<void> {
    const handles = [...this.running.values()];
    for (const h of handles) h.controller.abort(new Error(reason));
    await Promise.all(handles.map((h) => h.done));
  }

  /** Resolves when the job's background run (if any) has finished. */
  async settled(jobId: number): Promise<void> {
    await this.running.get(jobId)?.done;
  }

  /**
   * What steps get; also used by the DEBUG step probes. `resolver` defaults to the live one; a
   * job's run passes the snapshot taken when it started, so a configuration change mid-job
   * reaches only the next job.
   */
  stepDeps(signal: AbortSignal, resolver: StageResolver = this.deps.resolver): StepDeps {
    const { deps } = this;
    return {
      jobs: deps.jobs,
      bus: deps.bus,
      titles: deps.titles,
      jobService: deps.jobService,
      resolver,
      config: deps.config,
      logger: deps.logger,
      ...(deps.subtitles ? { subtitles: deps.subtitles } : {}),
      ...(deps.matchConcurrency ? { matchConcurrency: deps.matchConcurrency } : {}),
      signal,
      context: async (record, job: JobRecord, stage: string, progress?: ProgressReporter) => {
        const workDir = join(deps.workRoot, `job_${job.id}`, `${stage}-${record.id}`);
        await mkdir(workDir, { recursive: true });
        return deps.contexts.stage(record, { signal, progress: progress ?? noProgress, workDir });
      },
    };
  }

  /**
   * A failed job leaves no title looking busy: RIPPING, QUEUED and MATCHING become FAIL (as on
   * cancel), and a title caught mid-rip claims no file.
   */
  private async settleTitles(jobId: number): Promise<void> {
    try {
      await failUnfinishedTitles(this.deps, jobId, 'mid_rip');
    } catch (error) {
      this.deps.logger.warn(`job ${jobId}: could not mark its unfinished titles as failed`, {
        error: errorText(error),
      });
    }
  }

  private async drive(jobId: number, signal: AbortSignal): Promise<void> {
    // The implementations configured now serve this run to its end, whatever changes meanwhile.
    const base = this.stepDeps(signal, this.deps.resolver.snapshot());
    // Titles are matched (and filed) as they come while the job moves on: the run's flow outlives each step.
    const flow = new TitleFlow(jobId, base);
    try {
      await this.driveSteps(jobId, signal, { ...base, flow }, flow);
    } finally {
      await flow.settle(); // nothing of this run goes on after it: cancel, failure and shutdown included
    }
  }

  private async driveSteps(jobId: number, signal: AbortSignal, stepDeps: StepDeps, flow: TitleFlow): Promise<void> {
    for (;;) {
      if (signal.aborted) return;
      const job = await this.deps.jobs.get(jobId);
      if (!job || isTerminal(job.state) || job.state === 'review_needed') return;
      if (job.state === 'idle') {
        await this.deps.jobService.transition(jobId, 'identifying');
        continue;
      }
      const entry = this.deps.steps.stepsFor(job)[job.state];
      if (!entry) return;
      try {
        const outcome = await entry.step(job, stepDeps);
        if (signal.aborted) return;
        if (outcome.kind === 'review') {
          await this.deps.jobService.transition(jobId, 'review_needed', {
            patch: {
              ...outcome.patch,
              reviewReason: outcome.reason,
              reviewKind: outcome.about,
              resumeState: outcome.resumeAt,
            },
            message: outcome.reason,
          });
          return;
        }
        // "Ask which titles to rip": an identified job waits with its titles listed until a person ticks them.
        if (entry.next === 'ripping' && asksWhichTitles(this.deps.config.get(), job)) {
          const reason = ripChoiceReason(await this.deps.titles.listByJob(jobId));
          await this.deps.jobService.transition(jobId, 'review_needed', {
            patch: { ...outcome.patch, reviewReason: reason, reviewKind: 'rip_choice', resumeState: 'ripping' },
            message: reason,
          });
          return;
        }
        // "Always ask before filing": the plan waits for a person before anything reaches the library.
        if (entry.next === 'organizing' && asksBeforeFiling(this.deps.config.get())) {
          const reason = filingPlanReason(await this.deps.titles.listByJob(jobId));
          await this.deps.jobService.transition(jobId, 'review_needed', {
            patch: { ...outcome.patch, reviewReason: reason, reviewKind: 'filing', resumeState: 'organizing' },
            message: reason,
          });
          return;
        }
        await this.deps.jobService.transition(jobId, entry.next, {
          patch: {
            ...outcome.patch,
            progressPercent: entry.next === 'completed' ? 100 : 0,
            currentSpeed: null,
            etaSeconds: null,
          },
        });
      } catch (error) {
        if (signal.aborted) return; // cancel or shutdown: whoever aborted decides the job's fate
        const message = failureMessage(error, job.state);
        this.deps.logger.error(`job ${jobId} failed in ${job.state}`, { error: errorDetail(error) });
        const current = await this.deps.jobs.get(jobId);
        if (current && !isTerminal(current.state)) {
          await flow.settle();
          await this.settleTitles(jobId);
          await this.deps.jobService.transition(jobId, 'failed', { patch: { errorMessage: message }, message });
        }
        return;
      }
    }
  }
}
