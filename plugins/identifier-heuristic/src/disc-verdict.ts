/**
 * The first reading of a disc from its layout: TV, movie or unknown, with a confidence, and the lone title of
 * substance a short film, special or bonus documentary stands out as.
 */
import type { ContentType, ScannedTitle } from '@spindle/plugin-sdk';
import { formatDuration } from './duration-clusters.ts';
import type { HeuristicSettings } from './heuristic-settings.ts';
import { heldInOne, type Layout } from './layout-analysis.ts';
import { TWIN_FRACTION } from './episode-pairs.ts';
import { list, total } from './describe-titles.ts';

/** Confidence of each kind of answer (0–1; ≥ 0.8 counts as high). */
export const CONFIDENCE = {
  clearTv: 0.85,
  clearMovie: 0.8,
  shortEpisodes: 0.75,
  playAllPair: 0.7,
  mixed: 0.6,
  labelledSmallCluster: 0.55,
  twinEpisodes: 0.55,
  soleTitle: 0.45,
  bonusDisc: 0.3,
  catalogEpisodes: 0.7,
  ambiguousMovie: 0.5,
  unknown: 0.2,
} as const;

export interface Verdict {
  contentType: ContentType;
  confidence: number;
}

export function classify(
  titles: readonly ScannedTitle[],
  layout: Layout,
  s: HeuristicSettings,
  labelSeason: number | null,
  evidence: string[],
  catalogTv = false,
): Verdict {
  const isTv =
    layout.cluster.length >= (layout.shortForm ? s.min_short_episodes : s.min_episodes) || layout.twoParterJoined;
  const isMovie = layout.long.length > 0;
  if (catalogTv && layout.cluster.length + layout.moreEpisodes.size >= 1) {
    evidence.push(
      `the catalog names a show and season, and ${layout.cluster.length + layout.moreEpisodes.size} title(s) run like its episodes`,
    );
    return { contentType: 'tv', confidence: isTv ? CONFIDENCE.clearTv : CONFIDENCE.catalogEpisodes };
  }
  const episodesTotal = total(layout.cluster) + total(titles.filter((t) => layout.moreEpisodes.has(t.index)));
  if (isTv && isMovie) {
    // Episodes nearly as long as the feature together (a Play All a little off the sum) still make TV.
    const contentType = episodesTotal >= 0.9 * Math.max(...layout.long.map((t) => t.durationSeconds)) ? 'tv' : 'movie';
    evidence.push(
      `both episodes and feature-length titles: ${contentType === 'tv' ? 'episodes' : 'the feature'} outweigh`,
    );
    return { contentType, confidence: CONFIDENCE.mixed };
  }
  if (isTv && layout.shortForm) {
    evidence.push(`${layout.cluster.length} short-form episodes of similar length (anime or cartoon shorts)`);
    return { contentType: 'tv', confidence: CONFIDENCE.shortEpisodes };
  }
  if (isTv && layout.twoParterJoined) {
    evidence.push('an episode and a two-part episode, and a title as long as both to the second: their Play All');
    return { contentType: 'tv', confidence: CONFIDENCE.playAllPair };
  }
  if (isTv) return { contentType: 'tv', confidence: CONFIDENCE.clearTv };
  if (!isMovie && layout.inOne.size > 0) {
    evidence.push(`episodes in one title: ${heldInOne(layout)}; no title of a single episode`);
    return { contentType: 'tv', confidence: CONFIDENCE.labelledSmallCluster };
  }
  if (!isMovie && layout.cluster.length < 2 && layout.joinedEpisodes >= 2) {
    evidence.push(
      `no cluster, but a Play All joins ${layout.joinedEpisodes} titles of episode length or more: episodes`,
    );
    return { contentType: 'tv', confidence: CONFIDENCE.playAllPair };
  }
  if (isMovie) return { contentType: 'movie', confidence: CONFIDENCE.clearMovie };
  if (
    layout.cluster.length >= 2 &&
    (layout.playAll.size > 0 || layout.pairLike.length > 0 || layout.moreEpisodes.size > 0)
  ) {
    evidence.push(
      `only ${layout.cluster.length} episode-length titles, but a Play All or a double-length episode goes with them`,
    );
    return { contentType: 'tv', confidence: CONFIDENCE.playAllPair };
  }
  if (layout.twins) {
    const [a, b] = layout.cluster.map((t) => t.durationSeconds) as [number, number];
    const apart = Math.abs(a - b) / Math.max(a, b);
    evidence.push(
      apart <= TWIN_FRACTION
        ? `two titles of the same length to within ${TWIN_FRACTION * 100} % (${list(layout.cluster)}): two episodes of one broadcast slot`
        : `two episode-length titles ${(apart * 100).toFixed(1)} % apart (${list(layout.cluster)}) with at most two other titles of substance beside them: two episodes`,
    );
    return { contentType: 'tv', confidence: CONFIDENCE.twinEpisodes };
  }
  if (layout.cluster.length >= 1 && labelSeason !== null) {
    evidence.push(`only ${layout.cluster.length} episode-length title(s), but the label names season ${labelSeason}`);
    return { contentType: 'tv', confidence: CONFIDENCE.labelledSmallCluster };
  }
  const single = soleSubstantialTitle(titles, layout, s);
  if (single && labelSeason !== null) {
    evidence.push(
      `one title of substance, title ${single.index} (${formatDuration(single.durationSeconds)}), and the label names season ${labelSeason}: an episode or special of that season`,
    );
    return { contentType: 'tv', confidence: CONFIDENCE.labelledSmallCluster };
  }
  const beside = single ? extrasBeside(titles, layout, [single]) : 0;
  if (single && beside >= EXTRAS_OF_A_BONUS_DISC) {
    evidence.push(
      `one title of substance, title ${single.index} (${formatDuration(single.durationSeconds)}), with ${beside} extras beside it: the documentary of a bonus disc, not a film`,
    );
    return { contentType: 'unknown', confidence: CONFIDENCE.unknown };
  }
  if (single) {
    evidence.push(
      `one title of substance, title ${single.index} (${formatDuration(single.durationSeconds)}), and nothing half as long: a short film or special, or a single episode`,
    );
    return { contentType: 'movie', confidence: CONFIDENCE.soleTitle };
  }
  evidence.push(
    `no cluster of ${s.min_episodes} episode-length titles and no title of ${s.movie_min_minutes} minutes or more`,
  );
  return { contentType: 'unknown', confidence: CONFIDENCE.unknown };
}

