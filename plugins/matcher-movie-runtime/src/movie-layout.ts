/**
 * Reads a movie disc's layout from title lengths: which title is the theatrical main feature
 * (closest to the catalog runtime), which are longer editions, which are copies of one cut
 * (duplicate playlists, 4K and 1080p copies) and which are extras. Pure: the same titles always
 * give the same answer, whichever title is being matched.
 */
import { atBestPicture, type ExtraType, type TitleAssignment } from '@spindle/plugin-sdk';
import type { MovieRuntimeSettings } from './movie-runtime-settings.ts';
import type { NamedEdition } from './title-names.ts';
import {
  assessCopy,
  assessEdition,
  assessExtra,
  assessMain,
  assessUnexplained,
  type Facts,
} from './role-assessment.ts';

export interface LayoutTitle {
  id: number;
  index: number;
  seconds: number;
  sizeBytes: number;
  /** Lines of the picture (2160, 1080, 576, …); 0 when unknown. */
  height: number;
  /** The edition the file name states, if any. */
  edition: NamedEdition | null;
  /** The kind of extra the file name states, if any. */
  extraType: ExtraType | null;
}

export interface Signal {
  /** 0–1 */
  value: number;
  detail: string;
}

export interface Assessment {
  kind: TitleAssignment;
  edition: string | null;
  extraType: ExtraType | null;
  runtime: Signal;
  lengthRank: Signal;
  uniqueness: Signal;
  /** What the name says; null when it says nothing (then it does not count). */
  nameHint: Signal | null;
  /** Other readings a reviewer may pick, most likely first. */
  alternatives: { kind: TitleAssignment; edition: string | null }[];
}

/** Groups feature titles of (nearly) the same length; the kept copy first: best resolution, then largest, then lowest index. */
function copyGroups(features: LayoutTitle[], toleranceSeconds: number): LayoutTitle[][] {
  const sorted = [...features].sort((a, b) => a.seconds - b.seconds || a.index - b.index);
  const groups: LayoutTitle[][] = [];
  for (const t of sorted) {
    const group = groups.at(-1);
    if (group && t.seconds - group[0]!.seconds <= toleranceSeconds) group.push(t);
    else groups.push([t]);
  }
  return groups.map((g) =>
    [...g].sort((a, b) => b.height - a.height || b.sizeBytes - a.sizeBytes || a.index - b.index),
  );
}

function soleShortFeature(titles: readonly LayoutTitle[], extraMax: number): LayoutTitle | null {
  const longest = titles.reduce<LayoutTitle | null>((a, t) => (a === null || t.seconds > a.seconds ? t : a), null);
  if (!longest || longest.seconds < extraMax || longest.extraType !== null) return null;
  return titles.every((t) => t === longest || t.seconds * 2 <= longest.seconds) ? longest : null;
}

