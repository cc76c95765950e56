/**
 * The score components of each role a title can play on a movie disc. Every value is 0–1 and comes
 * with a detail a reviewer can read; `movie-scoring.ts` weighs them into a confidence.
 */
import { extraTypeByLength, type TitleAssignment } from '@spindle/plugin-sdk';
import type { Assessment, LayoutTitle, Signal } from './movie-layout.ts';
import type { MovieRuntimeSettings } from './movie-runtime-settings.ts';

export interface Facts {
  /** Catalog runtime in seconds, or null. */
  runtime: number | null;
  /** The runtime a title should have (PAL titles run faster), or null. */
  expected: (t: LayoutTitle) => number | null;
  /** Per kept copy: false when its copies cannot be told apart from it. */
  clarity: Map<number, boolean>;
  settings: MovieRuntimeSettings;
}

export function clock(seconds: number): string {
  const s = Math.round(Math.abs(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const text =
    s >= 3600
      ? `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
      : `${Math.floor(s / 60)}:${pad(s % 60)}`;
  return seconds < 0 ? `-${text}` : text;
}
const signed = (seconds: number) => (seconds >= 0 ? `+${clock(seconds)}` : clock(seconds));
const alt = (kind: TitleAssignment, edition: string | null = null) => ({ kind, edition });
const NO_RUNTIME: Signal = { value: 0.4, detail: 'no catalog runtime to compare with' };

/** A kept title whose copies cannot be told apart from it does not stand out by its length either. */
function rankAmongCopies(t: LayoutTitle, f: Facts, rank: Signal): Signal {
  return f.clarity.get(t.id) === false
    ? { value: 0, detail: 'a copy of the same length and resolution fits as well' }
    : rank;
}

function uniqueness(t: LayoutTitle, f: Facts): Signal {
  return f.clarity.get(t.id) === false
    ? {
        value: 0,
        detail:
          'another title has the same length and resolution but a different size: which is the real cut cannot be told',
      }
    : { value: 1, detail: 'no other title is an unclear copy of it' };
}

/** How close a title is to the catalog runtime: 1 at the runtime, 0.6 at the tolerance, 0 at twice the tolerance. */
function runtimeFit(t: LayoutTitle, f: Facts): Signal {
  const expected = f.expected(t);
  if (expected === null) return NO_RUNTIME;
  const off = Math.abs(t.seconds - expected) / (f.settings.runtime_tolerance_minutes * 60 || 1);
  const value = off <= 1 ? 1 - 0.4 * off * off : Math.max(0, 0.6 - 0.6 * (off - 1));
  return {
    value,
    detail: `${clock(t.seconds)} against the catalog runtime ${clock(expected)} (${signed(t.seconds - expected)})`,
  };
}

/** The theatrical main feature (`edition` null), or one of several that could be (`rivals` > 0). */
export function assessMain(t: LayoutTitle, f: Facts, o: { rivals: number; edition: string | null }): Assessment {
  return {
    kind: 'main_movie',
    edition: o.edition,
    extraType: null,
    runtime: runtimeFit(t, f),
    lengthRank: rankAmongCopies(
      t,
      f,
      o.rivals === 0
        ? { value: 1, detail: 'the only title whose length fits the main feature' }
        : { value: 0, detail: `${o.rivals} other title(s) could be the main feature as well` },
    ),
    uniqueness: uniqueness(t, f),
    nameHint: t.edition?.label === null ? { value: 1, detail: 'the name says theatrical' } : null,
    alternatives:
      o.edition === null ? [alt('main_movie', 'Extended'), alt('discarded')] : [alt('main_movie'), alt('discarded')],
  };
}

/** A longer edition: what its name says, else "Extended". */
export function assessEdition(
  t: LayoutTitle,
  f: Facts,
  o: { named: boolean; soleFit: boolean; theatricalOnDisc: boolean },
): Assessment {
  const label = o.named ? t.edition!.label! : 'Extended';
  const expected = f.expected(t);
  const longer = expected === null ? null : t.seconds - expected;
  const tol = f.settings.runtime_tolerance_minutes * 60;
  let runtime: Signal;
  if (longer === null)
    runtime = o.named ? NO_RUNTIME : { value: 0.7, detail: 'clearly longer than the title named theatrical' };
  else if (o.named)
    runtime =
      longer > tol
        ? { value: 1, detail: `${signed(longer)} against the catalog runtime` }
        : { value: 0.5, detail: `${signed(longer)} against the catalog runtime: the length does not show an edition` };
  else
    runtime = o.theatricalOnDisc
      ? { value: 0.9, detail: `${signed(longer)} longer than the catalog runtime and the theatrical cut on the disc` }
      : {
          value: 0.5,
          detail: `${signed(longer)} longer than the catalog runtime, and no title on the disc has the catalog runtime`,
        };
  const lengthRank: Signal = !o.soleFit
    ? {
        value: 0,
        detail: o.named
          ? `another title is named ${label} too`
          : 'several longer titles: which edition each is cannot be told by length',
      }
    : o.theatricalOnDisc
      ? { value: 1, detail: 'the only longer cut besides the theatrical one' }
      : { value: 0.5, detail: 'no theatrical cut on the disc to compare with' };
  return {
    kind: 'main_movie',
    edition: label,
    extraType: null,
    runtime,
    lengthRank: rankAmongCopies(t, f, lengthRank),
    uniqueness: uniqueness(t, f),
    nameHint: o.named ? { value: 1, detail: `the name says ${label}` } : null,
    alternatives: o.named
      ? [alt('main_movie'), ...(label === 'Extended' ? [] : [alt('main_movie', 'Extended')])]
      : [alt('main_movie', "Director's Cut"), alt('main_movie', 'Unrated'), alt('main_movie')],
  };
}

/** Feature length, but neither the catalog runtime nor a plausible longer edition. */
export function assessUnexplained(t: LayoutTitle, f: Facts, delta: number): Assessment {
  const s = f.settings;
  const kind: TitleAssignment = delta > s.edition_max_extra_minutes * 60 ? 'discarded' : 'main_movie';
  const edition = kind === 'main_movie' && delta > s.runtime_tolerance_minutes * 60 ? 'Extended' : null;
  const others = [alt('main_movie'), alt('main_movie', 'Extended'), alt('extra'), alt('discarded')];
  return {
    kind,
    edition,
    extraType: null,
    runtime: {
      value: 0.2,
      detail: `${clock(t.seconds)} is ${signed(delta)} off the catalog runtime: neither the theatrical cut nor a longer edition`,
    },
    lengthRank: rankAmongCopies(t, f, { value: 0.5, detail: 'its length does not single it out for any role' }),
    uniqueness: uniqueness(t, f),
    nameHint: null,
    alternatives: others.filter((a) => a.kind !== kind || a.edition !== edition),
  };
}

/** A copy of a kept title's cut (duplicate playlist, a lower-resolution copy). */
export function assessCopy(t: LayoutTitle, kept: LayoutTitle, clear: boolean): Assessment {
  const why =
    t.height < kept.height
      ? `a lower-resolution copy (${t.height}p) of title ${kept.index} (${kept.height}p)`
      : `a copy of title ${kept.index} (same length and size)`;
  return {
    kind: 'discarded',
    edition: null,
    extraType: null,
    runtime: { value: 1, detail: `same length as title ${kept.index}` },
    lengthRank: clear
      ? { value: 1, detail: why }
      : { value: 0, detail: `title ${kept.index} has the same length and resolution: either could be the real cut` },
    uniqueness: clear
      ? { value: 1, detail: 'a duplicate of a kept title' }
      : { value: 0, detail: 'its size differs from the kept copy: not a plain duplicate' },
    nameHint: null,
    alternatives: [alt('main_movie'), alt('extra')],
  };
}

/** Bonus content: of the kind its name says, else of the kind its length suggests (trailer, featurette, other). */
export function assessExtra(t: LayoutTitle, f: Facts, reference: number | null, midLength: boolean): Assessment {
  const limit = f.settings.extra_max_minutes;
  return {
    kind: 'extra',
    edition: null,
    extraType: t.extraType ?? extraTypeByLength(t.seconds, false),
    runtime:
      reference === null || reference <= 0
        ? { value: 0.5, detail: 'no feature length to compare with' }
        : {
            value: Math.min(1, Math.max(0, 1 - t.seconds / reference)),
            detail: `${clock(t.seconds)}, far from the feature length ${clock(reference)}`,
          },
    lengthRank: midLength
      ? { value: 0.6, detail: `longer than ${limit} min but not a main feature` }
      : { value: 1, detail: `shorter than ${limit} min` },
    uniqueness: { value: 1, detail: 'extras are kept even when alike' },
    nameHint: t.extraType ? { value: 1, detail: `the name says ${t.extraType.replace('_', ' ')}` } : null,
    alternatives: midLength ? [alt('main_movie'), alt('discarded')] : [alt('discarded')],
  };
}
