/**
 * The kind of an extra read from its length alone, for discs whose titles carry no names (MakeMKV's
 * `title_t05.mkv`) and no catalog entry: shared by the identifiers and matchers that type extras, so
 * a title gets the same kind whichever of them reads it. Rough by nature: a name or a disc lookup
 * says better and wins.
 *
 * - on a series disc, a clip under 4 minutes beside the episodes: a deleted scene;
 * - 1:30–3:10: a trailer (the usual length of a theatrical trailer);
 * - 1:00–1:30: a deleted scene (on real movie discs more of these are cut scenes than trailers or anything else);
 * - under a minute: other (logos, warnings, TV spots, bumpers);
 * - 3:10–40 minutes: a featurette;
 * - longer: other (a documentary; Plex and Jellyfin have no folder for it).
 */
import type { ExtraType } from './values.ts';

export const EXTRA_LENGTHS = {
  seriesDeletedSceneMax: 240,
  deletedSceneMin: 60,
  trailerMin: 90,
  trailerMax: 190,
  featuretteMax: 40 * 60,
} as const;

export function extraTypeByLength(seconds: number, onSeriesDisc: boolean): ExtraType {
  if (onSeriesDisc && seconds < EXTRA_LENGTHS.seriesDeletedSceneMax) return 'deleted_scene';
  if (seconds < EXTRA_LENGTHS.deletedSceneMin) return 'other';
  if (seconds < EXTRA_LENGTHS.trailerMin) return 'deleted_scene';
  if (seconds <= EXTRA_LENGTHS.trailerMax) return 'trailer';
  if (seconds <= EXTRA_LENGTHS.featuretteMax) return 'featurette';
  return 'other';
}
