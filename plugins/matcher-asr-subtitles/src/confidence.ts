/**
 * Turns per-chunk similarity scores into a decision made of named components, so a reviewer can
 * see why: similarity (how much of the winner's dialogue was heard), separation (how far it is
 * ahead, per chunk), vote consensus and agreeing chunks (how many chunks voted for it with a clear
 * margin), coverage (heard chunks with usable speech), runtime agreement (title length vs the
 * catalog's runtime, when known) and a disc-order prior (episodes usually sit on a disc in order).
 * The first four go through the fitted calibration (calibration.ts) and give a probability; the
 * runtime and disc-order components nudge its log-odds by their configured weights (the corpus the
 * calibration was fitted on has neither). Without a single clear vote it stays below review.
 */
import type { MatchCandidate, ReferenceSubtitle, ScoreComponent } from '@spindle/plugin-sdk';
import { CALIBRATION, logit, sigmoid, type Coefficients } from './calibration.ts';
import type { Alignment } from './cue-alignment.ts';
import type { ComponentWeights } from './settings.ts';
import type { EpisodeScore } from './tfidf-index.ts';

export interface ChunkResult {
  offset: number;
  words: number;
  /** Scores per reference, highest first (empty when the chunk had no usable speech). */
  scores: EpisodeScore[];
}

export interface Decision {
  reference: number;
  confidence: number;
  components: ScoreComponent[];
  candidates: { reference: number; score: number }[];
  votes: Map<number, number>;
}

export const NO_VOTE_CAP = 0.45;
/** A chunk that shares fewer distinct words or word pairs with its best window says nothing. */
export const MIN_SHARED_TERMS = 3;

/** The reference a chunk votes for, or null when its best is not clearly ahead. */
export function voteOf(chunk: ChunkResult, margin: number, minSimilarity: number): number | null {
  const [best, second] = chunk.scores;
  if (!best || best.score < minSimilarity || best.shared < MIN_SHARED_TERMS) return null;
  const ahead = second ? (best.score - second.score) / best.score : 1;
  return ahead >= margin ? best.reference : null;
}

export function tally(chunks: readonly ChunkResult[], margin: number, minSimilarity: number): Map<number, number> {
  const votes = new Map<number, number>();
  for (const chunk of chunks) {
    const vote = voteOf(chunk, margin, minSimilarity);
    if (vote !== null) votes.set(vote, (votes.get(vote) ?? 0) + 1);
  }
  return votes;
}

const clamp = (x: number) => Math.max(0, Math.min(1, x));

function meanScores(chunks: readonly ChunkResult[], count: number): number[] {
  const sums = new Array<number>(count).fill(0);
  for (const chunk of chunks) for (const s of chunk.scores) sums[s.reference]! += s.score;
  return sums.map((s) => (chunks.length ? s / chunks.length : 0));
}

/** Log-odds a runtime or disc-order component in [0, 1] adds at full weight (value 1 → +2·weight·SHIFT, 0 → −). */
const SHIFT = 4;

