/**
 * For each disc whose kind (TV or movie) the heuristic gets wrong, the nearest disc of the other kind that it gets
 * right, by what the heuristic can see of a disc: what its label says (a season, a bonus disc, or neither: a disc
 * number or a format says nothing about the kind) and the lengths of its titles of 15 minutes or more. A miss whose nearest look-alike shows
 * the same kind of label and nearly the same lengths cannot be turned right by a rule on those without turning the
 * look-alike wrong: only outside knowledge (the catalog, a person) tells the two apart.
 * `npm run bench:judgment -- --lookalikes` prints the pairs.
 */
import { labelNamesBonusDisc } from '../../plugins/identifier-heuristic/src/bonus-disc.ts';
import { parseVolumeLabel } from '../../plugins/identifier-heuristic/src/label-parser.ts';
import { seconds, type RealDisc } from './judgment-discs.ts';

const LONG = 15 * 60;

export interface Visible {
  label: 'season' | 'bonus' | 'neither';
  /** Distinct lengths of the titles of 15 minutes or more, longest first, in seconds. */
  lengths: number[];
}

export function visibleOf(disc: RealDisc): Visible {
  const name = disc.record.Name ?? '';
  const facts = parseVolumeLabel(name);
  const label = labelNamesBonusDisc(name) ? 'bonus' : facts.season !== null ? 'season' : 'neither';
  const lengths = [...new Set(disc.record.Titles.map((t) => seconds(t.Duration)).filter((s) => s >= LONG))];
  return { label, lengths: lengths.sort((a, b) => b - a) };
}

/** How far apart two discs look: 10 for another kind of label, the log-ratio of each pair of lengths, 1 per unpaired length. */
export function distance(a: Visible, b: Visible): number {
  const pairs = Math.min(a.lengths.length, b.lengths.length);
  let d = a.label === b.label ? 0 : 10;
  for (let i = 0; i < pairs; i++) d += Math.abs(Math.log(a.lengths[i]! / b.lengths[i]!));
  return d + Math.abs(a.lengths.length - b.lengths.length);
}

export interface Lookalike {
  miss: RealDisc;
  twin: RealDisc | null;
  distance: number;
}

/** The nearest right-judged disc of the other kind to each miss. */
export function lookalikes(discs: readonly RealDisc[], right: readonly boolean[]): Lookalike[] {
  const seen = discs.map(visibleOf);
  return discs.flatMap((miss, i) => {
    if (right[i]) return [];
    let best: Lookalike = { miss, twin: null, distance: Infinity };
    discs.forEach((other, j) => {
      if (!right[j] || other.kind === miss.kind) return;
      const d = distance(seen[i]!, seen[j]!);
      if (d < best.distance) best = { miss, twin: other, distance: d };
    });
    return [best];
  });
}

const clock = (s: number) =>
  `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/** One line of a disc: kind, stem, label and long lengths. */
export function describeVisible(disc: RealDisc): string {
  const v = visibleOf(disc);
  const lengths = v.lengths.length ? v.lengths.map(clock).join(' ') : 'none of 15 min or more';
  return `${disc.kind.padEnd(6)} ${disc.stem} — label "${disc.record.Name ?? ''}" (${v.label}); ${lengths}`;
}
