import type { ContentType, DiscMapping } from '../values.ts';

/** The community disc database (TheDiscDB), keyed by disc content hash. */
export interface DiscLookupResult {
  contentType: ContentType;
  title: string;
  year: number | null;
  catalogId: number | null;
  titleSlug: string;
  discSlug: string;
  discIndex: number | null;
  mappings: DiscMapping[];
}

export interface DiscLookupProvider {
  lookupByContentHash(contentHash: string): Promise<DiscLookupResult | null>;
}
