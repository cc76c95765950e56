/** A confident catalog answer made before the heuristic runs (the catalog identifier names a movie or a show). */
import type { ContentType, Identification } from '@spindle/plugin-sdk';

export function catalogAnswer(contentType: ContentType, catalogId = 99): Identification {
  return {
    contentType,
    source: 'catalog',
    confidence: 0.9,
    title: 'Specials',
    year: 1982,
    season: null,
    discNumber: null,
    catalogId,
    catalogTitle: 'Specials',
    discLookup: null,
    titleHints: [],
    ambiguousMovie: false,
    reviewReason: null,
    evidence: ['catalog'],
  };
}
