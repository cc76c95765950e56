/** What a disc lookup answers for the SDK's canned TV disc (its content hash is the sample job's). */
import type { DiscLookupResult, DiscMapping } from '@spindle/plugin-sdk';

export const SAMPLE_HASH = '0123456789ABCDEF0123456789ABCDEF';

export function sampleLookupResult(mappings: DiscMapping[]): DiscLookupResult {
  return {
    contentType: 'tv',
    title: 'Sample Show',
    year: 2020,
    catalogId: 100,
    titleSlug: 'sample-show-2020',
    discSlug: 's01d01',
    discIndex: 1,
    mappings,
  };
}
