/**
 * The match of a title the identifier calls an extra, shared by the core (deciding a disc) and the
 * matchers: it stays an extra, as sure as its episode evidence is weak (confidence 1 − evidence),
 * with an `identified_as_extra` component saying why; the extras policy decides the rest.
 */
import type { ExtraType, MatchResult, ScoreComponent } from './values.ts';

/** A score rounded to three decimals, as match results carry them. */
export const roundScore = (x: number): number => Math.round(x * 1000) / 1000;

export interface ExtraMatchInput {
  /** How strongly the title matched an episode, 0–1. */
  evidence: number;
  source: string;
  /** Words for people: why the title counts as an extra. */
  detail: string;
  /** Set (null included) when the caller knows or owes the kind of extra. */
  extraType?: ExtraType | null;
  /** Components after `identified_as_extra` (e.g. the episode evidence itself). */
  moreComponents?: ScoreComponent[];
}

export function extraMatchResult(input: ExtraMatchInput): MatchResult {
  return {
    kind: 'extra',
    season: null,
    episode: null,
    episodeEnd: null,
    edition: null,
    ...(input.extraType !== undefined ? { extraType: input.extraType } : {}),
    confidence: roundScore(1 - input.evidence),
    source: input.source,
    components: [
      { name: 'identified_as_extra', value: 1, weight: 1, detail: input.detail },
      ...(input.moreComponents ?? []),
    ],
    candidates: [],
  };
}
