/**
 * TF-IDF over word unigrams and bigrams. Each candidate episode's subtitles are cut into
 * overlapping windows; an inverted index gives, for a transcribed chunk, the cosine similarity to
 * every window in time proportional to the chunk's own terms. An episode scores its best window.
 * Document frequency is counted over episodes, so names and catch phrases that recur in most
 * episodes of the season weigh next to nothing.
 */
import type { ReferenceSubtitle } from '@spindle/plugin-sdk';
import { normalizedWords, stem } from './text-normalize.ts';

const STOP = new Set(
  'a an and are as at be but by for from had has have he her him his i if in is it its me my no not of on or our she so that the their them then there they this to up us was we were what when which who will with you your'.split(
    ' ',
  ),
);

export function terms(text: string): string[] {
  // Contractions spelled out and numbers as words before stop words go; then stems, so a
  // condensed subtitle ("3 lanterns") and the speech ("three lantern") share terms.
  const words = normalizedWords(text)
    .filter((w) => !STOP.has(w))
    .map(stem);
  const out = [...words];
  for (let i = 1; i < words.length; i++) out.push(`${words[i - 1]} ${words[i]}`);
  return out;
}

function counts(list: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of list) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

interface Window {
  reference: number;
  norm: number;
}

export interface EpisodeScore {
  /** Index into the references given to the index. */
  reference: number;
  score: number;
  /** Distinct terms of the text found in the reference's best window. */
  shared: number;
}

/** A text's weighted terms, to score it against many subtitle ranges (cue-alignment.ts). */
export interface Query {
  weights: Map<string, number>;
  norm: number;
}

export class TfidfIndex {
  /** Weighted terms of a range of one reference's cues, by "reference:first cue:last cue". */
  private readonly ranges = new Map<string, { weights: Map<string, number>; norm: number }>();
  private readonly idf = new Map<string, number>();
  private readonly postings = new Map<string, { window: number; weight: number }[]>();
  private readonly windows: Window[] = [];

  constructor(
    readonly references: readonly ReferenceSubtitle[],
    windowSeconds: number,
  ) {
    const windowTerms: { reference: number; counts: Map<string, number> }[] = [];
    references.forEach((ref, r) => {
      const end = ref.cues.at(-1)?.end ?? 0;
      const step = windowSeconds / 2;
      for (let start = 0; start === 0 || start + step < end; start += step) {
        const text = ref.cues
          .filter((c) => c.end > start && c.start < start + windowSeconds)
          .map((c) => c.text)
          .join(' ');
        if (text) windowTerms.push({ reference: r, counts: counts(terms(text)) });
      }
      if (ref.cues.length === 0 && ref.text) windowTerms.push({ reference: r, counts: counts(terms(ref.text)) });
    });
    // Document frequency over episodes (not windows): a word common to every episode carries nothing.
    const df = new Map<string, number>();
    references.forEach((ref) => {
      for (const t of new Set(terms(ref.text))) df.set(t, (df.get(t) ?? 0) + 1);
    });
    const n = references.length;
    for (const [t, d] of df) this.idf.set(t, Math.log((n + 1) / (d + 0.5)));
    windowTerms.forEach((w, i) => {
      let norm = 0;
      for (const [t, c] of w.counts) {
        const weight = (1 + Math.log(c)) * (this.idf.get(t) ?? 0);
        if (weight <= 0) continue;
        norm += weight * weight;
        let list = this.postings.get(t);
        if (!list) this.postings.set(t, (list = []));
        list.push({ window: i, weight });
      }
      this.windows.push({ reference: w.reference, norm: Math.sqrt(norm) });
    });
  }

  /** Best-window cosine similarity of the text to each reference, highest first. */
  score(text: string): EpisodeScore[] {
    const dots = new Float64Array(this.windows.length);
    const hits = new Int32Array(this.windows.length);
    let norm = 0;
    for (const [t, c] of counts(terms(text))) {
      const idf = this.idf.get(t);
      if (!idf || idf <= 0) continue;
      const weight = (1 + Math.log(c)) * idf;
      norm += weight * weight;
      for (const p of this.postings.get(t) ?? []) {
        dots[p.window]! += weight * p.weight;
        hits[p.window]!++;
      }
    }
    const best = new Float64Array(this.references.length);
    const shared = new Int32Array(this.references.length);
    if (norm > 0) {
      const qn = Math.sqrt(norm);
      this.windows.forEach((w, i) => {
        if (w.norm === 0) return;
        const cos = dots[i]! / (qn * w.norm);
        if (cos > best[w.reference]!) {
          best[w.reference] = cos;
          shared[w.reference] = hits[i]!;
        }
      });
    }
    return [...best]
      .map((score, reference) => ({ reference, score, shared: shared[reference]! }))
      .sort((a, b) => b.score - a.score);
  }

  query(text: string): Query {
    const weights = new Map<string, number>();
    let norm = 0;
    for (const [t, c] of counts(terms(text))) {
      const idf = this.idf.get(t);
      if (!idf || idf <= 0) continue;
      const weight = (1 + Math.log(c)) * idf;
      weights.set(t, weight);
      norm += weight * weight;
    }
    return { weights, norm: Math.sqrt(norm) };
  }

  /**
   * Cosine similarity of a query to the cues of one reference that overlap [from, to) in cue time,
   * and the distinct terms they share (0 when no cue is there).
   */
  rangeScore(query: Query, reference: number, from: number, to: number): { score: number; shared: number } {
    const cues = this.references[reference]?.cues ?? [];
    let first = -1;
    let last = -1;
    cues.forEach((c, i) => {
      if (c.end > from && c.start < to) {
        if (first < 0) first = i;
        last = i;
      }
    });
    if (first < 0 || query.norm === 0) return { score: 0, shared: 0 };
    const key = `${reference}:${first}:${last}`;
    let range = this.ranges.get(key);
    if (!range) {
      const weights = new Map<string, number>();
      let norm = 0;
      for (const [t, c] of counts(
        terms(
          cues
            .slice(first, last + 1)
            .map((c) => c.text)
            .join(' '),
        ),
      )) {
        const weight = (1 + Math.log(c)) * (this.idf.get(t) ?? 0);
        if (weight <= 0) continue;
        weights.set(t, weight);
        norm += weight * weight;
      }
      range = { weights, norm: Math.sqrt(norm) };
      if (this.ranges.size > 20000) this.ranges.clear();
      this.ranges.set(key, range);
    }
    if (range.norm === 0) return { score: 0, shared: 0 };
    let dot = 0;
    let shared = 0;
    for (const [t, w] of query.weights) {
      const other = range.weights.get(t);
      if (other) {
        dot += w * other;
        shared++;
      }
    }
    return { score: dot / (query.norm * range.norm), shared };
  }
}
