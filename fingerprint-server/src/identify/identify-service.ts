/**
 * GET /v1/identify: the query's sampled terms find candidate canonical fingerprints through the
 * index, then each candidate is aligned and scored (1 − bit error rate). Only candidates above
 * MATCH_SCORE are returned, best first.
 */
import type { IdentifyCandidate } from '@spindle/plugin-sdk';
import type { CanonicalStore } from '../persistence/canonical-store.ts';
import { bestAlignment, bytesToItems, indexTerms } from './fingerprint-compare.ts';

/** Unrelated audio scores ≈ 0.5 (≈ 0.56 at its best offset); the same audio re-encoded ≈ 0.9–0.97. */
export const MATCH_SCORE = 0.7;
const SHORTLIST = 12;

export class IdentifyService {
  constructor(private readonly canonical: CanonicalStore) {}

  async identify(items: ArrayLike<number>, limit = 5): Promise<IdentifyCandidate[]> {
    const shortlist = await this.canonical.candidatesForTerms(indexTerms(items), SHORTLIST);
    const rows = await this.canonical.getMany(shortlist.map((s) => s.id));
    const scored: IdentifyCandidate[] = [];
    for (const row of rows) {
      const alignment = bestAlignment(items, bytesToItems(row.items));
      if (!alignment || alignment.score < MATCH_SCORE) continue;
      scored.push({
        catalog_id: row.catalogId,
        season: row.season ?? null,
        episode: row.episode ?? null,
        score: Math.round(alignment.score * 1000) / 1000,
        offset_items: alignment.offset,
      });
    }
    return scored.sort((a, b) => b.score - a.score).slice(0, limit);
  }
}
