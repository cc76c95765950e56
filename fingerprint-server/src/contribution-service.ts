/**
 * What the contribute and forget calls do, apart from HTTP: strict validation, the network-wide
 * limits (requests and stored bytes per minute), the per-pseudonym rate limit, bounded decoding
 * (the SHA-256 the client sent must be the one of the varint stream), refusal of degenerate
 * fingerprints, exact-duplicate detection (a re-sent contribution is acknowledged, never stored
 * twice), screening (a fingerprint matching another label's canonical one is kept but flagged, and
 * its pseudonym gets a conflict), and promotion. No request metadata (address, headers) reaches
 * this layer.
 */
import { createHash } from 'node:crypto';
import {
  discContributionSchema,
  episodeContributionSchema,
  forgetRequestSchema,
  type DiscContributionPayload,
  type EpisodeContributionPayload,
} from '@spindle/plugin-sdk';
import { HttpError } from '@spindle/http-kit';
import { validator } from './http/schema-validation.ts';
import { Deadline, loopTurn } from './identify/deadline.ts';
import { itemsToBytes } from './identify/fingerprint-compare.ts';
import { checkContributedItems, decodeBounded } from './identify/fingerprint-quality.ts';
import type { IdentifyService } from './identify/identify-service.ts';
import type { PromotionOutcome, PromotionService } from './identify/promotion-service.ts';
import type { ContributionStore } from './persistence/contribution-store.ts';
import type { NetworkLimiter, WindowDecision } from './persistence/network-limiter.ts';
import type { PseudonymRateLimiter } from './persistence/rate-limiter.ts';

export { MIN_FINGERPRINT_ITEMS } from './identify/fingerprint-quality.ts';
/** A stored row's size beyond its fingerprint or titles (keys, hashes, version, index entries). */
const ROW_OVERHEAD_BYTES = 256;

const checkEpisode = validator<EpisodeContributionPayload>(episodeContributionSchema, 'contribution');
const checkDisc = validator<DiscContributionPayload>(discContributionSchema, 'disc contribution');
const checkForget = validator<{ pseudonym: string }>(forgetRequestSchema, 'forget request');

export type ContributeAnswer =
  { status: 'accepted'; promotion: PromotionOutcome } | { status: 'duplicate' } | { status: 'flagged'; reason: string };

function refuseBusy(decision: WindowDecision, what: string): void {
  if (decision.allowed) return;
  throw new HttpError(
    429,
    'network_busy',
    `The network takes no more ${what} this minute; retry in ${decision.retryAfterSeconds} s`,
    {
      'Retry-After': String(decision.retryAfterSeconds),
    },
  );
}

export class ContributionService {
  constructor(
    private readonly store: ContributionStore,
    private readonly promotion: PromotionService,
    private readonly limiter: PseudonymRateLimiter,
    private readonly network: NetworkLimiter,
    private readonly identify: IdentifyService,
    private readonly policy: { budgetMs: number },
  ) {}

  private async rateLimit(pseudonym: string): Promise<void> {
    refuseBusy(await this.network.request(), 'requests');
    const decision = await this.limiter.take(pseudonym);
    if (!decision.allowed) {
      throw new HttpError(
        429,
        'rate_limited',
        `Too many contributions from this pseudonym; retry in ${decision.retryAfterSeconds} s`,
        {
          'Retry-After': String(decision.retryAfterSeconds),
        },
      );
    }
  }

  async contribute(body: unknown): Promise<ContributeAnswer> {
    const deadline = new Deadline(this.policy.budgetMs);
    const payload = checkEpisode(body);
    await this.rateLimit(payload.pseudonym);
    await loopTurn();
    const { items, sha256B64 } = decodeBounded(payload.fingerprint_b64);
    if (sha256B64 !== payload.fingerprint_sha256_b64) {
      throw new HttpError(
        400,
        'fingerprint_hash_mismatch',
        'fingerprint_sha256_b64 is not the SHA-256 of the decoded varint stream',
      );
    }
    checkContributedItems(items);
    await loopTurn();
    const label = { catalogId: payload.catalog_id, season: payload.season, episode: payload.episode };
    const flagReason = await this.identify.screen(items, label, deadline);
    const row = {
      pseudonym: payload.pseudonym,
      catalogId: payload.catalog_id,
      season: payload.season,
      episode: payload.episode,
      items: itemsToBytes(items),
      itemCount: items.length,
      fingerprintSha256: payload.fingerprint_sha256_b64,
      discContentHash: payload.disc_content_hash_b64,
      matchConfidence: payload.match_confidence,
      matchSource: payload.match_source,
      clientVersion: payload.client_version,
      flagReason,
    };
    await loopTurn();
    refuseBusy(await this.network.storedBytes(row.items.length + ROW_OVERHEAD_BYTES), 'new data');
    const outcome = await this.store.insertEpisode(row);
    if (outcome.status === 'duplicate') return { status: 'duplicate' };
    if (flagReason) {
      await this.store.addConflict(payload.pseudonym);
      return { status: 'flagged', reason: flagReason };
    }
    await loopTurn();
    return {
      status: 'accepted',
      promotion: await this.promotion.consider({ ...row, createdAt: outcome.createdAt }, deadline),
    };
  }

  async contributeDisc(body: unknown): Promise<{ status: 'accepted' | 'duplicate' }> {
    const payload = checkDisc(body);
    await this.rateLimit(payload.pseudonym);
    const titles = payload.titles.map((t) => ({
      title_index: t.title_index,
      duration_seconds: t.duration_seconds,
      size_bytes: t.size_bytes,
      assignment: t.assignment,
      season: t.season ?? null,
      episode: t.episode ?? null,
      match_confidence: t.match_confidence,
      match_source: t.match_source,
    }));
    const titlesJson = JSON.stringify(titles);
    refuseBusy(await this.network.storedBytes(titlesJson.length + ROW_OVERHEAD_BYTES), 'new data');
    const record = {
      disc_content_hash_b64: payload.disc_content_hash_b64,
      catalog_id: payload.catalog_id,
      content_type: payload.content_type,
      season: payload.season,
      titles,
    };
    const outcome = await this.store.insertDisc({
      pseudonym: payload.pseudonym,
      discContentHash: payload.disc_content_hash_b64,
      catalogId: payload.catalog_id,
      contentType: payload.content_type,
      season: payload.season,
      titlesJson,
      recordSha256: createHash('sha256').update(JSON.stringify(record)).digest('base64'),
      clientVersion: payload.client_version,
    });
    return { status: outcome.status };
  }

  async forget(body: unknown): Promise<{ deleted_contributions: number; canonical_unaffected: true }> {
    const { pseudonym } = checkForget(body);
    refuseBusy(await this.network.request(), 'requests');
    const deleted = await this.store.forget(pseudonym);
    return { deleted_contributions: deleted.episodes + deleted.discs, canonical_unaffected: true };
  }
}
