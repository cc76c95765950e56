/**
 * Building blocks for an identifier's answer. An answer that does not know something says null
 * (never a made-up value); these give those "nothing known" fields once, so every identifier
 * writes only what it does know.
 */
import type { ClassificationSource, Identification } from './values.ts';

/** The fields of an Identification that name the content, all empty: no title, year, season, catalog entry, lookup or hints. */
export function emptyIdentity(): Omit<
  Identification,
  'contentType' | 'source' | 'confidence' | 'reviewReason' | 'holdForReview' | 'evidence'
> {
  return {
    title: null,
    year: null,
    season: null,
    discNumber: null,
    catalogId: null,
    catalogTitle: null,
    discLookup: null,
    titleHints: [],
    ambiguousMovie: false,
  };
}

/**
 * "This identifier cannot tell": content unknown at confidence 0, with the reason as the review
 * reason and as evidence (after any notes). The chain goes on to the next identifier.
 */
export function unknownIdentification(
  source: ClassificationSource,
  reason: string,
  notes: string[] = [],
): Identification {
  return {
    ...emptyIdentity(),
    contentType: 'unknown',
    source,
    confidence: 0,
    reviewReason: reason,
    evidence: [...notes, reason],
  };
}