/** The one title of episode length or more when every other title is less than half as long (else null). */
export function soleSubstantialTitle(
  titles: readonly ScannedTitle[],
  layout: Layout,
  s: HeuristicSettings,
): ScannedTitle | null {
  if (layout.cluster.length >= 2) return null;
  const kept = titles.filter(
    (t) => !layout.short.includes(t) && !layout.copies.has(t.index) && !layout.playAll.has(t.index),
  );
  if (kept.length === 0) return null;
  const longest = kept.reduce((a, b) =>
    b.durationSeconds > a.durationSeconds || (b.durationSeconds === a.durationSeconds && b.index < a.index) ? b : a,
  );
  if (longest.durationSeconds < s.episode_min_minutes * 60) return null;
  return kept.every((t) => t === longest || t.durationSeconds <= longest.durationSeconds / 2) ? longest : null;
}

/** A lone title of substance with this many extras (not clips, copies or Play Alls) beside it is a bonus disc's documentary. */
export const EXTRAS_OF_A_BONUS_DISC = 3;

/** The titles worth ripping beside `ones` (not those, clips, copies or Play Alls). */
export function extrasBeside(titles: readonly ScannedTitle[], layout: Layout, ones: readonly ScannedTitle[]): number {
  return titles.filter(
    (t) =>
      !ones.includes(t) && !layout.short.includes(t) && !layout.copies.has(t.index) && !layout.playAll.has(t.index),
  ).length;
}
