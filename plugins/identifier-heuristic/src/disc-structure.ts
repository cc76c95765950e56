/**
 * What a disc's structure says about its titles, from MakeMKV's segment maps (TINFO 26: the clips
 * of a Blu-ray playlist, the cells of a DVD title). Segments are comparable only within one source:
 * a Blu-ray's clip numbers are disc-wide, a DVD's cell numbers belong to their title (`01` and `02`
 * both have cells "1-11"), so segments are compared as (source, segment) pairs.
 *
 * - duplicates: the same (source, segments) as another title;
 * - variants: another title's segments plus short clips before, after or on both sides (intro, credits, a logo);
 * - Play Alls: titles whose segments are made of two or more other titles' segments.
 * Without segment maps (folder imports) nothing is found here and durations decide.
 */
import type { ScannedTitle } from '@spindle/plugin-sdk';

export interface Structure {
  /** Duplicate → the title it repeats. */
  duplicates: Map<number, ScannedTitle>;
  /** Variant → its core title (the variant adds a short clip). */
  variants: Map<number, ScannedTitle>;
  /** Play All → the titles it joins. */
  playAlls: Map<number, ScannedTitle[]>;
  /** True when segment maps could be compared across titles (Blu-ray playlists). */
  structural: boolean;
}

/** `1-3,7` → [1, 2, 3, 7]; null when the map is missing or not of that form. */
export function expandSegmentMap(map: string | undefined): number[] | null {
  if (!map || !/^\s*\d+(\s*-\s*\d+)?(\s*,\s*\d+(\s*-\s*\d+)?)*\s*$/.test(map)) return null;
  const out: number[] = [];
  for (const part of map.split(',')) {
    const [a, b] = part.split('-').map((n) => Number(n.trim()));
    if (b === undefined) out.push(a!);
    else if (b >= a! && b - a! < 10_000) for (let n = a!; n <= b; n++) out.push(n);
    else return null;
  }
  return out;
}

/**
 * The runs of a segment map (`1-4,5-8,9-12` → 3), null without a readable one. A Play All of parts chains one
 * run of cells (or more) per part it joins.
 */
export function segmentRuns(map: string | undefined): number | null {
  return expandSegmentMap(map) ? map!.split(',').length : null;
}

const isBluraySource = (t: ScannedTitle) => /\.(mpls|m2ts)$/i.test(t.sourceFile ?? '');

/** A run of a DVD title's cells this long or more is a part of substance (shorter runs: logos, intros, credits). */
const PART_MIN_CELLS = 3;
/** Alike parts: each at least this many cells, and within ALIKE_CELLS of their median. */
const EPISODE_PART_MIN_CELLS = 4;
const ALIKE_CELLS = 1;

/**
 * How many episodes a DVD title plays, read from its cells: three or more runs of cells of substance, all of about
 * the same number of cells (each episode authored alike: opening, acts, closing), e.g. `1-5,6-10,11-15,16-20,21` → 4.
 * 0 when its cells do not run so (a film's runs differ: `1-9,10-16,17-23,24`), and for Blu-ray playlists, whose runs
 * are only consecutive clip numbers.
 */
export function alikeParts(t: ScannedTitle): number {
  if (isBluraySource(t) || !expandSegmentMap(t.segmentMap)) return 0;
  const sizes = t
    .segmentMap!.split(',')
    .map((run) => run.split('-').map(Number))
    .map(([a, b]) => (b === undefined ? 1 : b - a! + 1))
    .filter((n) => n >= PART_MIN_CELLS);
  if (sizes.length < 3 || sizes.some((n) => n < EPISODE_PART_MIN_CELLS)) return 0;
  const mid = [...sizes].sort((a, b) => a - b)[Math.floor(sizes.length / 2)]!;
  return sizes.every((n) => Math.abs(n - mid) <= ALIKE_CELLS) ? sizes.length : 0;
}

/** A Blu-ray playlist joining this many stream clips or more, none of which another title plays, may hold episodes. */
const OWN_CLIPS_MIN = 3;

/**
 * How many stream clips a Blu-ray playlist joins that no other title of the disc plays (a film's cuts share their clips:
 * theatrical and unrated playlists); 0 when fewer than OWN_CLIPS_MIN or when another title plays one of them.
 */
