/**
 * How the uploader treats each kind of answer: 4xx refused for good with the reason kept; 408, 5xx
 * and dropped connections retried; 429 pauses per Retry-After, clamped so that a huge or malformed
 * value never becomes a tight loop or an overflowing timer; and the two gates re-checked before
 * every request, retries included.
 */
import { describe, expect, it } from 'vitest';
import { PendingEpisodeContributionEntity } from '../../src/contributions/contribution-entities.ts';
import {
  DEFAULT_RATE_LIMIT_WAIT_MS,
  parseRetryAfter,
  RETRY_AFTER_BOUNDS_MS,
} from '../../src/contributions/network-client.ts';
import { episodeDraft, reply, scriptedNetwork, uploaderHarness } from './uploader-harness.ts';

const accepted = { fingerprint_disclosure_accepted: true };

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, and clamps them to a sane range', () => {
    const now = Date.parse('2026-11-24T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 7 ', now)).toBe(7_000);
    expect(parseRetryAfter('0', now)).toBe(RETRY_AFTER_BOUNDS_MS.min);
    expect(parseRetryAfter('99999999999999999999999', now)).toBe(RETRY_AFTER_BOUNDS_MS.max);
    expect(parseRetryAfter('Tue, 24 Nov 2026 00:02:00 GMT', now)).toBe(120_000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 00:00:00 GMT', now)).toBe(RETRY_AFTER_BOUNDS_MS.min);
    expect(parseRetryAfter('Fri, 31 Dec 9999 23:59:59 GMT', now)).toBe(RETRY_AFTER_BOUNDS_MS.max);
    for (const bad of [null, '', '-5', '1.5', '1e9', 'soon', 'NaN', 'Infinity'])
      expect(parseRetryAfter(bad, now)).toBeNull();
  });
});

