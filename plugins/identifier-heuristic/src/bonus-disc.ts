/** Signs that a disc holds only extras: a movie set's or a series' bonus disc rather than a feature or episodes. */
import type { ContentType, ScannedTitle } from '@spindle/plugin-sdk';
import { episodeTolerance, formatDuration } from './duration-clusters.ts';
import type { HeuristicSettings } from './heuristic-settings.ts';
import { segmentRuns } from './disc-structure.ts';
import type { Layout } from './layout-analysis.ts';
import { list } from './describe-titles.ts';

/** A disc of extras only: no episodes, nothing of feature length, but something worth ripping. */
export function bonusDiscReason(
  titles: readonly ScannedTitle[],
  layout: Layout,
  contentType: ContentType,
): string | null {
  if (contentType !== 'unknown') return null;
  const kept = titles.filter(
    (t) => !layout.short.includes(t) && !layout.copies.has(t.index) && !layout.playAll.has(t.index),
  );
  if (kept.length === 0) return null;
  const longest = kept.reduce((a, b) => (b.durationSeconds > a.durationSeconds ? b : a));
  return `no episodes and no title of feature length (the longest, title ${longest.index}, runs ${formatDuration(longest.durationSeconds)}): a bonus disc of extras, or a short special`;
}

/** The size of the largest group of `titles` alike in length (within the episode tolerance); 0 for none. */
function mostAlike(titles: readonly ScannedTitle[], s: HeuristicSettings): number {
  const alike = (t: ScannedTitle) =>
    titles.filter((o) => Math.abs(o.durationSeconds - t.durationSeconds) <= episodeTolerance(t.durationSeconds, s))
      .length;
  return titles.length === 0 ? 0 : Math.max(...titles.map(alike));
}

/** The titles worth ripping (not clips, copies or Play Alls) and the size of the largest group of them alike. */
function keptAndAlike(
  titles: readonly ScannedTitle[],
  layout: Layout,
  s: HeuristicSettings,
): { kept: number; mostAlike: number } {
  const kept = titles.filter(
    (t) => !layout.short.includes(t) && !layout.copies.has(t.index) && !layout.playAll.has(t.index),
  );
  return { kept: kept.length, mostAlike: mostAlike(kept, s) };
}

/**
 * Three or more titles worth ripping, no more than half of them alike in length (within the episode tolerance):
 * extras of a bonus disc, not a few episodes or parts too few to make a cluster.
 */
export function variedExtras(titles: readonly ScannedTitle[], layout: Layout, s: HeuristicSettings): boolean {
  const { kept, mostAlike } = keptAndAlike(titles, layout, s);
  return kept >= 3 && mostAlike * 2 <= kept;
}

/**
 * Four or more titles worth ripping, not all of one length (within the episode tolerance): the extras of a set
 * (a bonus disc's featurettes and interviews often run 5–7 minutes each), not a short special, and not alike
 * titles too short to count as episodes.
 */
export function manyExtras(titles: readonly ScannedTitle[], layout: Layout, s: HeuristicSettings): boolean {
  const { kept, mostAlike } = keptAndAlike(titles, layout, s);
  return kept >= 4 && mostAlike < kept;
}

/**
 * Four or more titles of episode length or longer, none of feature length, no Play All among them, and no more
 * than half of them alike in length (within the episode tolerance): the documentaries and featurettes of a
 * series' bonus disc, not episodes (a series disc's episodes are mostly alike, or joined by a Play All).
 */
export function variedSubstance(titles: readonly ScannedTitle[], layout: Layout, s: HeuristicSettings): string | null {
  if (layout.long.length > 0 || layout.playAll.size > 0 || layout.pairLike.length > 0) return null;
  const kept = titles.filter(
    (t) => t.durationSeconds >= s.episode_min_minutes * 60 && !layout.short.includes(t) && !layout.copies.has(t.index),
  );
  if (kept.length < 4) return null;
  const most = mostAlike(kept, s);
  if (most * 2 > kept.length) return null;
  return `${kept.length} titles of episode length or more and at most ${most} of them alike (${list(kept)}), no Play All: a bonus disc of a series' extras, no episodes`;
}

/**
 * The one feature-length title is as long as all the titles of episode length or more beside it together (three
 * or more, each shorter than a feature), and its segment map — when there is one — chains at least a run of
 * cells per part: a Play All of the parts of one long extra (a documentary in parts), not a film. The disc is a
 * bonus disc; read as a movie only because of that title, its parts are not taken for episodes either.
 */
export function partsPlayAll(titles: readonly ScannedTitle[], layout: Layout, s: HeuristicSettings): string | null {
  if (layout.long.length !== 1) return null;
  const whole = layout.long[0]!;
  const parts = titles.filter(
    (t) =>
      t !== whole &&
      t.durationSeconds >= s.episode_min_minutes * 60 &&
      t.durationSeconds < s.movie_min_minutes * 60 &&
      !layout.short.includes(t) &&
      !layout.copies.has(t.index) &&
      !layout.playAll.has(t.index),
  );
  if (parts.length < 3) return null;
  const sum = parts.reduce((total, t) => total + t.durationSeconds, 0);
  if (Math.abs(sum - whole.durationSeconds) > whole.durationSeconds * s.play_all_tolerance) return null;
  const runs = segmentRuns(whole.segmentMap);
  if (runs !== null && runs < parts.length) return null;
  return `title ${whole.index} (${formatDuration(whole.durationSeconds)}) is as long as ${list(parts)} together: a Play All of the parts of one long extra, not a film — a bonus disc`;
}

/**
 * Whether the volume label names a bonus disc ("Bonus Disc", "Disc 2 (Bonus)", "Special Features", "… Behind the
 * Scenes", "The Appendices"): such a disc holds extras, whatever their lengths suggest. Not when it names episodes
 * ("Bonus Episodes"); "Extras" alone is left out (a show bears that name), and a "Film & Supplements" disc holds the
 * film.
 */
export function labelNamesBonusDisc(label: string): boolean {
  const words = label.replace(/[_.]+/g, ' ');
  return (
    /\b(?:bonus|special\s*features|behind\s*the\s*scenes|appendices)\b/i.test(words) && !/\bepisodes?\b/i.test(words)
  );
}