export function clipsOfItsOwn(t: ScannedTitle, titles: readonly ScannedTitle[]): number {
  const own = isBluraySource(t) ? segmentKeys(t) : null;
  if (!own || new Set(own).size < OWN_CLIPS_MIN) return 0;
  const mine = new Set(own);
  const shared = titles.some((o) => o !== t && (segmentKeys(o) ?? []).some((k) => mine.has(k)));
  return shared ? 0 : mine.size;
}

/**
 * Bare stream files (`00036.m2ts`) of episode length or less on a Blu-ray whose episodes are playlists: MakeMKV lists
 * a stream file only when no playlist plays it, and a disc's episodes have playlists, so these are extras (interviews,
 * making-ofs), never episodes. Empty when no playlist of at least `minSeconds` is on the disc (a disc of bare streams).
 * A stream as long as an episode playlist to within SLOT_MATCH is not among them: it fills the same broadcast slot, an
 * episode the playlists play only joined with others (Avatar's four-part finale, in one 1:30 playlist besides).
 */
export function streamsBesidePlaylists(
  titles: readonly ScannedTitle[],
  minSeconds: number,
  maxSeconds: number,
): Set<number> {
  const playlists = titles.filter((t) => !isRaw(t) && isBluraySource(t) && t.durationSeconds >= minSeconds);
  if (playlists.length === 0) return new Set();
  const slotOfAPlaylist = (t: ScannedTitle) =>
    playlists.some((p) => Math.abs(p.durationSeconds - t.durationSeconds) <= SLOT_MATCH * p.durationSeconds);
  return new Set(
    titles
      .filter(
        (t) => isRaw(t) && t.durationSeconds >= minSeconds && t.durationSeconds < maxSeconds && !slotOfAPlaylist(t),
      )
      .map((t) => t.index),
  );
}

/** A bare stream this close in length (share) to an episode playlist fills the same broadcast slot. */
const SLOT_MATCH = 0.01;

