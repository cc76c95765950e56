import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFingerprintServer,
  type RunningFingerprintServer,
} from '../../../fingerprint-server/src/fingerprint-server.ts';
import { SERVER_DEFAULTS } from '../../../fingerprint-server/src/server-settings.ts';
import { auditEntryFor } from '../../src/contributions/contribution-audit-log.ts';
import { episodePayload } from '../../src/contributions/contribution-payloads.ts';
import { discDraft, episodeDraft, reply, scriptedNetwork, uploaderHarness } from './uploader-harness.ts';

let network: RunningFingerprintServer;
let dir = '';
const accepted = { fingerprint_disclosure_accepted: true };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'uploader-network-'));
  network = await startFingerprintServer(
    { ...SERVER_DEFAULTS, port: 0, databaseUrl: `sqlite://${join(dir, 'network.db')}` },
    () => undefined,
  );
});
afterAll(async () => {
  await network.close();
  await rm(dir, { recursive: true, force: true });
});

describe('contribution uploader: gates', () => {
  it('sends nothing while the disclosure is unaccepted and says so once per check with the count of both queues', async () => {
    const h = await uploaderHarness({ serverUrl: network.url });
    const pseudonym = h.config.get().contribution_pseudonym;
    await h.queue.queueEpisode(await episodeDraft(1), pseudonym, 1);
    await h.queue.queueEpisode(await episodeDraft(2), pseudonym, 1);
    await h.queue.queueDisc(discDraft(), pseudonym, 1);
    const before = await network.contributions.counts();
    expect(await h.uploader.checkNow()).toBe('disclosure_required');
    expect(await h.uploader.checkNow()).toBe('disclosure_required');
    expect(h.events).toEqual([{ pendingCount: 3 }, { pendingCount: 3 }]);
    expect(await network.contributions.counts()).toEqual(before);
    expect(await h.auditLog.entries()).toEqual([]);
  });

  it('stays silent with nothing queued, and when the user switched contributions off', async () => {
    const h = await uploaderHarness({ serverUrl: network.url, config: { enable_fingerprint_contributions: false } });
    expect(await h.uploader.checkNow()).toBe('empty');
    await h.queue.queueEpisode(await episodeDraft(), h.config.get().contribution_pseudonym, null);
    expect(await h.uploader.checkNow()).toBe('disabled');
    expect(h.events).toEqual([]);
  });

  it('uploads at once when the disclosure is accepted, logging exactly the spec’s audit fields', async () => {
    const h = await uploaderHarness({ serverUrl: network.url });
    const pseudonym = h.config.get().contribution_pseudonym;
    const ep = await h.queue.queueEpisode(await episodeDraft(5), pseudonym, 1);
    const disc = await h.queue.queueDisc(discDraft(4242), pseudonym, 1);
    const before = await network.contributions.counts();
    await h.config.update(accepted); // PUT /api/config does this
    await h.uploader.checkNow(); // joins the check the change started
    expect(await h.queue.pendingCounts()).toEqual({ episodes: 0, discs: 0, total: 0 });
    expect(await network.contributions.counts()).toMatchObject({
      episodes: before.episodes + 1,
      discs: before.discs + 1,
    });
    const lines = (await readFile(h.auditLog.path, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(Object.keys(lines[0]).sort()).toEqual([
      'catalog_id',
      'contrib_id',
      'episode',
      'kind',
      'pseudonym_prefix',
      'season',
      'ts',
    ]);
    expect(lines[0]).toMatchObject({
      kind: 'episode',
      contrib_id: ep.id,
      catalog_id: 1399,
      season: 1,
      episode: 5,
      pseudonym_prefix: pseudonym.slice(0, 8),
    });
    expect(Object.keys(lines[1]).sort()).toEqual([
      'catalog_id',
      'content_type',
      'contrib_id',
      'kind',
      'pseudonym_prefix',
      'season',
      'title_count',
      'ts',
    ]);
    expect(lines[1]).toMatchObject({
      kind: 'disc',
      contrib_id: disc.id,
      catalog_id: 4242,
      content_type: 'tv',
      title_count: 1,
    });
    expect(new Date(lines[0].ts).toISOString()).toBe(lines[0].ts);
  });
});

describe('contribution uploader: never twice, never lost', () => {
  it('after a crash between sending and bookkeeping, the re-send is acknowledged once and logged once', async () => {
    const h = await uploaderHarness({ serverUrl: network.url, config: accepted });
    const pseudonym = h.config.get().contribution_pseudonym;
    const draft = await episodeDraft(7);
    const queued = await h.queue.queueEpisode(draft, pseudonym, 1);
    // The upload reached the network, then the process died before it removed the row.
    expect(await h.client!.send('/v1/contribute', episodePayload(draft, pseudonym, '0.1.0-test'))).toEqual({
      kind: 'accepted',
      status: 201,
      duplicate: false,
      flagged: false,
    });
    const stored = (await network.contributions.counts()).episodes;
    expect(await h.uploader.checkNow()).toBe('uploaded');
    expect((await network.contributions.counts()).episodes).toBe(stored);
    expect(await h.queue.pendingCounts()).toMatchObject({ total: 0 });
    // …and a crash after the audit line but before the delete does not write it twice.
    expect(await h.auditLog.append(auditEntryFor('episode', queued.id, draft, pseudonym, new Date()))).toBe(false);
    expect(await h.auditLog.entries()).toHaveLength(1);
  });

  it('the same fingerprint is never queued twice', async () => {
    const h = await uploaderHarness({ serverUrl: null });
    const draft = await episodeDraft(8);
    const first = await h.queue.queueEpisode(draft, h.config.get().contribution_pseudonym, 1);
    const again = await h.queue.queueEpisode(draft, h.config.get().contribution_pseudonym, 2);
    expect(again).toEqual({ kind: 'episode', id: first.id, duplicate: true });
  });

  it('retries 5xx and dropped connections with backoff, then succeeds', async () => {
    const flaky = await scriptedNetwork([
      reply.json(503, { error: { code: 'busy', message: 'busy' } }),
      reply.hangUp(),
      reply.json(201, { status: 'accepted' }),
    ]);
    try {
      const h = await uploaderHarness({ serverUrl: flaky.url, config: accepted });
      await h.queue.queueEpisode(await episodeDraft(), h.config.get().contribution_pseudonym, null);
      const started = Date.now();
      expect(await h.uploader.checkNow()).toBe('uploaded');
      expect(flaky.requests).toHaveLength(3);
      expect(Date.now() - started).toBeGreaterThanOrEqual(20 + 40);
      expect(await h.auditLog.entries()).toHaveLength(1);
    } finally {
      await flaky.close();
    }
  });

  it('takes any 2xx as the network’s acknowledgement, whatever its body (the spec leaves it open)', async () => {
    const other = await scriptedNetwork([
      reply.json(200, { hello: 'world' }),
      reply.text(201, 'stored, thanks'),
      reply.json(202, { status: 'flagged' }),
    ]);
    try {
      const h = await uploaderHarness({ serverUrl: other.url, config: accepted });
      for (let k = 0; k < 3; k++)
        await h.queue.queueEpisode(await episodeDraft(), h.config.get().contribution_pseudonym, null);
      expect(await h.uploader.checkNow()).toBe('uploaded');
      expect(other.requests).toHaveLength(3);
      expect(await h.queue.pendingCounts()).toMatchObject({ total: 0 });
      expect(await h.auditLog.entries()).toHaveLength(3);
      expect(h.logger.entries.some((e) => /keeps contribution episode #\d+ for review/.test(e.message))).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('keeps the contribution when the network stays unreachable', async () => {
    const down = await scriptedNetwork([reply.json(500, {})]);
    await down.close(); // nothing listens there any more
    const h = await uploaderHarness({ serverUrl: down.url, config: accepted });
    const queued = await h.queue.queueEpisode(await episodeDraft(), h.config.get().contribution_pseudonym, null);
    expect(await h.uploader.checkNow()).toBe('deferred');
    const row = await h.queue.get('episode', queued.id);
    expect(row).toMatchObject({ attempts: 1 });
    expect(await h.queue.pendingCounts()).toMatchObject({ total: 1 });
    expect(await h.auditLog.entries()).toEqual([]);
  });

  it('honours 429 Retry-After: no request until it has passed', async () => {
    let clock = 1_000_000;
    const limited = await scriptedNetwork([
      reply.json(429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'Retry-After': '120' }),
      reply.json(201, { status: 'accepted' }),
    ]);
    try {
      const h = await uploaderHarness({ serverUrl: limited.url, config: accepted, now: () => clock });
      await h.queue.queueEpisode(await episodeDraft(), h.config.get().contribution_pseudonym, null);
      expect(await h.uploader.checkNow()).toBe('rate_limited');
      clock += 119_000;
      expect(await h.uploader.checkNow()).toBe('rate_limited');
      expect(limited.requests).toHaveLength(1);
      clock += 2_000;
      expect(await h.uploader.checkNow()).toBe('uploaded');
      expect(limited.requests).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });

  it('keeps a contribution the network refuses (4xx) as rejected and goes on with the others', async () => {
    const picky = await scriptedNetwork([
      reply.json(400, { error: { code: 'invalid_request', message: 'nope' } }),
      reply.json(201, { status: 'accepted' }),
    ]);
    try {
      const h = await uploaderHarness({ serverUrl: picky.url, config: accepted });
      const refused = await h.queue.queueEpisode(await episodeDraft(), h.config.get().contribution_pseudonym, null);
      await h.queue.queueEpisode(await episodeDraft(), h.config.get().contribution_pseudonym, null);
      expect(await h.uploader.checkNow()).toBe('uploaded');
      expect(picky.requests).toHaveLength(2);
      expect(await h.queue.get('episode', refused.id)).toMatchObject({ id: refused.id });
      expect(await h.queue.pendingCounts()).toMatchObject({ total: 0 });
      expect(await h.uploader.checkNow()).toBe('empty');
      expect(picky.requests).toHaveLength(2);
    } finally {
      await picky.close();
    }
  });

  it('re-checks the gates before each batch', async () => {
    let harness: Awaited<ReturnType<typeof uploaderHarness>> | null = null;
    const network2 = await scriptedNetwork([
      (_req, res) => {
        void harness!.config
          .update({ fingerprint_disclosure_accepted: false })
          .then(() => reply.json(201, { status: 'accepted' })(_req, res));
      },
    ]);
    try {
      harness = await uploaderHarness({ serverUrl: network2.url, config: accepted, batchSize: 1 });
      for (let k = 0; k < 3; k++)
        await harness.queue.queueEpisode(await episodeDraft(), harness.config.get().contribution_pseudonym, null);
      await harness.uploader.checkNow();
      expect(network2.requests).toHaveLength(1);
      expect(await harness.queue.pendingCounts()).toMatchObject({ total: 2 });
    } finally {
      await network2.close();
    }
  });

  it('checks the wire schema before sending and never sends a draft carrying extra fields', async () => {
    const h = await uploaderHarness({ serverUrl: network.url, config: accepted });
    const draft = { ...(await episodeDraft()), file_name: 'Show - S01E01.mkv' };
    await expect(episodePayloadOf(draft)).toThrow(/file_name/);
    const row = await h.queue.queueEpisode(draft as never, h.config.get().contribution_pseudonym, null);
    const before = await network.contributions.counts();
    await h.uploader.checkNow();
    expect(await network.contributions.counts()).toEqual(before);
    expect(await h.queue.pendingCounts()).toMatchObject({ total: 0 });
    expect(await h.queue.get('episode', row.id)).not.toBeNull(); // kept, as rejected
  });
});

function episodePayloadOf(draft: Record<string, unknown>) {
  return () => episodePayload(draft as never, '0b7f1c2e-1a2b-4c3d-8e9f-0123456789ab', '1');
}
