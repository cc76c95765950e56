/** Finds the episode-length cluster and the Play All titles of a disc, from durations alone. */
import type { ScannedTitle } from '@spindle/plugin-sdk';
import type { HeuristicSettings } from './heuristic-settings.ts';

/**
 * The largest group of episode-length titles that lie within ± tolerance of one member (the
 * centre). Ties go to the tighter group. Returned in title-index order.
 */
export function findEpisodeCluster(titles: readonly ScannedTitle[], settings: HeuristicSettings): ScannedTitle[] {
  const min = settings.episode_min_minutes * 60;
  const max = settings.episode_max_minutes * 60;
  const tolerance = settings.episode_tolerance_minutes * 60;
  const episodeLength = titles.filter((t) => t.durationSeconds >= min && t.durationSeconds <= max);
  let best: ScannedTitle[] = [];
  let bestSpread = Infinity;
  for (const centre of episodeLength) {
    const members = episodeLength.filter((t) => Math.abs(t.durationSeconds - centre.durationSeconds) <= tolerance);
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
export function findPlayAll(titles: readonly ScannedTitle[], cluster: readonly ScannedTitle[], settings: HeuristicSettings): ScannedTitle[] {
  if (cluster.length < 2) return [];
  const members = new Set(cluster.map((t) => t.index));
  const sums = episodeRunSums(cluster);
  return titles.filter(
    (t) => !members.has(t.index) && sums.some((sum) => Math.abs(t.durationSeconds - sum) <= sum * settings.play_all_tolerance),
  );
}

/** Long titles within the main-feature tolerance of the longest one, longest first. */
export function plausibleMainFeatures(long: readonly ScannedTitle[], settings: HeuristicSettings): ScannedTitle[] {
  const longest = Math.max(0, ...long.map((t) => t.durationSeconds));
  return long
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
