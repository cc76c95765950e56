/**
 * The catalog's episode runtimes of the season, when an identifier before this one named the show
 * and season (the catalog identifier: a TMDB show id and a season number). They tell which titles
 * are episodes where lengths alone cannot: a shorter episode beside the cluster, a disc of two
 * episodes of unlike length. Any failure (no catalog, no key, the service down) leaves the
 * heuristic to durations, as before: the catalog only ever adds evidence.
 */
import type { IdentifyInput, ScannedTitle, StageContext } from '@spindle/plugin-sdk';
import type { Layout } from './layout-analysis.ts';
import { errorMessage } from '@spindle/plugin-sdk';

export interface CatalogSeasonRuntimes {
  showId: number;
  season: number;
  /** Each episode's runtime in seconds (episodes the catalog gives no runtime for are left out). */
  runtimes: number[];
}

/** A title within this much of an episode runtime fits it: catalog runtimes are whole minutes and broadcast cuts differ. */
export const RUNTIME_FIT = { seconds: 90, fraction: 0.1 } as const;

export async function catalogSeasonRuntimes(
  input: IdentifyInput,
  ctx: StageContext,
): Promise<CatalogSeasonRuntimes | null> {
  const named = input.previous.find((a) => a.contentType === 'tv' && a.catalogId !== null && a.season !== null);
  const catalog = ctx.providers.get('catalog');
  if (!named || !catalog) return null;
  try {
    const status = catalog.status();
    if (status.configured === false || !status.healthy) return null;
    const season = await catalog.getSeason(named.catalogId!, named.season!);
    const runtimes = (season?.episodes ?? [])
      .map((e) => e.runtimeMinutes)
      .filter((m): m is number => m !== null && m > 0)
      .map((m) => m * 60);
    return runtimes.length > 0 ? { showId: named.catalogId!, season: named.season!, runtimes } : null;
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    ctx.logger.warn('The catalog gave no episode runtimes; judging by durations alone', { error: errorMessage(error) });
    return null;
  }
}

const fits = (t: ScannedTitle, runtime: number) =>
  Math.abs(t.durationSeconds - runtime) <= Math.max(RUNTIME_FIT.seconds, RUNTIME_FIT.fraction * runtime);

/**
 * Titles the layout left as extras or features that fit an episode runtime of the season become
 * episodes (they join `moreEpisodes` and leave `long`). Clips, copies, Play Alls and titles of
 * another picture size than the cluster are left alone. When the disc has an episode cluster and
 * none of it fits the catalog's runtimes (a catalog that lists the broadcast slot, 60 for a 43-minute
 * episode), the runtimes are not trusted and nothing is added. Returns the titles it added.
 */
export function fitCatalogRuntimes(
  titles: readonly ScannedTitle[],
  layout: Layout,
  runtimes: readonly number[],
): ScannedTitle[] {
  if (layout.cluster.length >= 2 && !layout.cluster.some((t) => runtimes.some((r) => fits(t, r)))) return [];
  const taken = new Set([
    ...layout.cluster.map((t) => t.index),
    ...layout.moreEpisodes.keys(),
    ...layout.playAll.keys(),
    ...layout.copies.keys(),
    ...layout.pairLike.map((t) => t.index),
    ...layout.short.map((t) => t.index),
  ]);
  const picture = layout.cluster[0]?.resolution ?? null;
  const added = titles.filter(
    (t) =>
      !taken.has(t.index) && !(picture && t.resolution && t.resolution !== picture) && runtimes.some((r) => fits(t, r)),
  );
  for (const t of added) {
    const runtime = runtimes.reduce((best, r) =>
      Math.abs(t.durationSeconds - r) < Math.abs(t.durationSeconds - best) ? r : best,
    );
    layout.moreEpisodes.set(
      t.index,
      `fits an episode runtime of the catalog's season (${Math.round(runtime / 60)} min)`,
    );
  }
  const addedSet = new Set(added);
  layout.long = layout.long.filter((t) => !addedSet.has(t));
  return added;
}
