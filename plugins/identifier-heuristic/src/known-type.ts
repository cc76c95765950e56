/** The kind of disc a person or a confident catalog answer already named, and how the titles read under it. */
import type { IdentifyInput, ScannedTitle } from '@spindle/plugin-sdk';
import type { Layout } from './layout-analysis.ts';
import { extrasBeside, EXTRAS_OF_A_BONUS_DISC } from './disc-verdict.ts';

/** An answer at least this confident, without a review reason, wins the identification (identification-verdict). */
const CONFIDENT = 0.8;

/**
 * The kind of disc a person declared for the job, else the kind a confident catalog answer before this one named
 * (null when neither said TV or movie). It decides how the titles are read, not the durations.
 */
export function knownContentType(input: IdentifyInput): { contentType: 'tv' | 'movie'; why: string } | null {
  const declared = input.job.contentType;
  if (input.job.identityDeclared && (declared === 'tv' || declared === 'movie'))
    return { contentType: declared, why: 'the declared identity' };
  // Only an answer that would win (confident, nothing to review): against a weak or contested catalog match the
  // heuristic's own reading is the evidence the verdict weighs.
  const named = input.previous.find(
    (a) =>
      a.catalogId !== null &&
      (a.contentType === 'tv' || a.contentType === 'movie') &&
      a.confidence >= CONFIDENT &&
      !a.reviewReason,
  );
  return named ? { contentType: named.contentType as 'tv' | 'movie', why: `the ${named.source} answer` } : null;
}

/**
 * On a disc known to be a movie with no feature-length title: the titles of episode length (specials or short
 * films gathered on one disc, or the one special), each a candidate for the feature.
 */
export function episodeLengthTitles(titles: readonly ScannedTitle[], layout: Layout): ScannedTitle[] {
  const episodeLike = new Set([
    ...layout.cluster.map((t) => t.index),
    ...layout.moreEpisodes.keys(),
    ...layout.pairLike.map((t) => t.index),
  ]);
  return titles
    .filter((t) => episodeLike.has(t.index))
    .sort((a, b) => b.durationSeconds - a.durationSeconds || a.index - b.index);
}

/**
 * On a disc known to be a series with no title of episode length and fewer than EXTRAS_OF_A_BONUS_DISC other titles of
 * substance: the feature-length titles (a documentary series' two-hour episodes, a miniseries' three-hour opening,
 * ninety-minute dramas), each an episode for review. Beside more extras a long title is as likely a series bonus
 * disc's documentary, and stays an extra.
 */
export function featureLengthEpisodes(titles: readonly ScannedTitle[], layout: Layout): ScannedTitle[] {
  if (layout.cluster.length + layout.moreEpisodes.size + layout.pairLike.length > 0) return [];
  return extrasBeside(titles, layout, layout.long) < EXTRAS_OF_A_BONUS_DISC ? layout.long : [];
}
