/**
 * What a person's review decision does to a title's match. Pure functions: the match a title
 * ends up with, the best candidate approve-all takes, and the line the job's timeline keeps.
 */
import { formatEpisodeCode, parseEpisodeCode, type MatchCandidate, type MatchResult } from '@spindle/plugin-sdk';

export interface ReviewDecision {
  titleId: number;
  /** `SxxExx` makes the title that episode; null says it is not an episode; absent leaves the match as it is. */
  episodeCode?: string | null;
  /** An edition makes the title a main feature with that edition tag; null clears it; absent leaves it. */
  edition?: string | null;
  /** For a title whose library path is taken: keep the library file (skip) or replace it (overwrite). */
  conflictResolution?: 'skip' | 'overwrite' | null;
  /** Do not put this title in the library (a Play All, a duplicate, an unwanted extra). */
  skip?: boolean;
  /** Put back a title a rule left out (a short title, an extra under "skip"). */
  include?: boolean;
}

const USER_COMPONENT = { name: 'user_review', value: 1, weight: 1, detail: 'decided by a person' };

/** The match after a decision; any decision makes the title the reviewer's (confidence 1, source user_review). */
export function decidedMatch(base: MatchResult | null, decision: ReviewDecision): MatchResult {
  const keep: MatchResult = base ?? {
    kind: 'discarded',
    season: null,
    episode: null,
    episodeEnd: null,
    edition: null,
    confidence: 0,
    source: 'user_review',
    components: [],
    candidates: [],
  };
  const result: MatchResult = { ...keep, confidence: 1, source: 'user_review', components: [USER_COMPONENT] };
  if (decision.skip)
    return { ...result, kind: 'discarded', season: null, episode: null, episodeEnd: null, edition: null };
  if (decision.episodeCode) {
    const code = parseEpisodeCode(decision.episodeCode)!;
    Object.assign(result, { kind: 'episode', season: code.season, episode: code.episode, episodeEnd: code.episodeEnd });
  } else if (decision.episodeCode === null && result.kind === 'episode') {
    Object.assign(result, { kind: 'discarded', season: null, episode: null, episodeEnd: null });
  }
  if (decision.edition !== undefined) {
    result.edition = decision.edition;
    if (decision.edition !== null && !decision.episodeCode)
      Object.assign(result, { kind: 'main_movie', season: null, episode: null, episodeEnd: null });
  }
  return result;
}

/** The result approve-all accepts for a title: its best candidate, or its own match; null when there is none. */
export function bestCandidate(base: MatchResult | null): MatchResult | null {
  if (!base) return null;
  const top: MatchCandidate | undefined = [...base.candidates].sort((a, b) => b.score - a.score)[0];
  if (top && top.score > base.confidence) {
    return {
      ...base,
      kind: top.kind,
      season: top.season,
      episode: top.episode,
      episodeEnd: top.episodeEnd,
      edition: top.edition,
      confidence: top.score,
    };
  }
  // A title with no usable guess ("nothing matched", confidence 0, no candidates) has nothing to accept.
  return base.kind === 'discarded' && base.confidence === 0 ? null : base;
}

export function episodeCodeOf(match: MatchResult): string | null {
  return match.kind === 'episode' && match.season !== null && match.episode !== null
    ? formatEpisodeCode(match.season, match.episode, match.episodeEnd)
    : null;
}

/** One line for the job's timeline, e.g. `title 3 → S01E05 (review)`. */
export function describeDecision(
  titleIndex: number,
  match: MatchResult,
  decision: ReviewDecision | 'approve-all',
): string {
  const what =
    match.kind === 'episode'
      ? episodeCodeOf(match)
      : match.kind === 'main_movie'
        ? `main feature${match.edition ? ` {edition-${match.edition}}` : ''}`
        : match.kind === 'extra'
          ? 'extra (kept)'
          : 'skipped';
  const conflict =
    decision !== 'approve-all' && decision.conflictResolution
      ? `, existing library file: ${decision.conflictResolution}`
      : '';
  return `title ${titleIndex} → ${what}${conflict} (${decision === 'approve-all' ? 'approve-all' : 'review'})`;
}
