/**
 * matching: each ripped title goes through the configured matcher chain. At most
 * max_concurrent_matches titles are MATCHING at once, the rest wait QUEUED, in title order.
 * Confidence at or above the auto-accept threshold is accepted; anything less goes to review
 * (with candidates when there are any) — never a guess. Then the disc-wide pass (disc-pass.ts)
 * judges the titles together: distinct episodes, extras stay extras, contested episodes to review.
 */
import { formatEpisodeCode, type MatchResult, type ReferenceSubtitle } from '@spindle/plugin-sdk';
import type { JobRecord, TitleRecord } from '../../persistence/records.ts';
import { toJobView, toTitleView } from '../job-view.ts';
import type { StepDeps, StepOutcome } from '../step-deps.ts';
import { applyDiscAssignment } from './disc-pass.ts';

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
      { job: toJobView(job), title: toTitleView(title), siblings: siblings.map(toTitleView), previous: [...results], references },
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

export async function matchStep(job: JobRecord, deps: StepDeps): Promise<StepOutcome> {
  const config = deps.config.get();
  const all = await deps.titles.listByJob(job.id);
  // A restart may leave titles MATCHING: put them back in line.
  for (const t of all.filter((t) => t.state === 'matching')) await deps.jobService.updateTitle(t, { state: 'queued' });
  const queue = (await deps.titles.listByJob(job.id)).filter((t) => t.state === 'queued').sort((a, b) => a.titleIndex - b.titleIndex);
  const siblings = all;
  // Matching waits until the background subtitle download is done (it started during ripping).
  const references = deps.subtitles ? await deps.subtitles.references(job, deps.signal) : [];
  job = (await deps.jobs.get(job.id)) ?? job;
  const limit = Math.max(1, deps.matchConcurrency ?? config.max_concurrent_matches);
  let next = 0;
  let done = 0;

  const worker = async () => {
    while (next < queue.length) {
      deps.signal.throwIfAborted();
      const queued = queue[next++]!;
      const title = await deps.jobService.updateTitle(queued, { state: 'matching' });
      // A person already decided this title (e.g. during identification review): no matcher overrides that.
      const decided = title.matchSource === 'user_review' && title.matchDetailsJson ? (JSON.parse(title.matchDetailsJson) as MatchResult) : null;
      const result = decided ?? (await matchOne(job, title, siblings, references, deps));
      const accepted = result !== null && result.confidence >= config.match_auto_accept_threshold;
      await deps.jobService.updateTitle(title, {
        state: accepted ? 'matched' : 'review',
        matchedEpisode: result ? episodeCode(result) : null,
        edition: result?.edition ?? null,
        isExtra: result ? result.kind === 'extra' : title.isExtra,
        matchConfidence: result?.confidence ?? null,
        matchSource: result?.source ?? null,
        matchDetailsJson: result ? JSON.stringify(result) : null,
      });
      done++;
      await deps.jobService.progress(job.id, {
        percent: (done / queue.length) * 100,
        speed: null,
        etaSeconds: null,
        currentTitle: title.titleIndex,
        totalTitles: queue.length,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, worker));

  // The disc-wide pass: titles are judged together (distinct episodes), extras stay extras.
  const { review, contested } = await applyDiscAssignment(job.id, config.match_auto_accept_threshold, deps);
  if (review.length > 0) {
    const note = subtitleNote(job, references, deps.subtitles?.problem(job.id) ?? null);
    const reason = contested.length
      ? `${review.length} title(s) need review; several titles claim ${contested.join(', ')}${note}`
      : `${review.length} title(s) could not be matched with enough confidence${note}`;
    return { kind: 'review', reason, about: 'titles', resumeAt: 'organizing' };
  }
  return { kind: 'next' };
}