export function decide(input: {
  chunks: readonly ChunkResult[];
  planned: number;
  references: readonly ReferenceSubtitle[];
  titleDurationSeconds: number;
  /** Position of this title among the disc's episode-length titles (0-based) and their count. */
  discPosition: { index: number; count: number };
  weights: ComponentWeights;
  voteMargin: number;
  minSimilarity: number;
  coefficients?: Coefficients;
  /** The cue-time shift the chunks agreed on (cue-alignment.ts), when they did. */
  alignment?: Alignment | null;
}): Decision | null {
  const usable = input.chunks.filter((c) => c.scores.length > 0);
  if (usable.length === 0 || input.references.length === 0) return null;
  const votes = tally(usable, input.voteMargin, input.minSimilarity);
  const means = meanScores(usable, input.references.length);
  const ranked = means.map((score, reference) => ({ reference, score })).sort((a, b) => b.score - a.score);
  const winner =
    [...votes.entries()].sort((a, b) => b[1] - a[1] || means[b[0]]! - means[a[0]]!)[0]?.[0] ?? ranked[0]!.reference;

  const separation =
    usable.reduce((sum, chunk) => {
      const own = chunk.scores.find((s) => s.reference === winner)?.score ?? 0;
      const other = Math.max(0, ...chunk.scores.filter((s) => s.reference !== winner).map((s) => s.score));
      return sum + (own > 0 ? clamp((own - other) / own) : 0);
    }, 0) / usable.length;
  const agreeing = votes.get(winner) ?? 0;
  const consensus = agreeing / usable.length;
  const similarity = clamp(means[winner]!);
  // Coverage is of the chunks heard: a unanimous early stop (3 of 3) is complete evidence, not a gap.
  const heard = Math.max(usable.length, input.chunks.length);
  const coverage = usable.length / Math.max(1, heard);
  const reference = input.references[winner]!;
  const runtime =
    reference.runtimeMinutes && reference.runtimeMinutes > 0
      ? clamp(
          1 -
            Math.abs(input.titleDurationSeconds / 60 - reference.runtimeMinutes) /
              Math.max(3, reference.runtimeMinutes * 0.2),
        )
      : null;
  const episodes = [...input.references].map((r, i) => ({ i, e: r.episode ?? 0 })).sort((a, b) => a.e - b.e);
  const rank = episodes.findIndex((x) => x.i === winner);
  const order =
    input.discPosition.count > 1 && episodes.length > 1
      ? clamp(1 - Math.abs(input.discPosition.index / (input.discPosition.count - 1) - rank / (episodes.length - 1)))
      : null;

  const c = input.coefficients ?? CALIBRATION;
  const w = input.weights;
  const components: ScoreComponent[] = [
    {
      name: 'similarity',
      value: similarity,
      weight: c.similarity,
      detail: 'mean similarity of the heard speech to its best subtitle window',
    },
    {
      name: 'separation',
      value: separation,
      weight: c.separation,
      detail: 'how far the best episode is ahead of the runner-up, per chunk',
    },
    {
      name: 'vote_consensus',
      value: consensus,
      weight: c.consensus,
      detail: `${agreeing} of ${usable.length} chunks voted for it with a clear margin`,
    },
    {
      name: 'agreeing_chunks',
      value: clamp(Math.log1p(agreeing) / Math.log1p(8)),
      weight: c.votes * Math.log1p(8),
      detail: `${agreeing} agreeing chunk(s); more agreeing evidence, more confidence`,
    },
    {
      name: 'coverage',
      value: coverage,
      weight: 0,
      detail: `${usable.length} of ${heard} heard chunks had usable speech (${input.planned} planned)`,
    },
    alignmentComponent(input.alignment ?? null, winner),
    {
      name: 'runtime_agreement',
      value: runtime ?? 0,
      weight: runtime === null ? 0 : w.runtime_agreement,
      detail:
        runtime === null
          ? 'no catalog runtime'
          : `title ${(input.titleDurationSeconds / 60).toFixed(1)} min vs catalog ${reference.runtimeMinutes} min`,
    },
    {
      name: 'disc_order_prior',
      value: order ?? 0,
      weight: order === null ? 0 : w.disc_order_prior,
      detail:
        order === null
          ? 'single title'
          : `title ${input.discPosition.index + 1} of ${input.discPosition.count} on the disc`,
    },
  ];
  let z = logit({ similarity, separation, consensus, votes: agreeing }, c);
  if (runtime !== null) z += w.runtime_agreement * SHIFT * (runtime - 0.5) * 2;
  if (order !== null) z += w.disc_order_prior * SHIFT * (order - 0.5) * 2;
  let confidence = sigmoid(z);
  if (!votes.has(winner)) confidence = Math.min(confidence, NO_VOTE_CAP);
  // Runners-up share what the winner leaves, by their mean similarity, and never rank above it.
  const others = ranked.filter((r) => r.reference !== winner);
  const otherMass = others.reduce((sum, r) => sum + r.score, 0) || 1;
  const candidates = [
    { reference: winner, score: confidence },
    ...others
      .slice(0, 2)
      .map((r) => ({ reference: r.reference, score: Math.min(confidence, (1 - confidence) * (r.score / otherMass)) })),
  ].sort((a, b) => b.score - a.score);
  return { reference: winner, confidence, components, candidates, votes };
}

/** Shown, not weighed: the aligned windows already raised the similarity it explains. */
function alignmentComponent(a: Alignment | null, winner: number): ScoreComponent {
  const applies = a !== null && a.reference === winner;
  const shift = applies ? `${a.shift >= 0 ? '+' : ''}${a.shift.toFixed(1)} s` : '';
  return {
    name: 'cue_alignment',
    value: applies ? 1 : 0,
    weight: 0,
    detail: applies
      ? `${a.agreeing} of ${a.located} chunks agree its subtitles run ${shift} from the title; chunks were also scored at that time`
      : 'no consistent offset between the heard chunks and the subtitle cue times',
  };
}

export function toCandidate(reference: ReferenceSubtitle, score: number): MatchCandidate {
  return {
    kind: 'episode',
    season: reference.season,
    episode: reference.episode,
    episodeEnd: null,
    edition: null,
    score,
  };
}