describe('contribution uploader: answers', () => {
  it('refuses for good on 4xx (other than 408/429), keeping the network’s reason', async () => {
    const picky = await scriptedNetwork([
      reply.json(422, { error: { code: 'degenerate_fingerprint', message: 'mostly one value' } }),
    ]);
    try {
      const h = await uploaderHarness({ serverUrl: picky.url, config: accepted });
      const queued = await h.queue.queueEpisode(await episodeDraft(), h.config.get().contribution_pseudonym, null);
      expect(await h.uploader.checkNow()).toBe('uploaded');
      expect(picky.requests).toHaveLength(1);
      const row = await h.db.orm.em.fork().findOneOrFail(PendingEpisodeContributionEntity, { id: queued.id });
      expect(row).toMatchObject({ status: 'rejected', lastError: '422 degenerate_fingerprint: mostly one value' });
      expect(await h.auditLog.entries()).toEqual([]);
      expect(await h.uploader.checkNow()).toBe('empty');
      expect(picky.requests).toHaveLength(1);
    } finally {
      await picky.close();
    }
  });

  it('retries 408 like a server error', async () => {
    const slow = await scriptedNetwork([
      reply.json(408, { error: { code: 'timeout', message: 'request timeout' } }),
      reply.json(202, {}),
    ]);
    try {
      const h = await uploaderHarness({ serverUrl: slow.url, config: accepted });
      await h.queue.queueEpisode(await episodeDraft(), h.config.get().contribution_pseudonym, null);
      expect(await h.uploader.checkNow()).toBe('uploaded');
      expect(slow.requests).toHaveLength(2);
      expect(await h.auditLog.entries()).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  it('pauses per a huge Retry-After for at most the upper bound, and per a malformed one for the default', async () => {
    let clock = 5_000_000;
    const limited = await scriptedNetwork([
      reply.json(429, {}, { 'Retry-After': '99999999999999999999' }),
      reply.json(429, {}, { 'Retry-After': 'whenever' }),
      reply.json(201, {}),
    ]);
    try {
      const h = await uploaderHarness({ serverUrl: limited.url, config: accepted, now: () => clock });
      await h.queue.queueEpisode(await episodeDraft(), h.config.get().contribution_pseudonym, null);
      expect(await h.uploader.checkNow()).toBe('rate_limited');
      clock += RETRY_AFTER_BOUNDS_MS.max - 1000;
      expect(await h.uploader.checkNow()).toBe('rate_limited');
      expect(limited.requests).toHaveLength(1);
      clock += 2000;
      expect(await h.uploader.checkNow()).toBe('rate_limited');
      expect(limited.requests).toHaveLength(2);
      clock += DEFAULT_RATE_LIMIT_WAIT_MS - 1000;
      expect(await h.uploader.checkNow()).toBe('rate_limited');
      expect(limited.requests).toHaveLength(2);
      clock += 2000;
      expect(await h.uploader.checkNow()).toBe('uploaded');
      expect(limited.requests).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });

  it('a 503 asking for a long wait pauses the uploader instead of holding the check', async () => {
    let clock = 9_000_000;
    const busy = await scriptedNetwork([reply.json(503, {}, { 'Retry-After': '600' }), reply.json(200, {})]);
    try {
      const h = await uploaderHarness({ serverUrl: busy.url, config: accepted, now: () => clock });
      const queued = await h.queue.queueEpisode(await episodeDraft(), h.config.get().contribution_pseudonym, null);
      expect(await h.uploader.checkNow()).toBe('deferred');
      expect(busy.requests).toHaveLength(1);
      expect(await h.queue.get('episode', queued.id)).toMatchObject({ attempts: 1 });
      clock += 599_000;
      expect(await h.uploader.checkNow()).toBe('rate_limited');
      clock += 2_000;
      expect(await h.uploader.checkNow()).toBe('uploaded');
      expect(busy.requests).toHaveLength(2);
    } finally {
      await busy.close();
    }
  });
});

describe('contribution uploader: the gates before every request', () => {
  it('switched off while a retry is pending: nothing more is sent', async () => {
    let harness: Awaited<ReturnType<typeof uploaderHarness>> | null = null;
    const failing = await scriptedNetwork([
      (req, res) => {
        // The user switches contributions off while the network is failing; the answer is a 503.
        void harness!.config
          .update({ enable_fingerprint_contributions: false })
          .then(() => reply.json(503, {})(req, res));
      },
      reply.json(201, {}),
    ]);
    try {
      harness = await uploaderHarness({ serverUrl: failing.url, config: accepted });
      const queued = await harness.queue.queueEpisode(
        await episodeDraft(),
        harness.config.get().contribution_pseudonym,
        null,
      );
      await harness.queue.queueEpisode(await episodeDraft(), harness.config.get().contribution_pseudonym, null);
      expect(await harness.uploader.checkNow()).toBe('deferred');
      expect(failing.requests).toHaveLength(1);
      expect(await harness.queue.pendingCounts()).toMatchObject({ total: 2 });
      expect(await harness.queue.get('episode', queued.id)).toMatchObject({ attempts: 0 });
      expect(await harness.uploader.checkNow()).toBe('disabled');
      expect(failing.requests).toHaveLength(1);
    } finally {
      await failing.close();
    }
  });

  it('a disclosure withdrawn during a retry wait ends the wait at once and sends nothing more', async () => {
    const failing = await scriptedNetwork([reply.json(503, {}, { 'Retry-After': '25' }), reply.json(201, {})]);
    try {
      const h = await uploaderHarness({ serverUrl: failing.url, config: accepted });
      await h.queue.queueEpisode(await episodeDraft(), h.config.get().contribution_pseudonym, null);
      const started = Date.now();
      const check = h.uploader.checkNow();
      while (failing.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await h.config.update({ fingerprint_disclosure_accepted: false });
      expect(await check).toBe('deferred');
      expect(Date.now() - started).toBeLessThan(20_000); // not the 25 s the network asked for
      expect(failing.requests).toHaveLength(1);
      expect(await h.queue.pendingCounts()).toMatchObject({ total: 1 });
      expect(await h.auditLog.entries()).toEqual([]);
    } finally {
      await failing.close();
    }
  });
});

describe('forget', () => {
  it('accepts any 2xx and passes on canonical_unaffected when the network states it', async () => {
    const network = await scriptedNetwork([
      reply.json(200, { canonical_unaffected: false }),
      reply.text(202, ''),
      reply.json(404, { error: { code: 'not_found', message: 'unknown route' } }),
    ]);
    try {
      const h = await uploaderHarness({ serverUrl: network.url });
      expect(await h.privacy.forget()).toMatchObject({ canonical_unaffected: false, deleted_pending: 0 });
      expect(await h.privacy.forget()).toMatchObject({ canonical_unaffected: true });
      const before = h.config.get().contribution_pseudonym;
      await expect(h.privacy.forget()).rejects.toThrow(/404 not_found: unknown route/);
      expect(h.config.get().contribution_pseudonym).toBe(before);
      expect(network.requests.map((r) => r.path)).toEqual(['/v1/forget', '/v1/forget', '/v1/forget']);
    } finally {
      await network.close();
    }
  });
});
