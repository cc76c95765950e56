/**
 * The kind of each extra on a disc nobody has named: first from the structure, then from the length
 * (`extraTypeByLength` of the SDK, shared with the movie matcher).
 *
 * Structure: a title whose segments are those of two or more clips (each shorter than CLIP_MAX, the
 * clips covering REEL_COVERAGE of it) is a reel of one kind — trailers when its clips all run like
 * trailers and alike (within TRAILER_SPREAD of each other), else deleted scenes (cut scenes vary in
 * length); the clips and the reel get that kind. Unlike a Play All of episodes, the clips may be bare
 * stream files (`00115.m2ts`) and short.
 * Broadcast spots: two or more clips of one length (within SPOT_MATCH) of 28–64 s on a movie disc are
 * TV spots (30 and 60 s slots): trailers.
 * Parts: an extra no such reel typed whose segment map has REEL_PARTS or more runs is a reel too, its parts being no
 * titles of their own (`partsType`); across the real-disc corpus such extras are trailer and deleted-scene reels,
 * rarely a featurette.
 */
import {
  EXTRA_LENGTHS,
  extraTypeByLength,
  type ContentType,
  type ExtraType,
  type ScannedTitle,
} from '@spindle/plugin-sdk';
import { segmentKeys } from './disc-structure.ts';
import type { Layout } from './layout-analysis.ts';

const CLIP_MAX = 10 * 60;
const CLIP_MIN = 20;
const TRAILER_SPREAD = 60;
const REEL_COVERAGE = 0.9;
const SPOT = [28, 64] as const;
const SPOT_MATCH = 2;
const REEL_PARTS = 3;
const SCENE_MAX = 5 * 60;
const REEL_SPLIT = 10 * 60;

/** Reels: title index → the clips it joins (segment maps; disjoint clips inside it covering most of it). */
export function findReels(titles: readonly ScannedTitle[]): Map<number, ScannedTitle[]> {
  const keys = new Map(titles.map((t) => [t.index, segmentKeys(t)] as const));
  const reels = new Map<number, ScannedTitle[]>();
  for (const reel of titles) {
    const rk = keys.get(reel.index);
    if (!rk || rk.length < 2) continue;
    const inReel = new Set(rk);
    const used = new Set<string>();
    const clips: ScannedTitle[] = [];
    for (const t of titles) {
      const tk = keys.get(t.index);
      if (
        t === reel ||
        !tk ||
        t.durationSeconds < CLIP_MIN ||
        t.durationSeconds >= CLIP_MAX ||
        t.durationSeconds >= reel.durationSeconds
      )
        continue;
      if (!tk.every((k) => inReel.has(k)) || tk.some((k) => used.has(k))) continue;
      tk.forEach((k) => used.add(k));
      clips.push(t);
    }
    const covered = clips.reduce((sum, t) => sum + t.durationSeconds, 0);
    if (clips.length >= 2 && covered >= REEL_COVERAGE * reel.durationSeconds) reels.set(reel.index, clips);
  }
  return reels;
}

function reelType(members: readonly ScannedTitle[]): ExtraType | null {
  if (members.length < 2 || members.some((m) => m.durationSeconds >= CLIP_MAX)) return null;
  const lengths = members.map((m) => m.durationSeconds);
  const trailerLike =
    lengths.every((l) => l >= EXTRA_LENGTHS.trailerMin - 30 && l <= EXTRA_LENGTHS.trailerMax) &&
    Math.max(...lengths) - Math.min(...lengths) <= TRAILER_SPREAD;
  if (trailerLike) return 'trailer';
  // Cut scenes vary, some of them a minute or two; a reel whose every piece runs SCENE_MAX or more is a series of
  // featurettes (typed by their lengths).
  return Math.min(...lengths) >= SCENE_MAX ? null : 'deleted_scene';
}

/**
 * An extra of REEL_PARTS or more parts (the runs of its segment map: Blu-ray clips, DVD cell runs) that no reel of listed
 * clips typed is a reel all the same: a featurette is one piece. Under REEL_SPLIT it is a reel of trailers (previews, TV
 * spots); longer, of deleted scenes. On a series disc only the longer kind: its short reels vary.
 */
function partsType(t: ScannedTitle, contentType: ContentType): ExtraType | null {
  const parts = t.segmentMap ? t.segmentMap.split(',').length : 0;
  if (parts < REEL_PARTS) return null;
  if (t.durationSeconds >= REEL_SPLIT) return 'deleted_scene';
  return contentType === 'tv' ? null : 'trailer';
}

/** Kinds of the titles that are extras or clips (`notExtras`: episodes, main features, Play Alls of episodes). */
export function typeExtras(
  titles: readonly ScannedTitle[],
  layout: Layout,
  contentType: ContentType,
  notExtras: ReadonlySet<number>,
): Map<number, ExtraType> {
  const kinds = new Map<number, ExtraType>();
  /** Reels of listed clips: their parts are titles, so the reel of parts below does not read them. */
  const reels = new Set<number>();
  for (const [reel, members] of [...layout.joins, ...findReels(titles)]) {
    if (notExtras.has(reel) || members.some((m) => notExtras.has(m.index))) continue;
    reels.add(reel);
    const kind = reelType(members);
    if (!kind) continue;
    kinds.set(reel, kind);
    for (const m of members) kinds.set(m.index, kind);
  }
  const open = titles.filter((t) => !notExtras.has(t.index) && !kinds.has(t.index) && !layout.playAll.has(t.index));
  if (contentType !== 'tv') {
    const spots = open.filter((t) => t.durationSeconds >= SPOT[0] && t.durationSeconds <= SPOT[1]);
    for (const t of spots)
      if (spots.some((o) => o !== t && Math.abs(o.durationSeconds - t.durationSeconds) <= SPOT_MATCH))
        kinds.set(t.index, 'trailer');
  }
  for (const t of open) {
    if (kinds.has(t.index)) continue;
    const byParts = reels.has(t.index) ? null : partsType(t, contentType);
    kinds.set(t.index, byParts ?? extraTypeByLength(t.durationSeconds, contentType === 'tv'));
  }
  return kinds;
}
