/**
 * Review as data: why a title waits for a person, as a typed value stored on the title (column
 * `review_json`) and served on the wire. The UI decides its controls from `kind` and the fields
 * here, never from `message` (words for people, free to change). The job's spec string
 * `review_reason` is derived from these messages and is never parsed.
 */
import type { MatchCandidate, MatchResult } from '@spindle/plugin-sdk';

/**
 * - `low_confidence`: the matcher's best answer is below the auto-accept threshold (candidates offered);
 * - `ambiguous_feature`: the disc has several possible main features and this one is not settled (choose feature / edition);
 * - `no_match`: no matcher had an answer (a person names the episode or skips);
 * - `duplicate_claim`: another title claims the same episode or library path (`otherTitles`, `episode`, `path`);
 * - `conflict`: a file already exists at `path` in the library (skip or overwrite);
 * - `keep_extra`: the extras policy is "ask" (keep or skip);
 * - `placement`: the organizer cannot place the title (no season/episode, unknown extra kind).
 */
export type TitleReviewKind =
  'low_confidence' | 'ambiguous_feature' | 'no_match' | 'duplicate_claim' | 'conflict' | 'keep_extra' | 'placement';
export const TITLE_REVIEW_KINDS: readonly TitleReviewKind[] = [
  'low_confidence',
  'ambiguous_feature',
  'no_match',
  'duplicate_claim',
  'conflict',
  'keep_extra',
  'placement',
];

export interface TitleReview {
  kind: TitleReviewKind;
  /** Words for people; nothing decides anything from them. */
  message: string;
  /** The matcher's candidates, best first (empty when there were none). */
  candidates: MatchCandidate[];
  /** The library path concerned (conflict, duplicate_claim at organizing). */
  path: string | null;
  /** Title indexes of the other titles claiming the same episode or path. */
  otherTitles: number[];
  /** The contested episode code (duplicate_claim while matching). */
  episode: string | null;
}

export function titleReview(
  kind: TitleReviewKind,
  message: string,
  extra: Partial<Omit<TitleReview, 'kind' | 'message'>> = {},
): TitleReview {
  return {
    kind,
    message,
    candidates: extra.candidates ?? [],
    path: extra.path ?? null,
    otherTitles: extra.otherTitles ?? [],
    episode: extra.episode ?? null,
  };
}

const sortedCandidates = (result: MatchResult | null): MatchCandidate[] =>
  [...(result?.candidates ?? [])].sort((a, b) => b.score - a.score);

/** A title the matcher could not settle: below the threshold, or no answer at all; `ambiguousMovie`: the identifier saw several main features. */
export function matchReview(result: MatchResult | null, threshold: number, ambiguousMovie = false): TitleReview {
  if (result === null) return titleReview('no_match', 'No matcher found an answer for this title');
  const percent = (n: number) => `${Math.round(n * 100)} %`;
  if (ambiguousMovie && result.kind === 'main_movie') {
    return titleReview(
      'ambiguous_feature',
      'Several titles could be the main feature; choose whether this is it, and its edition',
      { candidates: sortedCandidates(result) },
    );
  }
  return titleReview(
    'low_confidence',
    `The best match has ${percent(result.confidence)} confidence, below the ${percent(threshold)} needed to accept it`,
    {
      candidates: sortedCandidates(result),
    },
  );
}

/** Several titles matched the same episode and the disc-wide pass could not tell which is which. */
export function contestedReview(
  result: MatchResult | null,
  episode: string | null,
  otherTitles: number[],
): TitleReview {
  const others = otherTitles.map((i) => `title ${i}`).join(' and ');
  return titleReview('duplicate_claim', `${episode ?? 'The same episode'} is also claimed by ${others}`, {
    candidates: sortedCandidates(result),
    episode,
    otherTitles,
  });
}

/** Stored JSON back to a value; anything unreadable is no review. */
export function parseTitleReview(json: string | null | undefined): TitleReview | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Partial<TitleReview>;
    if (!value || typeof value.message !== 'string' || !TITLE_REVIEW_KINDS.includes(value.kind as TitleReviewKind))
      return null;
    return titleReview(value.kind as TitleReviewKind, value.message, value);
  } catch {
    return null;
  }
}

/** The spec's one-line `review_reason` of an organize review, from the titles' messages. */
export function organizeReason(items: readonly { titleIndex: number; review: TitleReview }[]): string {
  return `Organizing needs decisions — ${items.map((i) => `title ${i.titleIndex}: ${i.review.message}`).join('; ')}`;
}
