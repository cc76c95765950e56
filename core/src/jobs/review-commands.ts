/**
 * The review commands of a job: decide a title, put a left-out title back in, approve every best guess, and leave
 * review for the state the job stopped at. Each checks the job's state (409 when it does not fit) and keeps the
 * decision on the job's timeline.
 */
import { ConflictError, NotFoundError, type JobState, type MatchResult } from '@spindle/plugin-sdk';
import type { SubtitleService } from '../subtitles/subtitle-service.ts';
import type { JobRepository, TitleRepository } from '../persistence/ports.ts';
import type { JobRecord, TitlePatch, TitleRecord } from '../persistence/records.ts';
import type { PipelineRunner } from '../pipeline/pipeline-runner.ts';
import type { JobService } from './job-service.ts';
import { filingPlanReason } from './filing-plan.ts';
import { ripChoiceReason } from '../pipeline/rip-choices.ts';
import {
  bestCandidate,
  decidedMatch,
  describeDecision,
  episodeCodeOf,
  type ReviewDecision,
} from './review-decisions.ts';

/** What the job commands work with. */
export type JobCommandsDeps = {
  jobs: JobRepository;
  titles: TitleRepository;
  jobService: JobService;
  runner: PipelineRunner;
  subtitles?: SubtitleService;
  /** The "always ask before filing" setting, read when a job would go on to filing. */
  askBeforeFiling?: () => boolean;
};

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

export async function reviewTitle(deps: JobCommandsDeps, id: number, decision: ReviewDecision): Promise<TitleRecord> {
  const job = await deps.jobService.require(id);
  // The job's state is the first thing that can be wrong: say so before looking at the title.
  if (job.state !== 'review_needed')
    throw new ConflictError('job_not_in_review', `Job ${id} is ${job.state}, not review_needed`);
  const title = await deps.titles.get(decision.titleId);
  if (!title || title.jobId !== id)
    throw new NotFoundError('title_not_found', `Title ${decision.titleId} is not part of job ${id}`);
  if (['ripping', 'matching'].includes(title.state) || title.organizedPath) {
    throw new ConflictError(
      'title_not_reviewable',
      `Title ${title.id} is ${title.organizedPath ? 'in the library' : title.state} and can no longer be changed`,
    );
  }
  if (decision.include) {
    const included = await includeTitle(deps, job, title);
    await refreshRipChoice(deps, job);
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
  if (match.kind === 'discarded') Object.assign(patch, { discardReason: 'skipped by a person', discardedBy: 'person' });
  else if (title.discardedBy !== null || decision.conflictResolution === 'overwrite')
    Object.assign(patch, { discardReason: null, discardedBy: null });
  const updated = await deps.jobService.updateTitle(title, patch);
  await deps.jobs.note(id, job.state, describeDecision(title.titleIndex, match, decision));
  const all = await deps.titles.listByJob(id);
  const remaining = all.filter((t) => t.state === 'review');
  if (job.reviewKind === 'filing') await deps.jobService.update(id, { reviewReason: filingPlanReason(all) }); // the plan changed
  await refreshRipChoice(deps, job);
  // "Nothing would be filed" waits for the person to finish including titles and press continue;
  // a plan held before filing waits for its approval.
  if (
    remaining.length === 0 &&
    job.resumeState &&
    job.resumeState !== 'ripping' &&
    job.reviewKind !== 'nothing_filed' &&
    job.reviewKind !== 'filing'
  )
    await resumeFromReview(deps, job);
  return updated;
}

/**
 * Puts a title a rule left out back in: a title that was not ripped will be ripped (the job then
 * continues from ripping), an extra the policy skipped will be filed.
 */
async function includeTitle(deps: JobCommandsDeps, job: JobRecord, title: TitleRecord): Promise<TitleRecord> {
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
  const updated = await deps.jobService.updateTitle(title, patch);
  if (title.state === 'pending' && job.resumeState && job.resumeState !== 'ripping') {
    await deps.jobService.update(job.id, { resumeState: 'ripping' }); // it has to be ripped (and matched) first
  }
  await deps.jobs.note(
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
export async function approveAllTitles(deps: JobCommandsDeps, id: number): Promise<JobRecord> {
  const job = await deps.jobService.require(id);
  if (job.state !== 'review_needed')
    throw new ConflictError('job_not_in_review', `Job ${id} is ${job.state}, not review_needed`);
  const undecidable: number[] = [];
  const waiting = (await deps.titles.listByJob(id)).filter((t) => t.state === 'review');
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
    await deps.jobService.updateTitle(title, { state: 'matched', ...matchColumns(accepted) });
    await deps.jobs.note(id, job.state, describeDecision(title.titleIndex, accepted, 'approve-all'));
  }
  if (undecidable.length > 0) {
    const reason = `Approve-all accepted every suggestion; title(s) ${undecidable.join(', ')} have no suggestion and need a decision`;
    return deps.jobService.update(id, { reviewReason: reason });
  }
  return resumeFromReview(deps, job);
}

/** A job held for the choice of titles says how many are ticked now. */
async function refreshRipChoice(deps: JobCommandsDeps, job: JobRecord): Promise<void> {
  if (job.reviewKind !== 'rip_choice') return;
  await deps.jobService.update(job.id, {
    reviewReason: ripChoiceReason(await deps.titles.listByJob(job.id)),
  });
}

/** Leaves review: continue in the state the job stopped at (identification goes on to ripping). */
export async function resumeFromReview(deps: JobCommandsDeps, job: JobRecord): Promise<JobRecord> {
  const waiting = (await deps.titles.listByJob(job.id)).filter((t) => t.state === 'review');
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
    deps.askBeforeFiling?.() === true
  ) {
    const reason = filingPlanReason(await deps.titles.listByJob(job.id));
    await deps.jobs.note(job.id, job.state, 'titles decided; the plan waits for approval before filing');
    return deps.jobService.update(job.id, { reviewKind: 'filing', reviewReason: reason });
  }
  const moved = await deps.jobService.transition(job.id, target, {
    patch: { reviewReason: null, resumeState: null },
    message: 'review finished',
  });
  deps.runner.start(job.id);
  return moved;
}
