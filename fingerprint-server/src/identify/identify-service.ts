/**
 * GET /v1/identify: the query's sampled terms find candidate canonical fingerprints through the
 * index, then each candidate is aligned and scored (1 − bit error rate). Only candidates above
 * MATCH_SCORE are returned, best first. Scoring yields to the event loop between candidates and
 * stops at the request's deadline.
 *
 * Screening uses the same lookup: a contribution whose audio strongly matches a canonical
 * fingerprint of ANOTHER label (and none of its own) is a conflict — kept, flagged, never counted.
 */
import type { IdentifyCandidate } from '@spindle/plugin-sdk';
import type { CanonicalStore, Label } from '../persistence/canonical-store.ts';
import { Deadline, loopTurn } from './deadline.ts';
import { bestAlignment, bytesToItems, indexFingerprint, indexTerms } from './fingerprint-compare.ts';

/** Unrelated audio scores ≈ 0.5 (≈ 0.56 at its best offset); the same audio re-encoded ≈ 0.9–0.97. */
export const MATCH_SCORE = 0.7;
/** A contribution scoring this high against another label's canonical fingerprint is screened. */
export const SCREEN_SCORE = 0.85;
const SHORTLIST = 12;
/** Candidates always scored, whatever the deadline says (the best-voted come first). */
const MIN_SCORED = 4;

export class IdentifyService {
  constructor(
    private readonly canonical: CanonicalStore,
    private readonly budgetMs = 250,
  ) {}

  async identify(
    items: ArrayLike<number>,
    limit = 5,
    deadline = new Deadline(this.budgetMs),
  ): Promise<IdentifyCandidate[]> {
    await loopTurn();
    const shortlist = await this.canonical.candidatesForTerms(indexTerms(items), SHORTLIST);
    await loopTurn();
    const rows = await this.canonical.getMany(shortlist.map((s) => s.id));
    const scored: IdentifyCandidate[] = [];
    const query = indexFingerprint(items);
    const byHits = new Map(shortlist.map((s, k) => [s.id, k]));
    rows.sort((a, b) => byHits.get(a.id)! - byHits.get(b.id)!);
    for (const [k, row] of rows.entries()) {
      if (k >= MIN_SCORED && deadline.passed()) break;
      await deadline.yield();
      const alignment = bestAlignment(query, bytesToItems(row.items));
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

  /** Why a contribution for `label` with these items conflicts with the canonical set, or null. */
  async screen(items: ArrayLike<number>, label: Label, deadline: Deadline): Promise<string | null> {
    const candidates = await this.identify(items, SHORTLIST, deadline);
    const same = (c: IdentifyCandidate) =>
      c.catalog_id === label.catalogId && c.season === label.season && c.episode === label.episode;
    if (candidates.some((c) => same(c) && c.score >= SCREEN_SCORE)) return null;
    const other = candidates.find((c) => !same(c) && c.score >= SCREEN_SCORE);
    return other
      ? `matches the canonical fingerprint of ${other.catalog_id} S${other.season ?? '-'}E${other.episode ?? '-'} (score ${other.score})`
      : null;
  }
}
