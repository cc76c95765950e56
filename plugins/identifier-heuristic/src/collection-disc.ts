/**
 * A disc read as TV from its lengths alone may be a collection of standalone works of episode length (TV specials,
 * short films) that the catalog files as films, one entry each. Nothing on such a disc tells the two apart: alike
 * single-clip titles with no Play All joining them and no season in the label look the same either way. The
 * heuristic keeps its TV reading (every title is ripped as its own item, none taken for an extra), but it does not
 * settle the kind: the disc goes to review with the reason below, and a catalog answer or a person decides.
 */
import type { ScannedTitle } from '@spindle/plugin-sdk';
import type { Layout } from './layout-analysis.ts';
import { list } from './describe-titles.ts';

/** The words that open the review reason of such a disc (the corpus measure reads them). */
export const COLLECTION_OR_EPISODES = 'episodes of a show, or a collection of specials or short films';

/**
 * The review reason when the TV reading rests on lengths alone: an episode cluster of regular-length titles (not
 * short-form), no Play All (by structure or by length) and no title as long as two episodes with no structure to
 * tell, and no season in the volume label. Null when any of those says series.
 */
export function collectionReason(
  titles: readonly ScannedTitle[],
  layout: Layout,
  labelSeason: number | null,
): string | null {
  if (labelSeason !== null || layout.shortForm || layout.cluster.length < 2) return null;
  if (layout.playAll.size > 0 || layout.pairLike.length > 0) return null;
  const works = titles.filter((t) => layout.cluster.includes(t) || layout.moreEpisodes.has(t.index));
  return `${COLLECTION_OR_EPISODES} (each its own film in the catalog): ${list(works)} are alike, with no Play All and no season in the label; the catalog or a person says which`;
}
