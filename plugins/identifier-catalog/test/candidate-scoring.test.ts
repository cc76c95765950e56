import { describe, expect, it } from 'vitest';
import { scoreCandidates, type Candidate } from '../src/candidate-scoring.ts';
import { episodeRuntimeFit, movieRuntimeFit } from '../src/runtime-fit.ts';

const candidate = (fields: Partial<Candidate> & Pick<Candidate, 'id' | 'name'>): Candidate => ({
  kind: 'movie',
  originalName: null,
  year: null,
  popularity: 10,
  runtimeFit: null,
  ...fields,
});
const band = (c: number) => (c >= 0.8 ? 'high' : c >= 0.5 ? 'medium' : 'low');
const titles = (...minutes: number[]) =>
  minutes.map((m, index) => ({ index, durationSeconds: m * 60, sizeBytes: 1, resolution: null }));

describe('scoreCandidates', () => {
  it('puts an exact name in the high band and names every component', () => {
    const [best] = scoreCandidates([candidate({ id: 1, name: 'Show Name', kind: 'tv' })], {
      queries: ['Show Name'],
      year: null,
      typeHint: 'tv',
    });
    expect(band(best!.confidence)).toBe('high');
    expect(best!.components.map((c) => c.name)).toEqual([
      'name_similarity',
      'runtime_fit',
      'year_match',
      'popularity',
      'type_fit',
    ]);
  });

  it('puts a partial name in the medium band and an unrelated one in the low band', () => {
    const ranked = scoreCandidates(
      [
        candidate({ id: 1, name: 'The Lord of the Rings: The Fellowship of the Ring' }),
        candidate({ id: 2, name: 'Ringmaster' }),
      ],
      { queries: ['Lord of the Rings'], year: null, typeHint: 'unknown' },
    );
    expect(ranked.map((s) => [s.candidate.id, band(s.confidence)])).toEqual([
      [1, 'medium'],
      [2, 'low'],
    ]);
  });

  it('lets runtimes, then the year, then popularity decide between equal names', () => {
    const dune2021 = candidate({ id: 2021, name: 'Dune', year: 2021, popularity: 120 });
    const dune1984 = candidate({ id: 1984, name: 'Dune', year: 1984, popularity: 30 });
    const byPopularity = scoreCandidates([dune1984, dune2021], { queries: ['Dune'], year: null, typeHint: 'unknown' });
    expect(byPopularity[0]!.candidate.id).toBe(2021);
    const byYear = scoreCandidates([dune1984, dune2021], { queries: ['Dune'], year: 1984, typeHint: 'unknown' });
    expect(byYear[0]!.candidate.id).toBe(1984);
    const byRuntime = scoreCandidates(
      [
        { ...dune1984, runtimeFit: 1 },
        { ...dune2021, runtimeFit: 0 },
      ],
      { queries: ['Dune'], year: null, typeHint: 'unknown' },
    );
    expect(byRuntime[0]!.candidate.id).toBe(1984);
    expect(byRuntime[0]!.confidence - byRuntime[1]!.confidence).toBeGreaterThan(0.05);
  });

  it('prefers the kind the disc looks like', () => {
    const ranked = scoreCandidates(
      [candidate({ id: 1, name: 'Fargo', kind: 'movie' }), candidate({ id: 2, name: 'Fargo', kind: 'tv' })],
      { queries: ['Fargo'], year: null, typeHint: 'tv' },
    );
    expect(ranked[0]!.candidate.kind).toBe('tv');
  });

  it('compares with every query and keeps the one that matched', () => {
    const [best] = scoreCandidates([candidate({ id: 580, name: 'Star Trek: Deep Space Nine', kind: 'tv' })], {
      queries: ['Star Trek DS9', 'Star Trek: Deep Space Nine'],
      year: null,
      typeHint: 'tv',
    });
    expect(best!.matchedQuery).toBe('Star Trek: Deep Space Nine');
    expect(band(best!.confidence)).toBe('high');
  });
});

describe('runtime fit', () => {
  it('fits a movie when one title lasts about its runtime', () => {
    expect(movieRuntimeFit(155, titles(155.5, 10))).toBe(1);
    expect(movieRuntimeFit(137, titles(147, 10))).toBeCloseTo(0.67, 2);
    expect(movieRuntimeFit(137, titles(155.5, 10))).toBe(0);
    expect(movieRuntimeFit(100, titles(22, 22, 22))).toBe(0);
    expect(movieRuntimeFit(null, titles(100))).toBeNull();
  });

  it('fits a show when titles last about its episode runtimes', () => {
    expect(episodeRuntimeFit([22, 23], titles(21.5, 22.3, 23, 0.5))).toBe(1);
    expect(episodeRuntimeFit([44], titles(44, 110))).toBe(0.6);
    expect(episodeRuntimeFit([44], titles(110))).toBe(0);
    expect(episodeRuntimeFit([], titles(44))).toBeNull();
  });
});
