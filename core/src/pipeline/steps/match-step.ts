/**
 * matching: each ripped title goes through the configured matcher chain. At most
 * max_concurrent_matches titles are MATCHING at once, the rest wait QUEUED, in title order
 * (title-flow.ts; with pipeline_overlap titles are already matched while the drive rips).
 * Confidence at or above the auto-accept threshold is accepted; anything less goes to review
 * (with candidates when there are any) — never a guess. Then the disc-wide pass (disc-pass.ts)
 * judges the titles together: distinct episodes, extras stay extras, contested episodes to review.
 */
import { formatEpisodeCode, type MatchResult, type ReferenceSubtitle } from '@spindle/plugin-sdk';
import type { JobRecord, TitleRecord } from '../../persistence/records.ts';
import { toJobView, toTitleView } from '../job-view.ts';
import type { StepDeps, StepOutcome } from '../step-deps.ts';
import { TitleFlow } from '../title-flow.ts';
import { applyDiscAssignment } from './disc-pass.ts';
import { matchReview } from '../../jobs/title-review.ts';

function episodeCode(result: MatchResult): string | null {
  return result.kind === 'episode' && result.season !== null && result.episode !== null
    ? formatEpisodeCode(result.season, result.episode, result.episodeEnd)
    : null;
}

export async function matchOne(
  job: JobRecord,
  title: TitleRecord,
  siblings: TitleRecord[],
  references: ReferenceSubtitle[],
  deps: StepDeps,
): Promise<MatchResult | null> {
  const results: MatchResult[] = [];
  const threshold = deps.config.get().match_auto_accept_threshold;
  for (const matcher of deps.resolver.matchers()) {
    deps.signal.throwIfAborted();
    const result = await matcher.impl.match(
      {
        job: toJobView(job),
        title: toTitleView(title),
        siblings: siblings.map(toTitleView),
        previous: [...results],
        references,
      },
      await deps.context(matcher.record, job, 'match'),
    );
    if (!result) continue;
    results.push(result);
    if (result.confidence >= threshold) return result;
  }
  return [...results].sort((a, b) => b.confidence - a.confidence)[0] ?? null;
}

/** Why matching had little to go on, for the review reason. */
function subtitleNote(job: JobRecord, references: ReferenceSubtitle[], problem: string | null): string {
  if (job.contentType !== 'tv') return '';
  if (job.subtitleStatus === 'quota_exhausted') {
    return `; the subtitle download quota is spent (${job.subtitlesDownloaded} of ${job.subtitlesTotal} episodes have subtitles) — upload SRT files to match the rest${problem ? ` (${problem})` : ''}`;
  }
  if (references.length === 0) {
    return problem
      ? `; no reference subtitles could be fetched for this season (${problem}) — upload SRT files for the episodes`
      : '; no reference subtitles were found for this season — upload SRT files or add a subtitle source';
  }
  return '';
}

/**
 * One queued title through the matcher chain: MATCHING, then MATCHED (accepted) or REVIEW. A title a
 * person already decided keeps that decision. Called by the title flow (title-flow.ts).
 */
export async function matchTitle(
  job: JobRecord,
  queued: TitleRecord,
  references: ReferenceSubtitle[],
  deps: StepDeps,
): Promise<TitleRecord> {
  const config = deps.config.get();
  const title = await deps.jobService.updateTitle(queued, { state: 'matching' });
  // A person already decided this title (e.g. during identification review): no matcher overrides that.
  const decided =
    title.matchSource === 'user_review' && title.matchDetailsJson
      ? (JSON.parse(title.matchDetailsJson) as MatchResult)
      : null;
  const result = decided ?? (await matchOne(job, title, await deps.titles.listByJob(job.id), references, deps));
  const accepted = result !== null && result.confidence >= config.match_auto_accept_threshold;
  return deps.jobService.updateTitle(title, {
    state: accepted ? 'matched' : 'review',
    review: accepted ? null : matchReview(result, config.match_auto_accept_threshold, job.isAmbiguousMovie),
    matchedEpisode: result ? episodeCode(result) : null,
    edition: result?.edition ?? null,
    isExtra: result ? result.kind === 'extra' : title.isExtra,
    matchConfidence: result?.confidence ?? null,
    matchSource: result?.source ?? null,
    matchDetailsJson: result ? JSON.stringify(result) : null,
  });
}

export async function matchStep(job: JobRecord, deps: StepDeps): Promise<StepOutcome> {
  // The run's flow may already be matching titles ripped earlier (pipeline_overlap); a step run on its own gets a flow of its own.
  const flow = deps.flow ?? new TitleFlow(job.id, deps);
  try {
    // A restart may leave titles MATCHING: put them back in line (not those this run's flow is matching now).
    for (const t of await deps.titles.listByJob(job.id)) {
      if (t.state === 'matching' && !flow.has(t.id)) await deps.jobService.updateTitle(t, { state: 'queued' });
    }
    flow.driveDone();
    const waiting = (await deps.titles.listByJob(job.id)).filter((t) => t.state === 'queued' || t.state === 'matching');
    let done = 0;
    flow.onMatched = (title) => {
      done++;
      void deps.jobService
        .progress(job.id, {
          percent: (done / waiting.length) * 100,
          speed: null,
          etaSeconds: null,
          currentTitle: title.titleIndex,
          totalTitles: waiting.length,
        })
        .catch(() => undefined);
    };
    for (const t of waiting) if (t.state === 'queued') flow.enqueue(t);
    await flow.drain();
  } finally {
    if (!deps.flow) await flow.settle();
  }
  // Every title of the disc has its match result here, and nothing not yet accepted has been filed.
  return settleDisc(job, deps);
}

/**
 * The disc-wide point: runs once, after the last title's match and before anything not yet accepted
 * is filed. The titles are judged together (disc-pass.ts): distinct episodes, extras stay extras; a
 * title already filed early, like a person's decision, holds its episode and the other claimant is
 * asked about.
 */
async function settleDisc(job: JobRecord, deps: StepDeps): Promise<StepOutcome> {
  job = (await deps.jobs.get(job.id)) ?? job;
  const { review, contested } = await applyDiscAssignment(
    job.id,
    deps.config.get().match_auto_accept_threshold,
    deps,
    job.isAmbiguousMovie,
  );
  if (review.length > 0) {
    const references =
      deps.subtitles && job.contentType === 'tv' ? await deps.subtitles.references(job, deps.signal) : [];
    const note = subtitleNote(job, references, deps.subtitles?.problem(job.id) ?? null);
    const reason = contested.length
      ? `${review.length} title(s) need review; several titles claim ${contested.join(', ')}${note}`
      : `${review.length} title(s) could not be matched with enough confidence${note}`;
    return { kind: 'review', reason, about: 'titles', resumeAt: 'organizing' };
  }
  return { kind: 'next' };
}
