import { describe, expect, it } from 'vitest';
import { alignChunks, consistentShift, locate, type HeardChunk } from '../src/cue-alignment.ts';
import { TfidfIndex } from '../src/tfidf-index.ts';
import { syntheticSeason } from './season-fixture.ts';

// Cues are 6-second verses; the index compares chunks with 90-second windows, as the matcher does.
const season = syntheticSeason(8);
const index = new TfidfIndex(season, 90);
const CHUNK = 30;
/** What a title says in [offset, offset + 30) when its episode's cues run `shift` seconds later than the title. */
const said = (episode: number, offset: number, shift: number) =>
  season[episode - 1]!.cues.filter((c) => c.end > offset + shift && c.start < offset + shift + CHUNK)
    .map((c) => c.text)
    .join(' ');
const heard = (text: string, offset: number): HeardChunk => ({
  offset,
  words: text.split(' ').length,
  text,
  scores: index.score(text),
});
const scoreOf = (chunk: { scores: { reference: number; score: number }[] }, reference: number) =>
  chunk.scores.find((s) => s.reference === reference)!.score;

describe('cue-time alignment', () => {
  it("locates a chunk in its episode's cue time within a few seconds", () => {
    const text = said(3, 60, 20);
    const found = locate(index, index.query(text), 2, CHUNK)!;
    expect(Math.abs(found.start - 80)).toBeLessThanOrEqual(4);
  });

  for (const shift of [3, -3, 20]) {
    it(`finds a consistent ${shift > 0 ? '+' : ''}${shift} s offset and the aligned window wins`, () => {
      const chunks = [40, 10, 70].map((offset) => heard(said(4, offset, shift), offset)); // Job 1: 132 s of cues
      const alignment = consistentShift(index, chunks, CHUNK)!;
      expect(alignment.reference).toBe(3);
      expect(alignment.agreeing).toBe(3);
      expect(Math.abs(alignment.shift - shift)).toBeLessThanOrEqual(3);

      const { chunks: aligned } = alignChunks(index, chunks, CHUNK);
      aligned.forEach((chunk, i) => {
        expect(chunk.scores[0]!.reference).toBe(3);
        // The chunk-long window at the aligned time beats the best 90-second window …
        expect(scoreOf(chunk, 3)).toBeGreaterThan(scoreOf(chunks[i]!, 3) + 0.05);
        // … and the other episodes keep their scores.
        for (const s of chunks[i]!.scores.filter((x) => x.reference !== 3))
          expect(scoreOf(chunk, s.reference)).toBe(s.score);
      });
    });
  }

  it('raises the leader in a remaining chunk that heard little, at the aligned time', () => {
    const shift = 20;
    const clear = [30, 70].map((offset) => heard(said(5, offset, shift), offset)); // Daniel 3: 180 s of cues
    // A garbled chunk: a third of its words, the rest noise.
    const words = said(5, 110, shift).split(' ');
    const weak = heard(words.filter((_, i) => i % 3 === 0).join(' ') + ' static hiss mumble crackle', 110);
    const { chunks: aligned, alignment } = alignChunks(index, [...clear, weak], CHUNK);
    expect(alignment?.reference).toBe(4);
    expect(scoreOf(aligned[2]!, 4)).toBeGreaterThan(scoreOf(weak, 4));
  });

  it('changes nothing when the chunks disagree on the offset', () => {
    // The same episode, but each chunk from an unrelated place: +0 s, +70 s, −50 s.
    const chunks = [heard(said(6, 60, 0), 60), heard(said(6, 120, 70), 120), heard(said(6, 180, -50), 180)];
    expect(consistentShift(index, chunks, CHUNK)).toBeNull();
    const { chunks: out, alignment } = alignChunks(index, chunks, CHUNK);
    expect(alignment).toBeNull();
    expect(out).toEqual(chunks.map(({ offset, words, scores }) => ({ offset, words, scores })));
  });

  it('changes nothing with a single chunk, or when the chunks lead with different episodes', () => {
    expect(consistentShift(index, [heard(said(2, 60, 20), 60)], CHUNK)).toBeNull();
    const mixed = [heard(said(2, 60, 20), 60), heard(said(7, 120, 20), 120)];
    const { chunks: out, alignment } = alignChunks(index, mixed, CHUNK);
    expect(alignment).toBeNull();
    expect(out.map((c) => c.scores)).toEqual(mixed.map((c) => c.scores));
  });
});
