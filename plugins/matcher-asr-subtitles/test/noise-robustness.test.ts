/**
 * The scorer against text-level recognition noise: the true dialogue of each chunk with 30 %,
 * 50 % and 70 % of its words wrong, across a 24-episode season. Reports top-1 accuracy and wrong
 * auto-accepts; the target is no wrong auto-accept at any level.
 */
import { describe, expect, it } from 'vitest';
import { chunkOffsets } from '../src/chunk-plan.ts';
import { decide, type ChunkResult } from '../src/confidence.ts';
import { TfidfIndex } from '../src/tfidf-index.ts';
import { TEST_WEIGHTS } from './scoring-fixture.ts';
import { injectWordErrors, syntheticSeason } from './season-fixture.ts';

const AUTO_ACCEPT = 0.7;
const season = syntheticSeason(24);
const index = new TfidfIndex(season, 90);
const vocabulary = [...new Set(season.flatMap((r) => r.text.toLowerCase().match(/[a-z]+/g) ?? []))];

function run(rate: number) {
  let correct = 0;
  let wrongAccepts = 0;
  let reviewed = 0;
  for (const [i, ref] of season.entries()) {
    const duration = ref.cues.at(-1)!.end;
    const offsets = chunkOffsets(duration, {
      chunk_seconds: 30,
      max_chunks: 4,
      skip_start_seconds: 90,
      skip_end_seconds: 150,
    });
    const chunks: ChunkResult[] = offsets.map((offset, k) => {
      const text = ref.cues
        .filter((c) => c.end > offset && c.start < offset + 30)
        .map((c) => c.text)
        .join(' ');
      const noisy = injectWordErrors(text, rate, 1000 * i + k, vocabulary);
      return { offset, words: noisy.split(/\s+/).length, scores: index.score(noisy) };
    });
    const d = decide({
      chunks,
      planned: offsets.length,
      references: season,
      titleDurationSeconds: duration,
      discPosition: { index: i, count: 24 },
      weights: TEST_WEIGHTS,
      voteMargin: 0.25,
      minSimilarity: 0.05,
    });
    const right = d !== null && d.reference === i;
    if (right) correct++;
    if (d && !right && d.confidence >= AUTO_ACCEPT) wrongAccepts++;
    if (!d || d.confidence < AUTO_ACCEPT) reviewed++;
  }
  return { accuracy: correct / season.length, wrongAccepts, reviewed };
}

describe('scorer under word errors (24-episode season)', () => {
  it.each([0.3, 0.5, 0.7])('never auto-accepts a wrong episode at %s word error rate', (rate) => {
    const r = run(rate);
    console.log(
      `word errors ${rate * 100}%: top-1 accuracy ${(r.accuracy * 100).toFixed(1)} %, wrong auto-accepts ${r.wrongAccepts}, sent to review ${r.reviewed}/24`,
    );
    expect(r.wrongAccepts).toBe(0);
    if (rate <= 0.5) expect(r.accuracy).toBeGreaterThanOrEqual(0.95);
  });
});
