/** The Identifications the catalog identifier gives: a scored match, a refusal (degraded), or a failure. */
import { emptyIdentity, unknownIdentification, type Identification } from '@spindle/plugin-sdk';
import type { ScoredCandidate } from './candidate-scoring.ts';
import type { SearchPlan } from './search-plan.ts';

const pct = (n: number) => `${Math.round(n * 100)}%`;

export function describeCandidate(s: ScoredCandidate): string {
  const c = s.candidate;
  return `${c.name}${c.year ? ` (${c.year})` : ''} [${c.kind} ${c.id}, ${pct(s.confidence)}]`;
}

function describeComponents(s: ScoredCandidate): string {
  return s.components.map((c) => `${c.name} ${c.value.toFixed(2)}`).join(', ');
}

/** The catalog cannot be used with this credential: the job waits for a person, whatever comes later. */
export function degradedAnswer(message: string): Identification {
  return {
    ...unknownIdentification('catalog', message),
    holdForReview: true,
  };
}

/** The lookup failed (service down, rate limited, bad answer) or found nothing: evidence for the chain. */
export function unansweredAnswer(reason: string, notes: string[] = []): Identification {
  return unknownIdentification('catalog', reason, notes);
}

export function matchAnswer(
  ranked: ScoredCandidate[],
  plan: SearchPlan,
  margin: number,
  notes: string[],
): Identification {
  const best = ranked[0]!;
  const c = best.candidate;
  const runnerUp = ranked.find((s) => s !== best && (s.candidate.kind !== c.kind || s.candidate.id !== c.id));
  const close =
    !plan.declared &&
    best.confidence >= 0.5 &&
    runnerUp !== undefined &&
    best.confidence - runnerUp.confidence < margin &&
    (runnerUp.components.find((x) => x.name === 'name_similarity')?.value ?? 0) >= 0.8;
  const evidence = [
    ...plan.notes,
    ...notes,
    `catalog match for "${best.matchedQuery}": ${describeCandidate(best)} — ${describeComponents(best)}`,
    ...ranked.slice(1, 4).map((s) => `also considered: ${describeCandidate(s)}`),
  ];
  const reviewReason = close
    ? `several catalog entries match "${best.matchedQuery}" about equally: ${describeCandidate(best)} and ${describeCandidate(runnerUp!)}; say which one it is`
    : null;
  return {
    ...emptyIdentity(),
    contentType: c.kind,
    source: 'catalog',
    confidence: close ? Math.min(best.confidence, 0.75) : best.confidence,
    title: c.name,
    year: c.year,
    season: c.kind === 'tv' ? plan.season : null,
    discNumber: c.kind === 'tv' ? plan.discNumber : null,
    catalogId: c.id,
    catalogTitle: c.name,
    reviewReason,
    ...(close ? { holdForReview: true } : {}),
    evidence,
  };
}
