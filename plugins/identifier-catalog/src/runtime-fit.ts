/**
 * Does the disc's layout fit a catalog entry's runtimes? A movie fits when one title lasts about
 * its runtime; a show fits when titles last about its episode runtimes. 0–1, or null when the
 * catalog gave no runtime to compare with.
 */
import type { ScannedTitle } from '@spindle/plugin-sdk';

/** Titles shorter than this are menus, logos and clips: never compared. */
const CLIP_SECONDS = 120;

export function movieRuntimeFit(runtimeMinutes: number | null, titles: readonly ScannedTitle[]): number | null {
  if (runtimeMinutes === null || runtimeMinutes <= 0) return null;
  const runtime = runtimeMinutes * 60;
  const closest = Math.min(
    ...titles
      .filter((t) => t.durationSeconds >= CLIP_SECONDS)
      .map((t) => Math.abs(t.durationSeconds - runtime) / runtime),
    Infinity,
  );
  if (closest <= 0.05) return 1; // catalog runtimes are rounded and cuts differ a little
  if (closest >= 0.12) return 0;
  return 1 - (closest - 0.05) / 0.07;
}

/** Share of episode-like titles within ±3 minutes of an expected episode runtime (2 or more matching titles fit fully). */
export function episodeRuntimeFit(runtimesMinutes: readonly number[], titles: readonly ScannedTitle[]): number | null {
  const expected = runtimesMinutes.filter((m) => m > 0).map((m) => m * 60);
  if (expected.length === 0) return null;
  const matching = titles.filter(
    (t) => t.durationSeconds >= CLIP_SECONDS && expected.some((e) => Math.abs(t.durationSeconds - e) <= 180),
  ).length;
  return matching >= 2 ? 1 : matching === 1 ? 0.6 : 0;
}
