/**
 * Promotion to canonical. After a confident contribution lands, its label's confident peers are
 * compared with it; when the ones that agree with it (same audio, any offset or encoding) come
 * from at least `promotionReleases` distinct disc releases (disc content hashes; contributions
 * without one cannot be told apart and do not count), its fingerprint becomes canonical — unless
 * an agreeing canonical fingerprint already exists, whose release count is then raised.
 * Low-confidence contributions never take part.
 */
import type { CanonicalStore } from '../persistence/canonical-store.ts';
import type { ContributionStore } from '../persistence/contribution-store.ts';
import type { EpisodeContributionRow } from '../persistence/entities.ts';
import { bestAlignment, bytesToItems } from './fingerprint-compare.ts';

/** Two contributions of one label agree when their aligned score reaches this. */
export const AGREEMENT_SCORE = 0.8;
const BRUTE_FORCE_RANGE = 400;

export type PromotionOutcome = 'promoted' | 'already_canonical' | 'not_yet' | 'low_confidence';

export class PromotionService {
  constructor(
    private readonly contributions: ContributionStore,
    private readonly canonical: CanonicalStore,
    private readonly policy: { minConfidence: number; releases: number },
  ) {}

  async consider(contribution: Pick<EpisodeContributionRow, 'catalogId' | 'season' | 'episode' | 'items' | 'matchConfidence' | 'discContentHash'>): Promise<PromotionOutcome> {
    if (Number(contribution.matchConfidence) < this.policy.minConfidence) return 'low_confidence';
    const label = { catalogId: contribution.catalogId, season: contribution.season ?? null, episode: contribution.episode ?? null };
    const items = bytesToItems(contribution.items);
    const agrees = (other: Uint8Array) => (bestAlignment(items, bytesToItems(other), { bruteForceRange: BRUTE_FORCE_RANGE })?.score ?? 0) >= AGREEMENT_SCORE;

    const peers = await this.contributions.peers(label, this.policy.minConfidence);
    const releases = new Set<string>();
    if (contribution.discContentHash) releases.add(contribution.discContentHash);
    for (const peer of peers) if (peer.discContentHash && !releases.has(peer.discContentHash) && agrees(peer.items)) releases.add(peer.discContentHash);
    if (releases.size < this.policy.releases) return 'not_yet';

    const existing = (await this.canonical.forLabel(label)).find((c) => agrees(c.items));
    if (existing) {
      if (releases.size > existing.releaseCount) await this.canonical.setReleaseCount(existing.id, releases.size);
      return 'already_canonical';
    }
    await this.canonical.insert([{ ...label, items, releaseCount: releases.size }]);
    return 'promoted';
  }
}
