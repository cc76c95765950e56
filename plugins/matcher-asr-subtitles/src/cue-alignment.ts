/**
 * Cue-time alignment (issue 23 item 4). A disc's subtitles rarely start where the title does: a
 * studio logo before the episode, or a release whose cues run a few seconds early or late, shifts
 * every cue by the same amount. When the chunks that pick the same leading episode also agree on
 * that shift — each chunk is located in the leader's cues by sliding a chunk-long window over
 * them, and the located starts minus the chunk offsets lie close together — every heard chunk is
 * also scored against the leader's cues at exactly its own time plus the shift (a window as long
 * as the chunk, not the index's 90-second windows that hold a minute of dialogue the chunk does
 * not). The leader keeps the better of the two scores. Chunks that disagree on the shift, or too
 * few chunks, change nothing: a wrong episode's best-matching places are scattered, a right
 * one's sit in order.
 */
import type { ChunkResult } from './confidence.ts';
import type { EpisodeScore, Query, TfidfIndex } from './tfidf-index.ts';

/** One heard chunk: where it is in the title, what was heard, its index scores (empty: unusable). */
export interface HeardChunk {
  offset: number;
  words: number;
  text: string;
  scores: EpisodeScore[];
}

export interface Alignment {
  reference: number;
  /** Cue time minus title time (positive: the subtitles run later than the title). */
  shift: number;
  /** Chunks that agreed on it. */
  agreeing: number;
  located: number;
}

/** Located starts further than this from the chunks' median shift disagree with it. */
export const SHIFT_TOLERANCE_SECONDS = 8;
/** Slack around the aligned window for cue jitter. */
const PAD_SECONDS = 3;
const STEP_SECONDS = 1;
/** Located chunks, by index, reference, length and text: the matcher re-judges after every chunk. */
const located = new WeakMap<TfidfIndex, Map<string, { start: number; score: number } | null>>();

function locateOnce(
  index: TfidfIndex,
  text: string,
  reference: number,
  seconds: number,
): { start: number; score: number } | null {
  let memo = located.get(index);
  if (!memo) located.set(index, (memo = new Map()));
  const key = `${reference}:${seconds}:${text}`;
  if (!memo.has(key)) {
    if (memo.size > 1000) memo.clear();
    memo.set(key, locate(index, index.query(text), reference, seconds));
  }
  return memo.get(key)!;
}

/**
 * Where in one reference's cue time a chunk-long window matches the query best: the middle of the
 * first run of starts with the highest score (a run, because the same cues overlap many starts).
 */
export function locate(
  index: TfidfIndex,
  query: Query,
  reference: number,
  seconds: number,
): { start: number; score: number } | null {
  const cues = index.references[reference]?.cues ?? [];
  if (cues.length === 0 || query.norm === 0) return null;
  let best = 0;
  let runStart = 0;
  let runEnd = 0;
  let inRun = false;
  const last = cues.at(-1)!.end;
  for (let u = Math.floor(cues[0]!.start - seconds) + STEP_SECONDS; u < last; u += STEP_SECONDS) {
    const { score } = index.rangeScore(query, reference, u, u + seconds);
    if (score > best + 1e-12) {
      best = score;
      runStart = runEnd = u;
      inRun = true;
    } else if (inRun && Math.abs(score - best) <= 1e-12) runEnd = u;
    else inRun = false;
  }
  return best > 0 ? { start: (runStart + runEnd) / 2, score: best } : null;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The reference most chunks put first (ties: the higher summed score), or null. */
function leader(chunks: readonly HeardChunk[]): number | null {
  const tally = new Map<number, { n: number; sum: number }>();
  for (const c of chunks) {
    const top = c.scores[0];
    if (!top || top.score <= 0) continue;
    const t = tally.get(top.reference) ?? { n: 0, sum: 0 };
    t.n++;
    t.sum += top.score;
    tally.set(top.reference, t);
  }
  return [...tally.entries()].sort((a, b) => b[1].n - a[1].n || b[1].sum - a[1].sum)[0]?.[0] ?? null;
}

/** The shift the chunks that lead with one episode agree on, or null when they do not (or are < 2). */
export function consistentShift(index: TfidfIndex, chunks: readonly HeardChunk[], seconds: number): Alignment | null {
  const reference = leader(chunks);
  if (reference === null) return null;
  const shifts: number[] = [];
  for (const c of chunks) {
    if (c.scores[0]?.reference !== reference) continue;
    const found = locateOnce(index, c.text, reference, seconds);
    if (found) shifts.push(found.start - c.offset);
  }
  if (shifts.length < 2) return null;
  const m = median(shifts);
  const agree = shifts.filter((s) => Math.abs(s - m) <= SHIFT_TOLERANCE_SECONDS);
  if (agree.length < 2 || agree.length * 3 < shifts.length * 2) return null;
  const shift = agree.reduce((a, b) => a + b, 0) / agree.length;
  return { reference, shift: Math.round(shift * 10) / 10, agreeing: agree.length, located: shifts.length };
}

/**
 * The chunks as the confidence sees them: their index scores, and — when the chunks agree on a
 * shift — the leader's score in each chunk raised to its aligned-window score where that is higher.
 */
export function alignChunks(
  index: TfidfIndex,
  chunks: readonly HeardChunk[],
  seconds: number,
): { chunks: ChunkResult[]; alignment: Alignment | null } {
  const plain = chunks.map(({ offset, words, scores }) => ({ offset, words, scores }));
  const usable = chunks.filter((c) => c.scores.length > 0);
  const alignment = consistentShift(index, usable, seconds);
  if (!alignment) return { chunks: plain, alignment: null };
  const aligned = chunks.map(({ offset, words, text, scores }) => {
    if (scores.length === 0) return { offset, words, scores };
    const from = offset + alignment.shift;
    const at = index.rangeScore(
      index.query(text),
      alignment.reference,
      from - PAD_SECONDS,
      from + seconds + PAD_SECONDS,
    );
    const next = scores.map((s) =>
      s.reference === alignment.reference && at.score > s.score
        ? { reference: s.reference, score: at.score, shared: at.shared }
        : s,
    );
    return { offset, words, scores: next.sort((a, b) => b.score - a.score) };
  });
  return { chunks: aligned, alignment };
}
