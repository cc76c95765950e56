/**
 * The calibrated confidence: a logistic regression from the matcher's evidence to the probability
 * that its best episode is the right one. The constants were fitted by test/corpus/fit-calibration.ts
 * on the generated degradation corpus (condensed subtitles, shifted cues, recurring names, a noise
 * bed, extras and titles whose episode is missing from the references), on half of the titles, and
 * checked on the other half held apart — see docs/matching-calibration.md for the reliability table.
 * Thresholds are not here: accepting or reviewing stays in configuration.
 */

export interface Evidence {
  /** Mean best-window similarity of the winner over the usable chunks (0–1). */
  similarity: number;
  /** Mean per-chunk lead of the winner over the best other episode, relative to its score (0–1). */
  separation: number;
  /** Share of the usable chunks that voted for the winner with a clear margin (0–1). */
  consensus: number;
  /** Chunks that voted for the winner. */
  votes: number;
}

/** Fitted by test/corpus/fit-calibration.ts (see docs/matching-calibration.md). */
export const CALIBRATION = {
  intercept: -3.896,
  similarity: 1.804,
  separation: 2.565,
  consensus: 1.521,
  /** per ln(1 + agreeing chunks) */
  votes: 1.138,
} as const;

export type Coefficients = {
  intercept: number;
  similarity: number;
  separation: number;
  consensus: number;
  votes: number;
};

export function featureVector(e: Evidence): [number, number, number, number] {
  return [e.similarity, e.separation, e.consensus, Math.log1p(e.votes)];
}

export function logit(e: Evidence, c: Coefficients = CALIBRATION): number {
  const [s, sep, con, v] = featureVector(e);
  return c.intercept + c.similarity * s + c.separation * sep + c.consensus * con + c.votes * v;
}

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
