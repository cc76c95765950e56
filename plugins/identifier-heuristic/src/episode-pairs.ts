/**
 * When two titles of episode length are two episodes though no cluster of three stands: two episodes of one broadcast
 * slot (alike to the half-percent, or a little further apart on a disc of few other titles), or two hour-long drama
 * episodes of unequal length.
 */
import type { ScannedTitle } from '@spindle/plugin-sdk';
import type { HeuristicSettings } from './heuristic-settings.ts';

/** Two titles this close in length (share of the length) fill the same broadcast slot: episodes, not two extras. */
export const TWIN_FRACTION = 0.005;
/**
 * Two episode-length titles a little further apart (a minute in fifty: one episode's credits run longer) are still
 * two episodes when at most two other titles of substance stand beside them; beside LOOSE_TWIN_EXTRAS or more (as
 * many as make a lone documentary a bonus disc's, EXTRAS_OF_A_BONUS_DISC) they are as likely a bonus disc's two
 * documentaries among its featurettes.
 */
export const LOOSE_TWIN_FRACTION = 0.02;
export const LOOSE_TWIN_EXTRAS = 3;
/**
 * An hour-long drama's episodes run 45–75 minutes and, on premium-cable miniseries, differ by up to a quarter: two
 * titles of distinct content in that slot, with no title of feature length and fewer than LOOSE_TWIN_EXTRAS other
 * titles of substance beside them, are two episodes (a movie set's bonus disc with two hour-long documentaries has
 * its featurettes beside them).
 */
export const HOUR_SLOT_MINUTES = [45, 75] as const;

/** The two hour-long titles of a disc that holds nothing else of substance but up to two extras; else null. */
export function hourLongPair(rest: readonly ScannedTitle[], s: HeuristicSettings): ScannedTitle[] | null {
  const [min, max] = HOUR_SLOT_MINUTES.map((m) => m * 60) as [number, number];
  if (rest.some((t) => t.durationSeconds >= s.movie_min_minutes * 60)) return null;
  const hourLong = rest.filter((t) => t.durationSeconds >= min && t.durationSeconds <= max);
  if (hourLong.length !== 2 || rest.length - hourLong.length >= LOOSE_TWIN_EXTRAS) return null;
  return hourLong;
}

/** Whether two episode-length titles fill one broadcast slot, given how many other titles of substance the disc holds. */
export function areTwins(a: ScannedTitle, b: ScannedTitle, others: number): boolean {
  const fraction = others < LOOSE_TWIN_EXTRAS ? LOOSE_TWIN_FRACTION : TWIN_FRACTION;
  return Math.abs(a.durationSeconds - b.durationSeconds) <= fraction * Math.max(a.durationSeconds, b.durationSeconds);
}
