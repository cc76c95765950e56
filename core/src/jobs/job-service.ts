/**
 * Owns every change of a job's state: validate against the state machine → persist (compare and
 * set) → broadcast → the lifecycle's hooks (job-state-hooks.ts). Nothing else writes `state`.
 */
import { ConflictError, errorMessage, NotFoundError, type JobState, type Logger } from '@spindle/plugin-sdk';
import { inject, injectable } from 'tsyringe';
import { Tokens } from '../container/tokens.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { JobRepository, TitleRepository } from '../persistence/ports.ts';
import type { JobPatch, JobRecord, NewJob, NewTitle, TitlePatch, TitleRecord } from '../persistence/records.ts';
import type { Clock } from './clock.ts';
import type { JobLifecycle } from './job-lifecycle.ts';
import { canReopen, canTransition, isTerminal } from './job-state-machine.ts';
import { retryFromCompletion, retryFromFailure } from './job-retry.ts';
import { canTransitionTitle } from './title-state-machine.ts';

export interface TransitionOptions {
  patch?: JobPatch;
  /** Timeline note (e.g. the review reason or the error). */
  message?: string | null;
}

export interface ProgressReport {
  percent: number;
  speed: string | null;
  etaSeconds: number | null;
  currentTitle: number | null;
  totalTitles: number | null;
}

@injectable()
export class JobService {
  constructor(
    @inject(Tokens.JobRepository) private readonly jobs: JobRepository,
    @inject(Tokens.TitleRepository) private readonly titles: TitleRepository,
    @inject(Tokens.EventBus) private readonly bus: EventBus,
    @inject(Tokens.Clock) private readonly clock: Clock,
    @inject(Tokens.Logger) private readonly logger: Logger,
    @inject(Tokens.JobLifecycle) private readonly lifecycle: JobLifecycle,
  ) {}

  async create(job: NewJob): Promise<JobRecord> {
    const created = await this.jobs.create({ state: 'idle', ...job });
    this.bus.emit('job.created', {
      jobId: created.id,
      volumeLabel: created.volumeLabel,
      contentType: created.contentType,
    });
    this.emitState(created, created.state);
    await this.lifecycle.entered(created, created.state);
    return created;
  }

  async require(id: number): Promise<JobRecord> {
    const job = await this.jobs.get(id);
    if (!job) throw new NotFoundError('job_not_found', `Job ${id} does not exist`);
    return job;
  }

