/**
 * A truth correction across the discs of one release. TheDiscDB types each disc apart, and a contributor may leave
 * the film untyped on the second disc of a 4K + Blu-ray set (Hud's Criterion Blu-ray carries the film beside its
 * extras, untyped). On a movie disc with no main movie typed, an untyped title as long, to the second, as the main
 * movie typed on another disc of the same release in the corpus is the film: counting it as a bonus disc would fault
 * a right main-feature pick.
 */
import type { RealDisc } from './judgment-discs.ts';
import { retypeTitles } from './judgment-retype.ts';

/** The release a disc belongs to: its stem without the `__discNN` part. */
const releaseOf = (stem: string) => stem.replace(/__disc\d+$/, '');

export function typeUntypedFilms(discs: RealDisc[]): RealDisc[] {
  const filmLengths = new Map<string, Set<string>>();
  for (const d of discs)
    for (const t of d.record.Titles)
      if (d.kind === 'movie' && t.Item?.Type === 'MainMovie')
        filmLengths.set(releaseOf(d.stem), (filmLengths.get(releaseOf(d.stem)) ?? new Set()).add(t.Duration));
  return discs.map((d) => {
    if (d.kind !== 'movie' || d.record.Titles.some((t) => t.Item?.Type === 'MainMovie')) return d;
    const lengths = filmLengths.get(releaseOf(d.stem));
    if (!lengths) return d;
    return retypeTitles(d, (t) =>
      !t.Item && lengths.has(t.Duration)
        ? { ...t, Item: { Type: 'MainMovie', Title: 'the film, untyped here: as long as the release’s main movie' } }
        : t,
    );
  });
}
