/**
 * Applies the disc-wide pass (disc-assignment.ts) to a job's titles once every title's match is
 * known: revises each machine-matched title's state and confidence, leaves a person's decisions
 * and titles already filed (early, while the disc still ripped) alone — both hold their episode —
 * and says why the job waits when some titles still need review (contested episodes are
 * named with their titles).
 */
import { formatEpisodeCode, type MatchResult } from '@spindle/plugin-sdk';
import type { TitleRecord } from '../../persistence/records.ts';
import type { StepDeps } from '../step-deps.ts';
import { decideDisc, type DiscTitle } from './disc-assignment.ts';
import { contestedReview, matchReview } from '../../jobs/title-review.ts';

function episodeCode(result: MatchResult | null): string | null {
  return result && result.kind === 'episode' && result.season !== null && result.episode !== null
    ? formatEpisodeCode(result.season, result.episode, result.episodeEnd)
    : null;
}

/** Returns the titles that need review and, when episodes are contested, which. */
export async function applyDiscAssignment(
  jobId: number,
  threshold: number,
  deps: Pick<StepDeps, 'titles' | 'jobService'>,
  ambiguousMovie = false,
): Promise<{ review: TitleRecord[]; contested: string[] }> {
  const filed = (t: TitleRecord) => t.state === 'completed' && t.organizedPath !== null && t.matchDetailsJson !== null;
  const fixed = (t: TitleRecord) => t.matchSource === 'user_review' || filed(t);
  const all = (await deps.titles.listByJob(jobId)).filter(
    (t) => t.state === 'matched' || t.state === 'review' || filed(t),
  );
  const disc: DiscTitle[] = all.map((t) => ({
    id: t.id,
    isExtra: t.isExtra,
    result: t.matchDetailsJson ? (JSON.parse(t.matchDetailsJson) as MatchResult) : null,
    decided: fixed(t),
  }));
  const decisions = decideDisc(disc, threshold);
  const review: TitleRecord[] = [];
  const contested = new Set<string>();
  for (const title of all) {
    const d = decisions.get(title.id);
    if (!d) continue;
    let updated = title;
    if (!fixed(title)) {
      const others = all
        .filter((t) => d.contestedWith.includes(t.id))
        .map((t) => t.titleIndex)
        .sort((a, b) => a - b);
      const why =
        others.length > 0
          ? contestedReview(d.result, d.contestedEpisode ?? episodeCode(d.result), others)
          : matchReview(d.result, threshold, ambiguousMovie);
      updated = await deps.jobService.updateTitle(title, {
        state: d.state === 'review' ? 'review' : 'matched',
        review: d.state === 'review' ? why : null,
        matchedEpisode: episodeCode(d.result),
        isExtra: d.result ? d.result.kind === 'extra' : title.isExtra,
        matchConfidence: d.result?.confidence ?? null,
        matchSource: d.result?.source ?? null,
        matchDetailsJson: d.result ? JSON.stringify(d.result) : null,
      });
    }
    if (updated.state === 'review') {
      review.push(updated);
      if (d.contestedWith.length > 0) {
        const names = [title, ...all.filter((t) => d.contestedWith.includes(t.id))]
          .map((t) => `title ${t.titleIndex}`)
          .sort();
        contested.add(`${d.contestedEpisode ?? episodeCode(d.result) ?? 'one episode'} (${names.join(' and ')})`);
      }
    }
  }
  return { review, contested: [...contested] };
}
