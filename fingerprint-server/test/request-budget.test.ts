/**
 * The per-request time budget: comparison work stops once the request's deadline has passed (a
 * fake clock drives it, so nothing here is timed), and gives the event loop a turn after each slice.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Deadline } from '../src/identify/deadline.ts';
import { itemsToBytes } from '../src/identify/fingerprint-compare.ts';
import { PromotionService } from '../src/identify/promotion-service.ts';
import { CanonicalStore } from '../src/persistence/canonical-store.ts';
import { ContributionStore } from '../src/persistence/contribution-store.ts';
import { openServerDatabase, type ServerDatabase } from '../src/persistence/database.ts';
import { discHash, distort, syntheticFingerprint } from './synthetic-fingerprints.ts';

let db: ServerDatabase | null = null;
afterEach(async () => {
  await db?.close();
  db = null;
});

describe('request budget', () => {
  it('a deadline passes by its clock and gives the loop a turn once its slice is spent', async () => {
    let now = 0;
    const deadline = new Deadline(100, () => now, 2);
    expect(deadline.passed()).toBe(false);
    let turns = 0;
    setImmediate(() => turns++);
    now = 5; // this request has held the loop for more than its slice
    await deadline.yield();
    expect(turns).toBe(1);
    now = 100;
    expect(deadline.passed()).toBe(true);
  });

  it('promotion stops comparing once the budget is spent (after a minimum of comparisons), and promotes with budget left', async () => {
    db = await openServerDatabase(':memory:');
    let clock = Date.parse('2026-11-24T00:00:00Z');
    const store = new ContributionStore(db.orm, () => clock);
    const promotion = new PromotionService(store, new CanonicalStore(db.orm), {
      minConfidence: 0.7,
      releases: 3,
      pseudonyms: 3,
      spreadSeconds: 3600,
      maxConflicts: 3,
    });
    const audio = syntheticFingerprint(9);
    const contribution = (k: number, items = distort(audio, 0.03, k)) => ({
      pseudonym: randomUUID(),
      catalogId: 1,
      season: 1,
      episode: 1,
      items: itemsToBytes(items),
      itemCount: items.length,
      fingerprintSha256: `sha-${k}`,
      discContentHash: discHash(k),
      matchConfidence: 0.9,
      matchSource: 'local_asr',
      clientVersion: '1',
    });
    // Two agreeing contributors, then twenty newer ones with other audio: each could have helped, so each is compared.
    for (const k of [1, 2, ...Array.from({ length: 20 }, (_, n) => 100 + n)]) {
      await store.insertEpisode(k < 100 ? contribution(k) : contribution(k, syntheticFingerprint(k)));
      clock += 2 * 3600_000;
    }
    const third = contribution(3);
    const inserted = await store.insertEpisode(third);
    if (inserted.status !== 'accepted') throw new Error('not stored');
    let t = 0;
    const spent = new Deadline(10, () => t, 2);
    t = 1_000; // the request already used its budget (screening, say)
    const fresh = new Deadline(10, () => 0, 2);
    expect(await promotion.consider({ ...third, createdAt: inserted.createdAt }, spent)).toBe('not_yet');
    expect(await promotion.consider({ ...third, createdAt: inserted.createdAt }, fresh)).toBe('promoted');
  });
});