/** The (source, segment) keys of a title: Blu-ray clips are disc-wide; anything else is keyed by its source. */
export function segmentKeys(t: ScannedTitle): string[] | null {
  const segments = expandSegmentMap(t.segmentMap);
  if (!segments || segments.length === 0) return null;
  const source = isBluraySource(t) ? 'bd' : `src:${t.sourceFile ?? `#${t.index}`}`;
  return segments.map((s) => `${source}:${s}`);
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
/** Whether `run` plays, in order and unbroken, somewhere in `list` (at its start, its end or between short clips). */
const containsRun = (list: readonly string[], run: readonly string[]) =>
  Array.from({ length: list.length - run.length + 1 }, (_, at) => at).some((at) =>
    sameList(list.slice(at, at + run.length), run),
  );

/** Clips this short (seconds, together) added to a title make a variant of it, not a new title. */
const VARIANT_CLIP_MAX_SECONDS = 150;
/** Each title a Play All joins lasts at least this long (seconds): clips and bumpers do not count. */
const PLAY_ALL_MEMBER_MIN_SECONDS = 120;
/** The joined titles account for at least this share of the Play All's length. */
const PLAY_ALL_COVERAGE = 0.9;

export function findStructure(titles: readonly ScannedTitle[]): Structure {
  const keys = new Map<number, string[]>();
  for (const t of titles) {
    const k = segmentKeys(t);
    if (k) keys.set(t.index, k);
  }
  const duplicates = new Map<number, ScannedTitle>();
  const variants = new Map<number, ScannedTitle>();
  const playAlls = new Map<number, ScannedTitle[]>();
  const withKeys = titles.filter((t) => keys.has(t.index));
  const structural = withKeys.filter(isBluraySource).length >= 2;

  // Duplicates: the first title is the original: playlists before raw streams, then the lowest playlist
  // number (a disc's own episode playlists come first, e.g. 00072–00075; the copies its menus play come
  // later, 00201–00202, and MakeMKV may list such a copy before its original), then the lowest index.
  const firstWith = new Map<string, ScannedTitle>();
  const byOriginality = (a: ScannedTitle, b: ScannedTitle) =>
    Number(isRaw(a)) - Number(isRaw(b)) || playlistNumber(a) - playlistNumber(b) || a.index - b.index;
  for (const t of [...withKeys].sort(byOriginality)) {
    const joined = keys.get(t.index)!.join(' ');
    const original = firstWith.get(joined);
    if (original) duplicates.set(t.index, original);
    else firstWith.set(joined, t);
  }
  const distinct = withKeys.filter((t) => !duplicates.has(t.index));

  // Play Alls: titles covered by two or more other, disjoint, substantial titles whose segments they contain — or, when
  // the titles it plays share clips (each episode wrapped in the same logo and card: `12,0,14,12,1,14`), by other
  // titles' segment lists played one after another.
  for (const p of distinct) {
    const pk = new Set(keys.get(p.index)!);
    const inside = distinct
      .filter(
        (t) =>
          t.index !== p.index &&
          t.durationSeconds >= PLAY_ALL_MEMBER_MIN_SECONDS &&
          t.durationSeconds < p.durationSeconds,
      )
      .filter((t) => keys.get(t.index)!.every((k) => pk.has(k)))
      .sort((a, b) => a.durationSeconds - b.durationSeconds || a.index - b.index);
    const used = new Set<string>();
    const disjoint: ScannedTitle[] = [];
    for (const t of inside) {
      const tk = keys.get(t.index)!;
      if (tk.some((k) => used.has(k))) continue;
      tk.forEach((k) => used.add(k));
      disjoint.push(t);
    }
    const members = [disjoint, inOrder(keys.get(p.index)!, inside, keys)].find((m) => joinsAsPlayAll(p, m, structural));
    if (members)
      playAlls.set(
        p.index,
        [...members].sort((a, b) => a.index - b.index),
      );
  }

  // Variants: a title that is another title plus short clips before it, after it or both (a streaming service's logo
  // before an episode and its card after), all of them together no longer than VARIANT_CLIP_MAX_SECONDS.
  for (const v of distinct) {
    if (playAlls.has(v.index)) continue;
    const vk = keys.get(v.index)!;
    for (const core of distinct) {
      const ck = keys.get(core.index)!;
      if (core.index === v.index || ck.length >= vk.length || playAlls.has(core.index)) continue;
      const extra = v.durationSeconds - core.durationSeconds;
      if (extra < 0 || extra > VARIANT_CLIP_MAX_SECONDS) continue;
      if (containsRun(vk, ck)) {
        variants.set(v.index, core);
        break;
      }
    }
  }
  return { duplicates, variants, playAlls, structural };
}

/**
 * Whether `members` make `p` a Play All: two or more titles that cover it, and not only raw streams that are also
 * listed (a feature built from `00001.m2ts` + `00002.m2ts` is no Play All of them).
 */
function joinsAsPlayAll(p: ScannedTitle, members: readonly ScannedTitle[], structural: boolean): boolean {
  const covered = members.reduce((sum, t) => sum + t.durationSeconds, 0);
  const playlistMembers = members.filter((t) => !isRaw(t)).length;
  const joinsTitles = !structural || playlistMembers >= 2 || members.length === playlistMembers;
  return members.length >= 2 && covered >= PLAY_ALL_COVERAGE * p.durationSeconds && joinsTitles;
}

/**
 * The titles whose segment lists play one after another in `list` (the longest that fits at each point, a playlist
 * before a raw stream; a segment no title starts with is passed over).
 */
function inOrder(
  list: readonly string[],
  titles: readonly ScannedTitle[],
  keys: Map<number, string[]>,
): ScannedTitle[] {
  const members: ScannedTitle[] = [];
  for (let at = 0; at < list.length;) {
    const fits = titles
      .filter((t) => sameList(list.slice(at, at + keys.get(t.index)!.length), keys.get(t.index)!))
      .sort(
        (a, b) =>
          keys.get(b.index)!.length - keys.get(a.index)!.length ||
          Number(isRaw(a)) - Number(isRaw(b)) ||
          a.index - b.index,
      );
    if (fits[0] && !members.includes(fits[0])) {
      members.push(fits[0]);
      at += keys.get(fits[0].index)!.length;
    } else at += 1;
  }
  return members;
}

/** `00072.mpls` → 72; titles without a numbered playlist sort after those with one. */
function playlistNumber(t: ScannedTitle): number {
  const match = /(\d+)\.mpls$/i.exec(t.sourceFile ?? '');
  return match ? Number(match[1]) : Number.MAX_SAFE_INTEGER;
}

function isRaw(t: ScannedTitle): boolean {
  return /\.m2ts$/i.test(t.sourceFile ?? '');
}
