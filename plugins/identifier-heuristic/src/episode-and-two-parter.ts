/**
 * An episode and a two-part episode joined by a Play All, on a disc with no structure to ask (a DVD, whose cell
 * numbers are not comparable across title sets) and no cluster of alike episodes: a season's last disc that holds a
 * finale's first hour as one title, its second and third hours as another, and the whole as a third title.
 */
import type { ScannedTitle } from '@spindle/plugin-sdk';
import type { HeuristicSettings } from './heuristic-settings.ts';

/** A Play All's length is its parts' sum to within this many seconds (each length is rounded to the second). */
const EXACT_SUM_SECONDS = 2;
/** A double-length (two-part) episode runs this many times an episode (two episodes' length, give or take credits). */
export const DOUBLE_EPISODE = [1.7, 2.3] as const;

export interface EpisodeAndTwoParter {
  episode: ScannedTitle;
  twoParter: ScannedTitle;
  playAll: ScannedTitle;
}

/**
 * A title of episode length, one about twice as long, and a third as long as both to within EXACT_SUM_SECONDS; null
 * when there is no such trio. Two parts of about equal length are left to the episode cluster and its Play All rule;
 * a movie disc's two documentaries and their Play All are rarely one twice the other to the second.
 */
export function findEpisodeAndTwoParter(
  rest: readonly ScannedTitle[],
  s: HeuristicSettings,
): EpisodeAndTwoParter | null {
  const episodeLength = (t: ScannedTitle) =>
    t.durationSeconds >= s.episode_min_minutes * 60 && t.durationSeconds <= s.episode_max_minutes * 60;
  for (const episode of rest.filter(episodeLength))
    for (const twoParter of rest) {
      const ratio = twoParter.durationSeconds / episode.durationSeconds;
      if (twoParter === episode || ratio < DOUBLE_EPISODE[0] || ratio > DOUBLE_EPISODE[1]) continue;
      const sum = episode.durationSeconds + twoParter.durationSeconds;
      const playAll = rest.find(
        (t) => t !== episode && t !== twoParter && Math.abs(t.durationSeconds - sum) <= EXACT_SUM_SECONDS,
      );
      if (playAll) return { episode, twoParter, playAll };
    }
  return null;
}
