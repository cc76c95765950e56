/** Finds the episode-length cluster and the Play All titles of a disc, from durations alone. */
import { atBestPicture, resolutionHeight, type ScannedTitle } from '@spindle/plugin-sdk';
import type { HeuristicSettings } from './heuristic-settings.ts';

/** A length range in seconds (inclusive minimum, exclusive maximum when `maxExclusive`). */
export interface LengthRange {
  min: number;
  max: number;
  maxExclusive?: boolean;
}

/** Regular episodes: `episode_min_minutes`–`episode_max_minutes`. */
export const episodeRange = (s: HeuristicSettings): LengthRange => ({
  min: s.episode_min_minutes * 60,
  max: s.episode_max_minutes * 60,
});

/** Short-form episodes (anime shorts, 11-minute cartoons): `short_episode_min_minutes` up to a regular episode. */
export const shortEpisodeRange = (s: HeuristicSettings): LengthRange => ({
  min: s.short_episode_min_minutes * 60,
  max: s.episode_min_minutes * 60,
  maxExclusive: true,
});

/** How far an episode may be from the cluster's centre: the absolute tolerance, or the relative one when larger. */
export function episodeTolerance(centreSeconds: number, settings: HeuristicSettings): number {
  return Math.max(settings.episode_tolerance_minutes * 60, settings.episode_tolerance_fraction * centreSeconds);
}

/** Titles of one disc are episodes of one cluster only at the same picture size (SD extras sit beside HD episodes). */
const samePicture = (a: ScannedTitle, b: ScannedTitle) =>
  a.resolution === null || b.resolution === null || a.resolution === b.resolution;

/**
 * The largest group of titles in the length range that lie within the tolerance of one member (the
 * centre) and share its picture size. Ties go to the tighter group. Returned in title-index order.
 */
export function findEpisodeCluster(
  titles: readonly ScannedTitle[],
  settings: HeuristicSettings,
  range: LengthRange = episodeRange(settings),
): ScannedTitle[] {
  const { min, max } = range;
  const episodeLength = titles.filter(
    (t) => t.durationSeconds >= min && (range.maxExclusive ? t.durationSeconds < max : t.durationSeconds <= max),
  );
  let best: ScannedTitle[] = [];
  let bestSpread = Infinity;
  for (const centre of episodeLength) {
    const tolerance = episodeTolerance(centre.durationSeconds, settings);
    const members = episodeLength.filter(
      (t) => Math.abs(t.durationSeconds - centre.durationSeconds) <= tolerance && samePicture(t, centre),
    );
    const durations = members.map((t) => t.durationSeconds);
    const spread = Math.max(...durations) - Math.min(...durations);
    if (members.length > best.length || (members.length === best.length && spread < bestSpread)) {
      best = members;
      bestSpread = spread;
    }
  }
  return [...best].sort((a, b) => a.index - b.index);
}

/** Sums of every run of ≥ 2 consecutive cluster members (in title order), plus the whole cluster. */
function episodeRunSums(cluster: readonly ScannedTitle[]): number[] {
  const sums: number[] = [];
  for (let start = 0; start < cluster.length; start++) {
    let sum = cluster[start]!.durationSeconds;
    for (let end = start + 1; end < cluster.length; end++) {
      sum += cluster[end]!.durationSeconds;
      sums.push(sum);
    }
  }
  return sums;
}

/** Titles whose length is the sum of a run of cluster episodes, within the Play All tolerance. */
export function findPlayAll(
  titles: readonly ScannedTitle[],
  cluster: readonly ScannedTitle[],
  settings: HeuristicSettings,
): ScannedTitle[] {
  if (cluster.length < 2) return [];
  const members = new Set(cluster.map((t) => t.index));
  const sums = episodeRunSums(cluster);
  return titles.filter(
    (t) =>
      !members.has(t.index) &&
      sums.some((sum) => Math.abs(t.durationSeconds - sum) <= sum * settings.play_all_tolerance),
  );
}

/** The most consecutive cluster episodes whose summed length a title matches (0 when none). */
export function episodesJoined(
  title: ScannedTitle,
  cluster: readonly ScannedTitle[],
  settings: HeuristicSettings,
): number {
  return longestRun(title, cluster, settings).length;
}

/** The longest run of consecutive cluster episodes whose summed length a title matches (empty when none). */
export function longestRun(
  title: ScannedTitle,
  cluster: readonly ScannedTitle[],
  settings: HeuristicSettings,
): ScannedTitle[] {
  let best: ScannedTitle[] = [];
  for (let start = 0; start < cluster.length; start++) {
    let sum = cluster[start]!.durationSeconds;
    for (let end = start + 1; end < cluster.length; end++) {
      sum += cluster[end]!.durationSeconds;
      if (Math.abs(title.durationSeconds - sum) <= sum * settings.play_all_tolerance && end - start + 1 > best.length)
        best = cluster.slice(start, end + 1);
    }
  }
  return best;
}

const isPlaylist = (t: ScannedTitle) => /\.mpls$/i.test(t.sourceFile ?? '');
const isRawStream = (t: ScannedTitle) => /\.m2ts$/i.test(t.sourceFile ?? '');
const sameSize = (a: ScannedTitle, b: ScannedTitle) =>
  a.sizeBytes <= 0 ||
  b.sizeBytes <= 0 ||
  Math.abs(a.sizeBytes - b.sizeBytes) <= 0.005 * Math.max(a.sizeBytes, b.sizeBytes);

/**
 * Raw `.m2ts` titles that repeat a playlist title (same length within 2 s, same size): Blu-rays
 * list the main movie both as `00001.mpls` and as its one stream file. Maps duplicate → original.
 * Playlists that look alike (obfuscated discs) are not duplicates: only a human can tell them apart.
 */
export function findDuplicateStreams(titles: readonly ScannedTitle[]): Map<number, ScannedTitle> {
  const duplicates = new Map<number, ScannedTitle>();
  for (const t of titles.filter(isRawStream)) {
    const original = titles.find(
      (o) => isPlaylist(o) && Math.abs(o.durationSeconds - t.durationSeconds) <= 2 && sameSize(o, t),
    );
    if (original) duplicates.set(t.index, original);
  }
  return duplicates;
}

/** Long titles within the main-feature tolerance of the longest one, longest first. */
export function plausibleMainFeatures(long: readonly ScannedTitle[], settings: HeuristicSettings): ScannedTitle[] {
  const films = atBestPicture(long, (t) => resolutionHeight(t.resolution));
  const longest = Math.max(0, ...films.map((t) => t.durationSeconds));
  return films
    .filter((t) => t.durationSeconds >= longest * (1 - settings.main_feature_tolerance))
    .sort((a, b) => b.durationSeconds - a.durationSeconds || a.index - b.index);
}

export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}
