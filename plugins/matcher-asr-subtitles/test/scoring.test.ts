import { describe, expect, it } from 'vitest';
import { chunkOffsets } from '../src/chunk-plan.ts';
import { decide, NO_VOTE_CAP, voteOf, type ChunkResult } from '../src/confidence.ts';
import { terms, TfidfIndex } from '../src/tfidf-index.ts';
import { SCORE_COMPONENT_NAMES, TEST_WEIGHTS } from './scoring-fixture.ts';
import { syntheticSeason } from './season-fixture.ts';

const season = syntheticSeason(8);
const index = new TfidfIndex(season, 90);
const windowText = (episode: number, from: number, to: number) =>
  season[episode - 1]!.cues.filter((c) => c.end > from && c.start < to)
    .map((c) => c.text)
    .join(' ');

describe('TF-IDF index', () => {
  it('uses unigrams and bigrams without stop words', () => {
    expect(terms('And the man of Moab went to the land')).toEqual([
      'man',
      'moab',
      'went',
      'land',
      'man moab',
      'moab went',
      'went land',
    ]);
  });

  it('ranks the episode a passage comes from first, for every episode', () => {
    for (const ref of season)
      expect(index.score(windowText(ref.episode!, 30, 60))[0]!.reference).toBe(ref.episode! - 1);
  });

  it('gives unrelated text no clear winner', () => {
    const [best, second] = index.score('the quick brown fox jumps over the lazy dog near the river bank');
    expect(best!.score).toBeLessThan(0.1);
    expect(
      voteOf(
        { offset: 0, words: 10, scores: index.score('weather report sunny skies tomorrow afternoon') },
        0.25,
        0.05,
      ),
    ).toBeNull();
    expect(second).toBeDefined();
  });
});

describe('chunk plan', () => {
  it('spreads chunks outside intro and credits, middle first', () => {
    const offsets = chunkOffsets(1320, {
      chunk_seconds: 30,
      max_chunks: 6,
      skip_start_seconds: 90,
      skip_end_seconds: 150,
    });
    expect(offsets).toHaveLength(6);
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(90);
    expect(Math.max(...offsets) + 30).toBeLessThanOrEqual(1320 - 132); // the credits skip is capped at 10 %
    const sorted = [...offsets].sort((a, b) => a - b);
    expect(offsets[0]).toBe(sorted[2]); // the middle first
  });

  it('caps the skips at 10 % for short titles and never leaves the title', () => {
    expect(
      chunkOffsets(100, { chunk_seconds: 30, max_chunks: 6, skip_start_seconds: 90, skip_end_seconds: 150 }),
    ).toEqual([10, 60]);
    expect(
      chunkOffsets(20, { chunk_seconds: 30, max_chunks: 6, skip_start_seconds: 90, skip_end_seconds: 150 }),
    ).toEqual([0]);
  });
});

describe('confidence', () => {
  const chunk = (episode: number, from: number): ChunkResult => ({
    offset: from,
    words: 50,
    scores: index.score(windowText(episode, from, from + 30)),
  });
  const base = {
    references: season,
    titleDurationSeconds: 300,
    discPosition: { index: 2, count: 8 },
    weights: TEST_WEIGHTS,
    voteMargin: 0.25,
    minSimilarity: 0.05,
  };

  it('accepts unanimous, well-separated chunks and names every component', () => {
    const d = decide({ ...base, chunks: [chunk(3, 10), chunk(3, 60), chunk(3, 110)], planned: 3 })!;
    expect(d.reference).toBe(2);
    expect(d.confidence).toBeGreaterThanOrEqual(0.7);
    expect(d.components.map((c) => c.name)).toEqual(SCORE_COMPONENT_NAMES);
    expect(d.components.find((c) => c.name === 'runtime_agreement')!.weight).toBe(0); // no catalog runtime: not counted
    expect(d.candidates[0]).toEqual({ reference: 2, score: d.confidence });
  });

  it('does not mark a unanimous early stop (3 of 3 heard, 8 planned) down as low coverage', () => {
    const d = decide({ ...base, chunks: [chunk(3, 10), chunk(3, 60), chunk(3, 110)], planned: 8 })!;
    expect(d.components.find((c) => c.name === 'coverage')!.value).toBe(1);
    expect(d.confidence).toBeGreaterThanOrEqual(0.7);
  });

  it('grows with agreeing evidence: more agreeing chunks, more confidence', () => {
    // The same evidence twice as often: only the number of agreeing chunks differs.
    const two = decide({ ...base, chunks: [chunk(3, 10), chunk(3, 60)], planned: 8 })!;
    const four = decide({ ...base, chunks: [chunk(3, 10), chunk(3, 60), chunk(3, 10), chunk(3, 60)], planned: 8 })!;
    expect(four.confidence).toBeGreaterThan(two.confidence);
  });

  it('lists candidates by score, the winner first', () => {
    const d = decide({ ...base, chunks: [chunk(3, 10), chunk(5, 60), chunk(3, 110)], planned: 3 })!;
    const scores = d.candidates.map((c) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(d.candidates[0]!.reference).toBe(d.reference);
  });

  it('stays below auto-accept when chunks disagree', () => {
    const d = decide({ ...base, chunks: [chunk(3, 10), chunk(5, 60), chunk(7, 110)], planned: 3 })!;
    expect(d.confidence).toBeLessThan(0.7);
  });

  it('caps the confidence when no chunk voted', () => {
    const noise = (o: number): ChunkResult => ({
      offset: o,
      words: 9,
      scores: index.score('rain wind sunny cloud weather forecast'),
    });
    const d = decide({ ...base, chunks: [noise(0), noise(30)], planned: 2 });
    expect(d === null || d.confidence <= NO_VOTE_CAP).toBe(true);
  });

  it('counts runtime agreement when the catalog knows the runtime', () => {
    const refs = season.map((r) => ({ ...r, runtimeMinutes: 5 }));
    const d = decide({
      ...base,
      references: refs,
      chunks: [chunk(2, 10), chunk(2, 60)],
      planned: 2,
      titleDurationSeconds: 300,
    })!;
    expect(d.components.find((c) => c.name === 'runtime_agreement')).toMatchObject({ value: 1, weight: 0.1 });
  });
});