  /** Moves a job to `to`; throws ConflictError when the state machine forbids it. */
  async transition(id: number, to: JobState, options: TransitionOptions = {}): Promise<JobRecord> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = await this.require(id);
      if (!canTransition(current.state, to)) {
        throw new ConflictError('invalid_transition', `Job ${id} cannot go from ${current.state} to ${to}`, {
          details: { from: current.state, to },
        });
      }
      const now = this.clock.now();
      const patch: JobPatch = { ...options.patch, updatedAt: now };
      if (isTerminal(to)) {
        patch.completedAt = now;
        patch.etaSeconds = null;
        patch.currentSpeed = null;
      }
      if (to === 'completed') patch.progressPercent = 100;
      if (isTerminal(to)) {
        // The job's outcome, counted from its titles, and where a retry would start, decided while its last state is known.
        const titles = await this.titles.listByJob(id);
        patch.filesFiled = titles.filter((t) => t.organizedPath).length;
        patch.titlesDiscarded = titles.filter((t) => !t.organizedPath && t.discardReason).length;
        patch.retryFrom = to === 'failed' ? retryFromFailure(current.state, current) : retryFromCompletion(titles);
      }
      // A review's subject ends when the job moves on; a job given up in review keeps it (retry starts there).
      if (to !== 'review_needed' && to !== 'failed') patch.reviewKind = null;
      const updated = await this.jobs.transition(id, current.state, to, patch, options.message ?? null);
      if (!updated) continue; // someone else moved it in between: re-read and re-validate
      this.logger.info(
        `job ${id}: ${current.state} → ${to}`,
        options.message ? { message: options.message } : undefined,
      );
      this.emitState(updated, current.state);
      await this.lifecycle.entered(updated, current.state);
      return updated;
    }
    throw new ConflictError('transition_race', `Job ${id} kept changing state; try again`);
  }

  /**
   * Runs a finished job (or one in review) again from `to`: the only way out of completed and
   * failed. Keeps the id, titles, decisions and timeline; clears the outcome of the last run.
   */
  async reopen(id: number, to: JobState, message: string): Promise<JobRecord> {
    const current = await this.require(id);
    if (!canReopen(current.state, to)) {
      throw new ConflictError('job_not_retryable', `Job ${id} is ${current.state} and cannot be run again from ${to}`, {
        details: { from: current.state, to },
      });
    }
    const patch: JobPatch = {
      updatedAt: this.clock.now(),
      completedAt: null,
      errorMessage: null,
      reviewReason: null,
      reviewKind: null,
      resumeState: null,
      retryFrom: null,
      progressPercent: 0,
      currentSpeed: null,
      etaSeconds: null,
    };
    const updated = await this.jobs.transition(id, current.state, to, patch, message);
    if (!updated) throw new ConflictError('transition_race', `Job ${id} changed state meanwhile; try again`);
    this.logger.info(`job ${id}: ${current.state} → ${to} (${message})`);
    this.emitState(updated, current.state);
    await this.lifecycle.entered(updated, current.state);
    return updated;
  }

  /** Stores a change of a job's other fields (never its state: see transition) and says which fields changed. */
  async update(id: number, patch: JobPatch): Promise<JobRecord> {
    const updated = await this.jobs.update(id, { ...patch, updatedAt: this.clock.now() });
    this.bus.emit('job.updated', { jobId: id, fields: Object.keys(patch) });
    if (patch.clearedAt) this.bus.emit('job.cleared', { jobId: id });
    return updated;
  }

  /** Stores and broadcasts progress. Callers may report often; the WebSocket gateway throttles. */
  async progress(id: number, report: ProgressReport): Promise<void> {
    const percent = Math.max(0, Math.min(100, report.percent));
    const job = await this.jobs.update(id, {
      progressPercent: percent,
      currentSpeed: report.speed,
      etaSeconds: report.etaSeconds,
    });
    this.bus.emit('job.progress', { jobId: id, state: job.state, ...report, percent });
  }

  async updateTitle(title: TitleRecord, patch: TitlePatch): Promise<TitleRecord> {
    if (patch.state && !canTransitionTitle(title.state, patch.state)) {
      throw new ConflictError(
        'invalid_title_transition',
        `Title ${title.id} cannot go from ${title.state} to ${patch.state}`,
      );
    }
    // A title that leaves review no longer waits for anyone: its review goes with it.
    const clearsReview =
      patch.state !== undefined && patch.state !== 'review' && patch.review === undefined && title.review !== null;
    const updated = await this.titles.update(title.id, clearsReview ? { ...patch, review: null } : patch);
    this.emitTitle(updated);
    return updated;
  }

  /** Stores a job's titles as a scan found them, replacing those of an earlier scan; each new title is announced. */
  async replaceTitles(jobId: number, titles: NewTitle[]): Promise<TitleRecord[]> {
    const stored = await this.titles.replaceForJob(jobId, titles);
    for (const title of stored) this.emitTitle(title);
    return stored;
  }

  /** Adds titles to a job (files that joined it late); each is announced. */
  async addTitles(jobId: number, titles: NewTitle[]): Promise<TitleRecord[]> {
    const stored = await this.titles.addToJob(jobId, titles);
    for (const title of stored) this.emitTitle(title);
    return stored;
  }

  /**
   * Deletes every job with its titles and timeline (the DEBUG reset; the caller stops the runner
   * first) and announces it, so listeners drop what they keep per job. Says how many jobs went.
   */
  async deleteAll(): Promise<number> {
    const deleted = await this.jobs.deleteAll();
    this.bus.emit('jobs.reset', { deleted });
    return deleted;
  }

  private emitTitle(title: TitleRecord): void {
    this.bus.emit('title.updated', {
      jobId: title.jobId,
      titleId: title.id,
      titleIndex: title.titleIndex,
      state: title.state,
      matchedEpisode: title.matchedEpisode,
      matchConfidence: title.matchConfidence,
    });
  }

  private emitState(job: JobRecord, from: JobState): void {
    this.bus.emit('job.state_changed', {
      jobId: job.id,
      from,
      to: job.state,
      at: job.updatedAt.toISOString(),
      errorMessage: job.errorMessage,
      reviewReason: job.reviewReason,
      progressPercent: job.progressPercent,
      currentSpeed: job.currentSpeed,
      etaSeconds: job.etaSeconds,
    });
  }
}
