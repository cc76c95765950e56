/**
 * Promotion to canonical. After a confident, unscreened contribution lands, its label's confident
 * unscreened peers are compared with it. Its fingerprint becomes canonical only when the ones that
 * agree with it (same audio, any offset or encoding) come from
 * - at least `releases` distinct disc releases (disc content hashes; contributions without one
 *   cannot be told apart and add no release), AND
 * - at least `pseudonyms` distinct pseudonyms that were not in one burst: a pseudonym counts only
 *   when its agreeing contribution came at least `spreadSeconds` after the last one counted, so a
 *   crowd of fresh pseudonyms pushing one label at once counts as one;
 * — unless an agreeing canonical fingerprint already exists, whose release count is then raised.
 * Low-confidence contributions, screened ones, and pseudonyms with `maxConflicts` conflicts never
 * take part. Comparisons stop at the request's deadline and yield to the event loop between peers.
 */
import type { CanonicalStore } from '../persistence/canonical-store.ts';
import type { ContributionStore } from '../persistence/contribution-store.ts';
import type { EpisodeContributionRow } from '../persistence/entities.ts';
import type { Deadline } from './deadline.ts';
import { bestAlignment, bytesToItems, indexFingerprint } from './fingerprint-compare.ts';

/** Two contributions of one label agree when their aligned score reaches this. */
export const AGREEMENT_SCORE = 0.8;
/** Peers looked at per contribution at most (newest first). */
const MAX_PEERS = 200;
/** Comparisons always made, whatever the deadline says: a slow machine must not stop promotion. */
const MIN_COMPARISONS = 16;

export type PromotionOutcome = 'promoted' | 'already_canonical' | 'not_yet' | 'low_confidence' | 'not_counted';

export interface PromotionPolicy {
  minConfidence: number;
  releases: number;
  pseudonyms: number;
  spreadSeconds: number;
  maxConflicts: number;
}

type Contribution = Pick<
  EpisodeContributionRow,
  'pseudonym' | 'catalogId' | 'season' | 'episode' | 'items' | 'matchConfidence' | 'discContentHash' | 'createdAt'
>;

/** How many pseudonyms count when each must come `spreadMs` after the previous one counted (by time). */
export function spreadPseudonyms(firstSeen: Map<string, number>, spreadMs: number): number {
  const times = [...firstSeen.values()].sort((a, b) => a - b);
  let counted = 0;
  let last = -Infinity;
  for (const t of times) {
    if (counted === 0 || t - last >= spreadMs) {
      counted++;
      last = t;
    }
  }
  return counted;
}

export class PromotionService {
  constructor(
    private readonly contributions: ContributionStore,
    private readonly canonical: CanonicalStore,
    private readonly policy: PromotionPolicy,
  ) {}

  async consider(contribution: Contribution, deadline: Deadline): Promise<PromotionOutcome> {
    const { policy } = this;
    if (Number(contribution.matchConfidence) < policy.minConfidence) return 'low_confidence';
    if ((await this.contributions.conflicted([contribution.pseudonym], policy.maxConflicts)).size > 0)
      return 'not_counted';
    const label = {
      catalogId: contribution.catalogId,
      season: contribution.season ?? null,
      episode: contribution.episode ?? null,
    };
    const items = bytesToItems(contribution.items);
    const indexed = indexFingerprint(items);
    const agrees = (other: Uint8Array) => (bestAlignment(indexed, bytesToItems(other))?.score ?? 0) >= AGREEMENT_SCORE;

    const peers = await this.contributions.peers(label, policy.minConfidence, MAX_PEERS);
    await deadline.yield();
    const excluded = await this.contributions.conflicted(
      peers.map((p) => p.pseudonym),
      policy.maxConflicts,
    );
    const spreadMs = policy.spreadSeconds * 1000;
    const releases = new Set<string>();
    const counted = new Map<string, number>([[contribution.pseudonym, new Date(contribution.createdAt).getTime()]]);
    if (contribution.discContentHash) releases.add(contribution.discContentHash);
    const enough = () => releases.size >= policy.releases && spreadPseudonyms(counted, spreadMs) >= policy.pseudonyms;
    let compared = 0;
    for (const peer of peers) {
      if (enough() || (deadline.passed() && compared >= MIN_COMPARISONS)) break;
      if (excluded.has(peer.pseudonym)) continue;
      const at = peer.createdAt.getTime();
      // Only a peer that could change the outcome is compared: a release still missing, or a
      // pseudonym outside the burst of every one counted so far (a burst costs no comparisons).
      const newRelease =
        releases.size < policy.releases && peer.discContentHash !== null && !releases.has(peer.discContentHash);
      const newPseudonym =
        !counted.has(peer.pseudonym) && [...counted.values()].every((t) => Math.abs(at - t) >= spreadMs);
      if (!newRelease && !newPseudonym) continue;
      await deadline.yield();
      compared++;
      const other = await this.contributions.itemsOf(peer.id);
      if (!other || !agrees(other)) continue;
      if (newRelease) releases.add(peer.discContentHash!);
      if (newPseudonym) counted.set(peer.pseudonym, at);
    }
    if (!enough()) return 'not_yet';

    for (const existing of await this.canonical.forLabel(label)) {
      await deadline.yield();
      if (!agrees(existing.items)) continue;
      if (releases.size > existing.releaseCount) await this.canonical.setReleaseCount(existing.id, releases.size);
      return 'already_canonical';
    }
    await this.canonical.insert([{ ...label, items, releaseCount: releases.size }]);
    return 'promoted';
  }
}
