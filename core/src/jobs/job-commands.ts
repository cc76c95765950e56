/**
 * What users can do to a job: start, cancel, clear, review a title, approve all. Each checks the
 * job's state (409 when it does not fit), changes it through JobService, and hands running work
 * to the pipeline runner. Review decisions are kept on the job's timeline.
 */
import { ConflictError, NotFoundError, parseEpisodeCode, type JobState, type MatchResult } from '@spindle/plugin-sdk';
import type { SubtitleService } from '../subtitles/subtitle-service.ts';
import type { JobRepository, TitleRepository } from '../persistence/ports.ts';
import type { JobRecord, TitlePatch, TitleRecord } from '../persistence/records.ts';
import type { PipelineRunner } from '../pipeline/pipeline-runner.ts';
import type { JobService } from './job-service.ts';
import { isRunning, isTerminal } from './job-state-machine.ts';
import { retryJob, type RetryFrom } from './job-retry.ts';
import { filingPlanReason } from './filing-plan.ts';
import { ripChoiceReason } from '../pipeline/rip-choices.ts';
import {
  bestCandidate,
  decidedMatch,
  describeDecision,
  episodeCodeOf,
  type ReviewDecision,
} from './review-decisions.ts';
import { failUnfinishedTitles } from './unfinished-titles.ts';
import { inject, injectable } from 'tsyringe';
import { Tokens } from '../container/tokens.ts';
import type { ConfigReader } from '../plugins/plugin-context-factory.ts';

export type { ReviewDecision } from './review-decisions.ts';

export const CANCELLED_MESSAGE = 'Cancelled by user';

function parseMatch(title: TitleRecord): MatchResult | null {
  if (!title.matchDetailsJson) return null;
  try {
    return JSON.parse(title.matchDetailsJson) as MatchResult;
  } catch {
    return null;
  }
}

/** The title columns that mirror a match. */
function matchColumns(match: MatchResult): TitlePatch {
  return {
    matchedEpisode: episodeCodeOf(match),
    edition: match.edition,
    isExtra: match.kind === 'extra',
    matchConfidence: match.confidence,
    matchSource: match.source,
    matchDetailsJson: JSON.stringify(match),
  };
}

type JobCommandsDeps = {
  jobs: JobRepository;
  titles: TitleRepository;
  jobService: JobService;
  runner: PipelineRunner;
  subtitles?: SubtitleService;
  /** The "always ask before filing" setting, read when a job would go on to filing. */
  askBeforeFiling?: () => boolean;
};

@injectable()
export class JobCommands {
  private readonly deps: JobCommandsDeps;

  constructor(
    @inject(Tokens.JobRepository) jobs: JobRepository,
    @inject(Tokens.TitleRepository) titles: TitleRepository,
    @inject(Tokens.JobService) jobService: JobService,
    @inject(Tokens.PipelineRunner) runner: PipelineRunner,
    @inject(Tokens.SubtitleService) subtitles: SubtitleService,
    @inject(Tokens.ConfigService) config: ConfigReader,
  ) {
    this.deps = {
      jobs,
      titles,
      jobService,
      runner,
      subtitles,
      askBeforeFiling: () => config.get().always_ask_before_filing,
    };
  }

