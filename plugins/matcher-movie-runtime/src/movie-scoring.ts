/**
 * Turns an assessment into a MatchResult: named components (runtime_agreement, length_rank,
 * uniqueness, and name_hint when the name says something) with their weights from the settings;
 * the confidence is their weighted mean, capped at `max_confidence`.
 */
import type { MatchCandidate, MatchResult, ScoreComponent } from '@spindle/plugin-sdk';
import type { Assessment } from './movie-layout.ts';
import type { MovieRuntimeSettings } from './movie-runtime-settings.ts';

export const MATCH_SOURCE = 'local_movie_runtime';

const round = (n: number) => Math.round(n * 1000) / 1000;

export function toMatchResult(a: Assessment, s: MovieRuntimeSettings): MatchResult {
  const components: ScoreComponent[] = [
    {
      name: 'runtime_agreement',
      value: round(a.runtime.value),
      weight: s.weight_runtime_agreement,
      detail: a.runtime.detail,
    },
    {
      name: 'length_rank',
      value: round(a.lengthRank.value),
      weight: s.weight_length_rank,
      detail: a.lengthRank.detail,
    },
    { name: 'uniqueness', value: round(a.uniqueness.value), weight: s.weight_uniqueness, detail: a.uniqueness.detail },
  ];
  if (a.nameHint)
    components.push({
      name: 'name_hint',
      value: round(a.nameHint.value),
      weight: s.weight_name_hint,
      detail: a.nameHint.detail,
    });
  const weight = components.reduce((sum, c) => sum + c.weight, 0);
  const mean = weight > 0 ? components.reduce((sum, c) => sum + c.value * c.weight, 0) / weight : 0;
  const confidence = round(Math.min(s.max_confidence, Math.max(0, mean)));
  const candidate = (kind: MatchCandidate['kind'], edition: string | null, score: number): MatchCandidate => ({
    kind,
    season: null,
    episode: null,
    episodeEnd: null,
    edition,
    score: round(score),
  });
  const alternatives = a.alternatives.filter(
    (alt, i, all) =>
      (alt.kind !== a.kind || alt.edition !== a.edition) &&
      all.findIndex((o) => o.kind === alt.kind && o.edition === alt.edition) === i,
  );
  return {
    kind: a.kind,
    season: null,
    episode: null,
    episodeEnd: null,
    edition: a.kind === 'main_movie' ? a.edition : null,
    extraType: a.kind === 'extra' ? a.extraType : null,
    confidence,
    source: MATCH_SOURCE,
    components,
    candidates: [
      candidate(a.kind, a.kind === 'main_movie' ? a.edition : null, confidence),
      ...alternatives.map((alt, i) => candidate(alt.kind, alt.edition, Math.max(0.05, confidence * (0.8 - 0.2 * i)))),
    ],
  };
}
