/**
 * The corpus rule for a disc of several standalone works of episode length (TV specials, short films), which
 * TheDiscDB files as films, one `MainMovie` each: Plex and Jellyfin want each work as its own film (its own TMDB
 * movie entry), so the disc's kind stays "movie". Nothing on such a disc tells it from an episode disc (alike
 * single-clip titles, no Play All, no season in the label), so without a catalog the right judgment is to keep every
 * work as its own ripped item and leave the kind open for the catalog or a person: the heuristic's review reason
 * "episodes of a show, or a collection of specials or short films". A disc left open that way is scored as such:
 * the kind is right, the works kept as episode candidates are not counted in episode precision (the catalog names
 * them; the "catalog type given" rows measure that), and the main feature is right when every work is ripped as
 * its own item. A collection called plain TV is wrong on all three.
 */
import type { Identification } from '@spindle/plugin-sdk';
import { COLLECTION_OR_EPISODES } from '../../plugins/identifier-heuristic/src/collection-disc.ts';
import { DEFAULT_SETTINGS } from '../../plugins/identifier-heuristic/src/heuristic-settings.ts';
import { seconds, type RealDisc, type TruthTitle } from './judgment-discs.ts';

/** Two or more `MainMovie` titles, none of feature length: a collection of specials or short films. */
export function isCollection(disc: RealDisc): boolean {
  const works = disc.record.Titles.filter((t) => t.Item?.Type === 'MainMovie');
  return (
    disc.kind === 'movie' &&
    works.length >= 2 &&
    works.every((t) => seconds(t.Duration) < DEFAULT_SETTINGS.movie_min_minutes * 60)
  );
}

/** The heuristic left the kind open: episodes or a collection (its review reason says so). */
export function leftOpen(id: Identification): boolean {
  return id.contentType === 'tv' && (id.reviewReason ?? '').startsWith(COLLECTION_OR_EPISODES);
}

/** Every work of the collection ripped as its own item (an episode or main-feature candidate). */
export function everyWorkRipped(titles: readonly TruthTitle[], id: Identification): boolean {
  const hints = new Map(id.titleHints.map((h) => [h.titleIndex, h]));
  return titles
    .filter((t) => t.Item?.Type === 'MainMovie')
    .every((t) => {
      const h = hints.get(t.Index);
      return h?.rip === true && (h.role === 'episode_candidate' || h.role === 'main_feature_candidate');
    });
}