  async start(id: number): Promise<JobRecord> {
    const job = await this.deps.jobService.require(id);
    if (job.state === 'idle') {
      const moved = await this.deps.jobService.transition(id, 'identifying');
      this.deps.runner.start(id);
      return moved;
    }
    if (job.state === 'review_needed') return this.resume(job);
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

  async review(id: number, decision: ReviewDecision): Promise<TitleRecord> {
    const job = await this.deps.jobService.require(id);
    // The job's state is the first thing that can be wrong: say so before looking at the title.
    if (job.state !== 'review_needed')
      throw new ConflictError('job_not_in_review', `Job ${id} is ${job.state}, not review_needed`);
    const title = await this.deps.titles.get(decision.titleId);
    if (!title || title.jobId !== id)
      throw new NotFoundError('title_not_found', `Title ${decision.titleId} is not part of job ${id}`);
    if (['ripping', 'matching'].includes(title.state) || title.organizedPath) {
      throw new ConflictError(
        'title_not_reviewable',
        `Title ${title.id} is ${title.organizedPath ? 'in the library' : title.state} and can no longer be changed`,
      );
    }
    if (decision.include) {
      const included = await this.include(job, title);
      await this.refreshRipChoice(job);
      return included;
    }
    if (title.state === 'completed') {
      throw new ConflictError(
        'title_not_reviewable',
        `Title ${title.id} was left out (${title.discardReason ?? 'no reason'}); include it first to decide it again`,
      );
    }
    const match = decidedMatch(parseMatch(title), decision);
    const patch: TitlePatch = { ...matchColumns(match) };
    if (title.state === 'review') patch.state = 'matched';
    if (decision.conflictResolution !== undefined) patch.conflictResolution = decision.conflictResolution;
    // A title skipped before it was ripped is never ripped.
    if (title.state === 'pending') patch.selected = match.kind !== 'discarded';
    if (match.kind === 'discarded')
      Object.assign(patch, { discardReason: 'skipped by a person', discardedBy: 'person' });
    else if (title.discardedBy !== null || decision.conflictResolution === 'overwrite')
      Object.assign(patch, { discardReason: null, discardedBy: null });
    const updated = await this.deps.jobService.updateTitle(title, patch);
    await this.deps.jobs.note(id, job.state, describeDecision(title.titleIndex, match, decision));
    const all = await this.deps.titles.listByJob(id);
    const remaining = all.filter((t) => t.state === 'review');
    if (job.reviewKind === 'filing') await this.deps.jobService.update(id, { reviewReason: filingPlanReason(all) }); // the plan changed
    await this.refreshRipChoice(job);
    // "Nothing would be filed" waits for the person to finish including titles and press continue;
    // a plan held before filing waits for its approval.
    if (
      remaining.length === 0 &&
      job.resumeState &&
      job.resumeState !== 'ripping' &&
      job.reviewKind !== 'nothing_filed' &&
      job.reviewKind !== 'filing'
    )
      await this.resume(job);
    return updated;
  }

  /**
   * Puts a title a rule left out back in: a title that was not ripped will be ripped (the job then
   * continues from ripping), an extra the policy skipped will be filed.
   */
  private async include(job: JobRecord, title: TitleRecord): Promise<TitleRecord> {
    if (title.discardedBy === null && title.selected)
      throw new ConflictError('title_not_left_out', `Title ${title.id} is not left out; nothing to include`);
    const patch: TitlePatch = { discardReason: null, discardedBy: null, included: true };
    if (title.state === 'pending') patch.selected = true;
    // A title a person skipped before it was ripped carries that skip as its decided match: clear it, so it is matched.
    if (title.state === 'pending' && title.matchSource === 'user_review') {
      Object.assign(patch, {
        matchedEpisode: null,
        edition: null,
        matchConfidence: null,
        matchSource: null,
        matchDetailsJson: null,
      });
    }
    if (title.state === 'completed') patch.state = 'matched';
    const updated = await this.deps.jobService.updateTitle(title, patch);
    if (title.state === 'pending' && job.resumeState && job.resumeState !== 'ripping') {
      await this.deps.jobService.update(job.id, { resumeState: 'ripping' }); // it has to be ripped (and matched) first
    }
    await this.deps.jobs.note(
      job.id,
      job.state,
      `title ${title.titleIndex} included by a person (was left out: ${title.discardReason ?? 'not selected'})`,
    );
    return updated;
  }

  /**
   * Accepts every best candidate and continues. A title with no candidate at all stays in review
   * (never a guess): the job then stays in review_needed and says which titles still need a person.
   * When not one waiting title has a suggestion, nothing is approved: 409 nothing_to_approve says so.
   */
  async approveAll(id: number): Promise<JobRecord> {
    const job = await this.deps.jobService.require(id);
    if (job.state !== 'review_needed')
      throw new ConflictError('job_not_in_review', `Job ${id} is ${job.state}, not review_needed`);
    const undecidable: number[] = [];
    const waiting = (await this.deps.titles.listByJob(id)).filter((t) => t.state === 'review');
    if (waiting.length > 0 && waiting.every((t) => bestCandidate(parseMatch(t)) === null)) {
      throw new ConflictError(
        'nothing_to_approve',
        `Nothing was approved: none of the ${waiting.length} title(s) waiting in job ${id} has a suggested match. Decide each one in the review queue: type its episode or skip it.`,
      );
    }
    for (const title of waiting) {
      const accepted = bestCandidate(parseMatch(title));
      if (!accepted) {
        undecidable.push(title.titleIndex);
        continue;
      }
      await this.deps.jobService.updateTitle(title, { state: 'matched', ...matchColumns(accepted) });
      await this.deps.jobs.note(id, job.state, describeDecision(title.titleIndex, accepted, 'approve-all'));
    }
    if (undecidable.length > 0) {
      const reason = `Approve-all accepted every suggestion; title(s) ${undecidable.join(', ')} have no suggestion and need a decision`;
      return this.deps.jobService.update(id, { reviewReason: reason });
    }
    return this.resume(job);
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

  /** A job held for the choice of titles says how many are ticked now. */
  private async refreshRipChoice(job: JobRecord): Promise<void> {
    if (job.reviewKind !== 'rip_choice') return;
    await this.deps.jobService.update(job.id, {
      reviewReason: ripChoiceReason(await this.deps.titles.listByJob(job.id)),
    });
  }

  /** Leaves review: continue in the state the job stopped at (identification goes on to ripping). */
  private async resume(job: JobRecord): Promise<JobRecord> {
    const waiting = (await this.deps.titles.listByJob(job.id)).filter((t) => t.state === 'review');
    if (waiting.length > 0) {
      throw new ConflictError(
        'review_pending',
        `Job ${job.id} still has ${waiting.length} title(s) waiting for a decision. Open the review queue and decide each one, or approve all best guesses.`,
      );
    }
    const target: JobState = job.resumeState ?? 'identifying';
    // "Always ask before filing": decisions about titles lead to the plan, which a person approves.
    if (
      target === 'organizing' &&
      job.reviewKind !== 'filing' &&
      job.reviewKind !== 'organize' &&
      this.deps.askBeforeFiling?.() === true
    ) {
      const reason = filingPlanReason(await this.deps.titles.listByJob(job.id));
      await this.deps.jobs.note(job.id, job.state, 'titles decided; the plan waits for approval before filing');
      return this.deps.jobService.update(job.id, { reviewKind: 'filing', reviewReason: reason });
    }
    const moved = await this.deps.jobService.transition(job.id, target, {
      patch: { reviewReason: null, resumeState: null },
      message: 'review finished',
    });
    this.deps.runner.start(job.id);
    return moved;
  }
}
