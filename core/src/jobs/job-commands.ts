/**
 * What users can do to a job: start, cancel, clear, review a title, approve all. Each checks the
 * job's state (409 when it does not fit), changes it through JobService, and hands running work
 * to the pipeline runner. Review decisions are kept on the job's timeline.
 */
import { ConflictError, parseEpisodeCode } from '@spindle/plugin-sdk';
import type { JobRecord, TitleRecord } from '../persistence/records.ts';
import type { JobService } from './job-service.ts';
import { isRunning, isTerminal } from './job-state-machine.ts';
import { retryJob, type RetryFrom } from './job-retry.ts';
import type { ReviewDecision } from './review-decisions.ts';
import { approveAllTitles, resumeFromReview, reviewTitle, type JobCommandsDeps } from './review-commands.ts';
import { failUnfinishedTitles } from './unfinished-titles.ts';

export type { ReviewDecision } from './review-decisions.ts';

export const CANCELLED_MESSAGE = 'Cancelled by user';

export class JobCommands {
  constructor(private readonly deps: JobCommandsDeps) {}

  async start(id: number): Promise<JobRecord> {
    const job = await this.deps.jobService.require(id);
    if (job.state === 'idle') {
      const moved = await this.deps.jobService.transition(id, 'identifying');
      this.deps.runner.start(id);
      return moved;
    }
    if (job.state === 'review_needed') return resumeFromReview(this.deps, job);
    throw new ConflictError(
      'job_not_startable',
      `Job ${id} is ${job.state}; only idle or review_needed jobs can be started`,
    );
  }

  /** Runs a job again (see job-retry.ts): failed or completed, or a re-identify / re-match from review. */
  async retry(id: number, from?: RetryFrom): Promise<JobRecord> {
    const job = await this.deps.jobService.require(id);
    // A job that just ended may still be doing its end-of-job work (cleanup, late files): that finishes first.
    if (isTerminal(job.state)) await this.deps.runner.settled(id);
    else if (this.deps.runner.isRunning(id)) throw new ConflictError('job_running', `Job ${id} is still running`);
    return retryJob(
      {
        jobs: this.deps.jobs,
        titles: this.deps.titles,
        jobService: this.deps.jobService,
        start: (jobId) => this.deps.runner.start(jobId),
      },
      id,
      from,
    );
  }

  async cancel(id: number): Promise<JobRecord> {
    const job = await this.deps.jobService.require(id);
    if (isTerminal(job.state)) throw new ConflictError('job_finished', `Job ${id} is already ${job.state}`);
    await this.deps.runner.abort(id, CANCELLED_MESSAGE);
    await failUnfinishedTitles(this.deps, id, 'none');
    return this.deps.jobService.transition(id, 'failed', {
      patch: { errorMessage: CANCELLED_MESSAGE },
      message: CANCELLED_MESSAGE,
    });
  }

  async clear(id: number): Promise<JobRecord> {
    const job = await this.deps.jobService.require(id);
    if (isRunning(job.state)) {
      throw new ConflictError(
        'job_running',
        `Job ${id} is ${job.state}; cancel it before clearing it from the dashboard`,
      );
    }
    if (job.clearedAt) return job;
    const cleared = await this.deps.jobService.update(id, { clearedAt: new Date() });
    return cleared;
  }

  /**
   * Clears every completed and failed job from the dashboard at once (the same soft clear as one
   * job: history, statistics and every file stay). Returns the ids cleared.
   */
  async clearFinished(): Promise<number[]> {
    const cleared: number[] = [];
    const now = new Date();
    for (const job of await this.deps.jobs.listFinishedUncleared()) {
      await this.deps.jobService.update(job.id, { clearedAt: now });
      cleared.push(job.id);
    }
    return cleared;
  }

  /** Decides one title of a job in review (see review-commands.ts). */
  async review(id: number, decision: ReviewDecision): Promise<TitleRecord> {
    return reviewTitle(this.deps, id, decision);
  }

  /**
   * Accepts every best candidate and continues. A title with no candidate at all stays in review
   * (never a guess): the job then stays in review_needed and says which titles still need a person.
   * When not one waiting title has a suggestion, nothing is approved: 409 nothing_to_approve says so.
   */
  async approveAll(id: number): Promise<JobRecord> {
    return approveAllTitles(this.deps, id);
  }

  /**
   * Stores uploaded reference subtitles. A job waiting in review after matching is matched again
   * (its undecided titles go back in line); otherwise the files are used when matching starts.
   */
  async addSubtitles(id: number, files: { episodeCode: string; srt: string }[]): Promise<JobRecord> {
    const job = await this.deps.jobService.require(id);
    if (!this.deps.subtitles)
      throw new ConflictError('subtitles_unsupported', 'This installation has no subtitle support');
    if (job.contentType !== 'tv')
      throw new ConflictError(
        'subtitles_not_tv',
        `Job ${id} is not a TV disc; reference subtitles are matched per episode`,
      );
    if (isTerminal(job.state)) throw new ConflictError('job_finished', `Job ${id} is already ${job.state}`);
    const parsed = files.map((f) => {
      const code = parseEpisodeCode(f.episodeCode)!;
      return { season: code.season, episode: code.episode, srt: f.srt };
    });
    const updated = await this.deps.subtitles.upload(job, parsed);
    await this.deps.jobs.note(
      id,
      job.state,
      `reference subtitles uploaded: ${files.map((f) => f.episodeCode).join(', ')}`,
    );
    if (job.state === 'review_needed' && job.resumeState === 'organizing') {
      for (const title of (await this.deps.titles.listByJob(id)).filter(
        (t) => t.state === 'review' && t.matchSource !== 'user_review',
      )) {
        await this.deps.jobService.updateTitle(title, { state: 'queued' });
      }
      const moved = await this.deps.jobService.transition(id, 'matching', {
        patch: { reviewReason: null, resumeState: null },
        message: 'matching again with the uploaded subtitles',
      });
      this.deps.runner.start(id);
      return moved;
    }
    return updated;
  }
}