export function assessLayout(
  titles: readonly LayoutTitle[],
  runtimeMinutes: number | null,
  s: MovieRuntimeSettings,
): Map<number, Assessment> {
  const out = new Map<number, Assessment>();
  const runtime = runtimeMinutes !== null && runtimeMinutes > 0 ? runtimeMinutes * 60 : null;
  const expected = (t: LayoutTitle) =>
    runtime === null ? null : s.pal_speedup && t.height === 576 ? (runtime * 24) / 25 : runtime;
  const extraMax = s.extra_max_minutes * 60;
  const featureMin =
    runtime === null
      ? s.feature_min_minutes * 60
      : Math.max(extraMax, Math.min(s.feature_min_minutes * 60, runtime * 0.96 - s.runtime_tolerance_minutes * 60));
  const isFeature = (t: LayoutTitle) => t.seconds >= featureMin && !(t.extraType !== null && t.edition === null);
  const features = titles.filter(isFeature);

  // Copies of one cut: keep one, discard the others (clearly, unless they cannot be told apart).
  const clarity = new Map<number, boolean>();
  const copyHolders: LayoutTitle[] = [];
  for (const [kept, ...copies] of copyGroups(features, s.duplicate_tolerance_seconds)) {
    const clear = (c: LayoutTitle) =>
      c.height < kept!.height ||
      Math.abs(c.sizeBytes - kept!.sizeBytes) <= s.duplicate_size_tolerance * Math.max(c.sizeBytes, kept!.sizeBytes);
    for (const c of copies) out.set(c.id, assessCopy(c, kept!, clear(c)));
    clarity.set(kept!.id, copies.every(clear));
    copyHolders.push(kept!);
  }
  // A long title of a lower picture than another feature-length one, and no copy of it (a 1080p making-of on a 4K
  // disc), is no cut of the film, whatever its length: an extra.
  const reps = atBestPicture(copyHolders, (t) => t.height);
  const longest = Math.max(0, ...reps.map((t) => t.seconds));
  const facts: Facts = { runtime, expected, clarity, settings: s };

  // Editions the names state.
  const named = reps.filter((t) => t.edition?.label);
  for (const t of named)
    out.set(
      t.id,
      assessEdition(t, facts, {
        named: true,
        soleFit: named.filter((o) => o.edition!.label === t.edition!.label).length === 1,
        theatricalOnDisc: true,
      }),
    );
  const open = reps.filter((t) => !t.edition?.label);
  const namedTheatrical = open.filter((t) => t.edition?.label === null);
  const unnamed = open.filter((t) => t.edition === null);
  const delta = (t: LayoutTitle) => t.seconds - expected(t)!;
  const tol = s.runtime_tolerance_minutes * 60;

  if (runtime !== null) {
    const pool = namedTheatrical.length > 0 ? namedTheatrical : unnamed.filter((t) => Math.abs(delta(t)) <= tol);
    const [main, ...rivals] = [...pool].sort((a, b) => Math.abs(delta(a)) - Math.abs(delta(b)) || a.index - b.index);
    if (main) out.set(main.id, assessMain(main, facts, { rivals: rivals.length, edition: null }));
    for (const r of rivals) out.set(r.id, assessMain(r, facts, { rivals: rivals.length, edition: null }));
    const longer = unnamed.filter(
      (t) =>
        !out.has(t.id) && delta(t) >= s.edition_min_extra_minutes * 60 && delta(t) <= s.edition_max_extra_minutes * 60,
    );
    for (const t of longer)
      out.set(
        t.id,
        assessEdition(t, facts, { named: false, soleFit: longer.length === 1, theatricalOnDisc: main !== undefined }),
      );
    for (const t of unnamed.filter((u) => !out.has(u.id))) out.set(t.id, assessUnexplained(t, facts, delta(t)));
  } else {
    const plausible = unnamed.filter((t) => t.seconds >= longest * (1 - s.main_feature_tolerance));
    const lesser = unnamed.filter((t) => !plausible.includes(t));
    const theatrical = namedTheatrical[0] ?? (plausible.length === 1 ? plausible[0] : undefined);
    if (theatrical) {
      out.set(
        theatrical.id,
        assessMain(theatrical, facts, {
          rivals: namedTheatrical.length > 1 ? namedTheatrical.length - 1 : 0,
          edition: null,
        }),
      );
      const rest = [...namedTheatrical.slice(1), ...plausible.filter((t) => t !== theatrical)];
      const longer = rest.filter(
        (t) => t.edition === null && t.seconds - theatrical.seconds >= s.edition_min_extra_minutes * 60,
      );
      for (const t of longer)
        out.set(t.id, assessEdition(t, facts, { named: false, soleFit: longer.length === 1, theatricalOnDisc: true }));
      for (const t of rest.filter((r) => !out.has(r.id)))
        out.set(t.id, assessMain(t, facts, { rivals: 1, edition: null }));
    } else if (features.length === 0) {
      // Nothing of feature length: a short film or special is the one title of extra length or more
      // that runs at least twice as long as every other title.
      const sole = soleShortFeature(titles, extraMax);
      if (sole) {
        const a = assessMain(sole, facts, { rivals: 0, edition: null });
        out.set(sole.id, {
          ...a,
          lengthRank: {
            value: 0.5,
            detail: 'nothing on the disc is of feature length; this title runs at least twice as long as any other',
          },
        });
      }
    } else if (plausible.length > 1) {
      // Several could be the main feature and nothing says which: a person decides.
      const shortest = Math.min(...plausible.map((t) => t.seconds));
      for (const t of plausible) {
        const edition = t.seconds - shortest >= s.edition_min_extra_minutes * 60 ? 'Extended' : null;
        out.set(t.id, assessMain(t, facts, { rivals: plausible.length - 1, edition }));
      }
    }
    for (const t of lesser) out.set(t.id, assessExtra(t, facts, longest, true));
  }
  for (const t of titles.filter((u) => !out.has(u.id)))
    out.set(t.id, assessExtra(t, facts, runtime ?? (longest || null), t.seconds >= extraMax));
  return out;
}
