/**
 * What users can do to a job: start, cancel, clear, review a title, approve all. Each checks the
 * job's state (409 when it does not fit), changes it through JobService, and hands running work
 * to the pipeline runner.
 */
import {
  ConflictError,
  formatEpisodeCode,
  NotFoundError,
  parseEpisodeCode,
  type JobState,
  type MatchCandidate,
  type MatchResult,
} from '@spindle/plugin-sdk';
import type { JobRepository, TitleRepository } from '../persistence/ports.ts';
import type { JobRecord, TitleRecord } from '../persistence/records.ts';
import type { PipelineRunner } from '../pipeline/pipeline-runner.ts';
import type { JobService } from './job-service.ts';
import { isRunning, isTerminal } from './job-state-machine.ts';

export const CANCELLED_MESSAGE = 'Cancelled by user';

export interface ReviewDecision {
  titleId: number;
  episodeCode: string | null;
  edition: string | null;
}

function userMatch(base: MatchResult | null, decision: Omit<ReviewDecision, 'titleId'>): MatchResult {
  const code = decision.episodeCode ? parseEpisodeCode(decision.episodeCode) : null;
  const kind = code ? 'episode' : decision.edition !== null ? 'main_movie' : base?.kind === 'extra' ? 'extra' : 'discarded';
  return {
    kind,
    season: code?.season ?? null,
    episode: code?.episode ?? null,
    episodeEnd: code?.episodeEnd ?? null,
    edition: decision.edition,
    confidence: 1,
    source: 'user_review',
    components: [{ name: 'user_review', value: 1, weight: 1, detail: 'decided by a person' }],
    candidates: base?.candidates ?? [],
  };
}

function fromCandidate(base: MatchResult, c: MatchCandidate): MatchResult {
  return { ...base, kind: c.kind, season: c.season, episode: c.episode, episodeEnd: c.episodeEnd, edition: c.edition, confidence: c.score };
}

export class JobCommands {
  constructor(
    private readonly deps: { jobs: JobRepository; titles: TitleRepository; jobService: JobService; runner: PipelineRunner },
  ) {}

  async start(id: number): Promise<JobRecord> {
    const job = await this.deps.jobService.require(id);
    if (job.state === 'idle') {
      const moved = await this.deps.jobService.transition(id, 'identifying');
      this.deps.runner.start(id);
      return moved;
    }
    if (job.state === 'review_needed') return this.resume(job);
    throw new ConflictError('job_not_startable', `Job ${id} is ${job.state}; only idle or review_needed jobs can be started`);
  }

  async cancel(id: number): Promise<JobRecord> {
    const job = await this.deps.jobService.require(id);
    if (isTerminal(job.state)) throw new ConflictError('job_finished', `Job ${id} is already ${job.state}`);
    await this.deps.runner.abort(id, CANCELLED_MESSAGE);
    for (const title of await this.deps.titles.listByJob(id)) {
      if (['ripping', 'queued', 'matching'].includes(title.state)) await this.deps.jobService.updateTitle(title, { state: 'failed' });
    }
    return this.deps.jobService.transition(id, 'failed', { patch: { errorMessage: CANCELLED_MESSAGE }, message: CANCELLED_MESSAGE });
  }

  async clear(id: number): Promise<JobRecord> {
    const job = await this.deps.jobService.require(id);
    if (isRunning(job.state)) {
      throw new ConflictError('job_running', `Job ${id} is ${job.state}; cancel it before clearing it from the dashboard`);
    }
    if (job.clearedAt) return job;
    const cleared = await this.deps.jobService.update(id, { clearedAt: new Date() });
    return cleared;
  }

  async review(id: number, decision: ReviewDecision): Promise<TitleRecord> {
    const job = await this.deps.jobService.require(id);
    const title = await this.deps.titles.get(decision.titleId);
    if (!title || title.jobId !== id) throw new NotFoundError('title_not_found', `Title ${decision.titleId} is not part of job ${id}`);
    if (job.state !== 'review_needed') throw new ConflictError('job_not_in_review', `Job ${id} is ${job.state}, not review_needed`);
    if (!['review', 'matched', 'pending', 'failed'].includes(title.state) && !(title.state === 'queued')) {
      throw new ConflictError('title_not_reviewable', `Title ${title.id} is ${title.state} and can no longer be changed`);
    }
    const base = title.matchDetailsJson ? (JSON.parse(title.matchDetailsJson) as MatchResult) : null;
    const match = userMatch(base, decision);
    const updated = await this.deps.jobService.updateTitle(title, {
      ...(title.state === 'review' ? { state: 'matched' as const } : {}),
      matchedEpisode: decision.episodeCode,
      edition: decision.edition,
      isExtra: match.kind === 'extra',
      matchConfidence: 1,
      matchSource: 'user_review',
      matchDetailsJson: JSON.stringify(match),
    });
    const remaining = (await this.deps.titles.listByJob(id)).filter((t) => t.state === 'review');
    if (remaining.length === 0 && job.resumeState && job.resumeState !== 'ripping') await this.resume(job);
    return updated;
  }

  async approveAll(id: number): Promise<JobRecord> {
    const job = await this.deps.jobService.require(id);
    if (job.state !== 'review_needed') throw new ConflictError('job_not_in_review', `Job ${id} is ${job.state}, not review_needed`);
    for (const title of (await this.deps.titles.listByJob(id)).filter((t) => t.state === 'review')) {
      const base = title.matchDetailsJson ? (JSON.parse(title.matchDetailsJson) as MatchResult) : null;
      const best = base ? (base.candidates[0] && base.candidates[0].score > base.confidence ? fromCandidate(base, base.candidates[0]) : base) : null;
      const accepted: MatchResult = best ?? userMatch(null, { episodeCode: null, edition: null });
      await this.deps.jobService.updateTitle(title, {
        state: 'matched',
        matchedEpisode:
          accepted.kind === 'episode' && accepted.season !== null && accepted.episode !== null
            ? formatEpisodeCode(accepted.season, accepted.episode, accepted.episodeEnd)
            : null,
        edition: accepted.edition,
        isExtra: accepted.kind === 'extra',
        matchConfidence: accepted.confidence,
        matchSource: accepted.source,
        matchDetailsJson: JSON.stringify(accepted),
      });
    }
    return this.resume(job);
  }

  /** Leaves review: continue in the state the job stopped at (identification goes on to ripping). */
  private async resume(job: JobRecord): Promise<JobRecord> {
    const waiting = (await this.deps.titles.listByJob(job.id)).filter((t) => t.state === 'review');
    if (waiting.length > 0) {
      throw new ConflictError(
        'review_pending',
        `Job ${job.id} still has ${waiting.length} title(s) waiting for a decision; use /review or /approve-all`,
      );
    }
    const target: JobState = job.resumeState ?? 'identifying';
    const moved = await this.deps.jobService.transition(job.id, target, {
      patch: { reviewReason: null, resumeState: null },
      message: 'review finished',
    });
    this.deps.runner.start(job.id);
    return moved;
  }
}
