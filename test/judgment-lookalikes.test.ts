/**
 * The look-alike report of `npm run bench:judgment -- --lookalikes`: beside each disc whose kind is wrong, the nearest
 * right disc of the other kind by what the heuristic reads — what the label says (a season, a bonus disc, neither) and
 * the lengths of the long titles.
 */
import { describe, expect, it } from 'vitest';
import type { RealDisc } from './judgment/judgment-discs.ts';
import { distance, lookalikes, visibleOf } from './judgment/judgment-lookalikes.ts';

const disc = (stem: string, kind: 'series' | 'movie', name: string, durations: string[]): RealDisc => ({
  stem,
  kind,
  origin: 'corpus',
  heldOut: true,
  set: 'holdout',
  record: {
    Index: 1,
    Name: name,
    Format: 'Blu-Ray',
    Titles: durations.map((Duration, Index) => ({ Index, Duration, Size: 1, SourceFile: `0000${Index}.mpls` })),
  },
  transcript: null,
});

describe('the look-alikes of the discs whose kind is wrong', () => {
  const inning = disc('Baseball__d1', 'series', 'Baseball 2021 Disc 1', ['1:52:58', '0:00:50', '0:01:21']);
  const film = disc('Film__d1', 'movie', '4K UHD (Disc 1)', ['1:53:40', '0:02:10']);
  const bonus = disc('Film__d2', 'movie', 'Bonus Disc', ['1:52:58']);
  const season = disc('Show__d1', 'series', 'Season 2 Disc 1', ['0:44:00', '0:43:10']);

  it('reads the label as a season, a bonus disc or neither, and keeps only lengths of 15 minutes or more', () => {
    expect(visibleOf(inning)).toEqual({ label: 'neither', lengths: [6778] });
    expect(visibleOf(bonus).label).toBe('bonus');
    expect(visibleOf(season)).toEqual({ label: 'season', lengths: [2640, 2590] });
  });

  it('puts another kind of label further than any gap in length', () => {
    expect(distance(visibleOf(inning), visibleOf(film))).toBeLessThan(0.01);
    expect(distance(visibleOf(inning), visibleOf(bonus))).toBe(10);
  });

  it('pairs each wrong disc with the nearest right disc of the other kind, and no right disc with anything', () => {
    const pairs = lookalikes([inning, bonus, film, season], [false, true, true, true]);
    expect(pairs.map((p) => [p.miss.stem, p.twin?.stem])).toEqual([['Baseball__d1', 'Film__d1']]);
  });
});
