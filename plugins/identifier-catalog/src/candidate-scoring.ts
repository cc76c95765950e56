/**
 * Scores catalog candidates as data: named components (value × weight) and a confidence. The
 * name similarity is the base; the other components (runtime fit, year, popularity, content-type
 * fit) move it within its upper 40%: confidence = name × (0.6 + 0.4 × support).
 * Bands: ≥ 0.8 high, 0.5–0.79 medium, < 0.5 low.
 */
import type { ContentType } from '@spindle/plugin-sdk';
import { compareNames, nameFeatures, type NameFeatures } from './name-similarity.ts';

export interface Candidate {
  kind: 'movie' | 'tv';
  id: number;
  name: string;
  originalName: string | null;
  year: number | null;
  popularity: number;
  /** 0–1 from runtimes, null when not checked. */
  runtimeFit: number | null;
}

export interface ScoreComponent {
  name: 'name_similarity' | 'runtime_fit' | 'year_match' | 'popularity' | 'type_fit';
  value: number;
  weight: number;
}

export interface ScoredCandidate {
  candidate: Candidate;
  confidence: number;
  components: ScoreComponent[];
  /** The query the name was compared with. */
  matchedQuery: string;
}

export interface ScoringContext {
  /** Names to compare with (the cleaned label, its alias expansion, names other identifiers found). */
  queries: readonly string[];
  year: number | null;
  /** What the disc looks like, when something says so (label season → tv). */
  typeHint: ContentType;
}

/** Weights of the supporting components (the name similarity is the base). */
export const SUPPORT_WEIGHTS = { runtime_fit: 0.35, year_match: 0.25, popularity: 0.25, type_fit: 0.15 } as const;
export const MAX_CONFIDENCE = 0.97;

function yearMatch(wanted: number | null, year: number | null): number {
  if (wanted === null || year === null) return 0.5;
  const gap = Math.abs(wanted - year);
  return gap === 0 ? 1 : gap === 1 ? 0.6 : 0;
}

function bestName(candidate: Candidate, queries: readonly [string, NameFeatures][]): { value: number; query: string } {
  let best = { value: 0, query: queries[0]?.[0] ?? '' };
  const names =
    candidate.originalName && candidate.originalName !== candidate.name
      ? [candidate.name, candidate.originalName]
      : [candidate.name];
  for (const name of names) {
    const features = nameFeatures(name);
    for (const [query, queryFeatures] of queries) {
      const value = compareNames(queryFeatures, features);
      if (value > best.value) best = { value, query };
    }
  }
  return best;
}

export function scoreCandidates(candidates: readonly Candidate[], context: ScoringContext): ScoredCandidate[] {
  const maxPopularity = Math.max(0, ...candidates.map((c) => c.popularity));
  const queries = context.queries.map((q): [string, NameFeatures] => [q, nameFeatures(q)]);
  const scored = candidates.map((candidate) => {
    const name = bestName(candidate, queries);
    const popularity =
      maxPopularity > 0 ? Math.log1p(Math.max(0, candidate.popularity)) / Math.log1p(maxPopularity) : 0.5;
    const typeFit = context.typeHint === 'unknown' ? 0.5 : context.typeHint === candidate.kind ? 1 : 0;
    const support: ScoreComponent[] = [
      { name: 'runtime_fit', value: candidate.runtimeFit ?? 0.5, weight: SUPPORT_WEIGHTS.runtime_fit },
      { name: 'year_match', value: yearMatch(context.year, candidate.year), weight: SUPPORT_WEIGHTS.year_match },
      { name: 'popularity', value: popularity, weight: SUPPORT_WEIGHTS.popularity },
      { name: 'type_fit', value: typeFit, weight: SUPPORT_WEIGHTS.type_fit },
    ];
    const supportValue =
      support.reduce((sum, c) => sum + c.value * c.weight, 0) / support.reduce((sum, c) => sum + c.weight, 0);
    const confidence = Math.min(MAX_CONFIDENCE, name.value * (0.6 + 0.4 * supportValue));
    return {
      candidate,
      confidence: Math.round(confidence * 1000) / 1000,
      components: [{ name: 'name_similarity' as const, value: name.value, weight: 1 }, ...support],
      matchedQuery: name.query,
    };
  });
  return scored.sort((a, b) => b.confidence - a.confidence || b.candidate.popularity - a.candidate.popularity);
}
