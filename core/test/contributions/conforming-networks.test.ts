/**
 * The uploader against three conforming networks, each a real HTTP server on loopback: ours (the
 * reference fingerprint-server), one answering in the original network's shapes (202 + its own
 * body, 200 for a duplicate) and one answering 204 without a body. With each: every contribution is
 * uploaded once, audited once and removed from the queue; a re-send after a crash is audited once;
 * forget is confirmed by any 2xx.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  startFingerprintServer,
  type RunningFingerprintServer,
} from '../../../fingerprint-server/src/fingerprint-server.ts';
import { SERVER_DEFAULTS } from '../../../fingerprint-server/src/server-settings.ts';
import { episodePayload } from '../../src/contributions/contribution-payloads.ts';
import { recordingNetwork, type RecordingNetwork } from './other-networks.ts';
import { discDraft, episodeDraft, uploaderHarness } from './uploader-harness.ts';

let dir = '';
let ours: RunningFingerprintServer;
let original: RecordingNetwork;
let noBody: RecordingNetwork;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'conforming-networks-'));
  ours = await startFingerprintServer(
    { ...SERVER_DEFAULTS, port: 0, databaseUrl: `sqlite://${join(dir, 'network.db')}` },
    () => undefined,
  );
  original = await recordingNetwork('original');
  noBody = await recordingNetwork('no-body');
});
afterAll(async () => {
  await ours?.close();
  await original?.close();
  await noBody?.close();
  await rm(dir, { recursive: true, force: true });
});

/** How many distinct contributions each network holds (episodes, discs). */
const networks: { name: string; url: () => string; stored: () => Promise<{ episodes: number; discs: number }> }[] = [
  { name: 'ours (fingerprint-server)', url: () => ours.url, stored: async () => ours.contributions.counts() },
  {
    name: 'the original network’s shapes (202 + body, 200 for duplicates)',
    url: () => original.url,
    stored: async () => ({
      episodes: original.stored.get('/v1/contribute')!.size,
      discs: original.stored.get('/v1/contribute-disc')!.size,
    }),
  },
  {
    name: '204 without a body',
    url: () => noBody.url,
    stored: async () => ({
      episodes: noBody.stored.get('/v1/contribute')!.size,
      discs: noBody.stored.get('/v1/contribute-disc')!.size,
    }),
  },
];

describe.each(networks)('a conforming network: $name', (network) => {
  it('uploads each contribution once, audits it once and removes it from the queue', async () => {
    const h = await uploaderHarness({ serverUrl: network.url() });
    const send = vi.spyOn(h.client!, 'send');
    const pseudonym = h.config.get().contribution_pseudonym;
    const queued = [
      await h.queue.queueEpisode(await episodeDraft(1), pseudonym, 1),
      await h.queue.queueEpisode(await episodeDraft(2), pseudonym, 1),
      await h.queue.queueDisc(discDraft(9001 + Math.floor(Math.random() * 1e6)), pseudonym, 1),
    ];
    const before = await network.stored();
    await h.config.update({ fingerprint_disclosure_accepted: true }); // starts a check at once
    await h.uploader.checkNow(); // runs after it

    expect(send).toHaveBeenCalledTimes(3);
    expect(send.mock.calls.map((c) => c[0])).toEqual(['/v1/contribute', '/v1/contribute', '/v1/contribute-disc']);
    expect(await network.stored()).toMatchObject({ episodes: before.episodes + 2, discs: before.discs + 1 });
    const entries = await h.auditLog.entries();
    expect(entries.map((e) => [e.kind, e.contrib_id])).toEqual([
      ['episode', queued[0]!.id],
      ['episode', queued[1]!.id],
      ['disc', queued[2]!.id],
    ]);
    expect(await h.queue.pendingCounts()).toEqual({ episodes: 0, discs: 0, total: 0 });
    expect(await h.queue.get('episode', queued[0]!.id)).toBeNull();

    // Nothing is left to send: later checks send nothing more.
    expect(await h.uploader.checkNow()).toBe('empty');
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('a re-send after a crash (the network already has it) is audited once and removed', async () => {
    const h = await uploaderHarness({ serverUrl: network.url(), config: { fingerprint_disclosure_accepted: true } });
    const pseudonym = h.config.get().contribution_pseudonym;
    const draft = await episodeDraft(3);
    await h.queue.queueEpisode(draft, pseudonym, 1);
    // The upload reached the network, then the process died before its bookkeeping.
    expect(await h.client!.send('/v1/contribute', episodePayload(draft, pseudonym, '0.1.0-test'))).toMatchObject({
      kind: 'accepted',
      duplicate: false,
    });
    const stored = await network.stored();
    expect(await h.uploader.checkNow()).toBe('uploaded');
    expect(await network.stored()).toEqual(stored);
    expect(await h.auditLog.entries()).toHaveLength(1);
    expect(await h.queue.pendingCounts()).toMatchObject({ total: 0 });
  });

  it('forget is confirmed by its 2xx answer, with or without a body', async () => {
    const h = await uploaderHarness({ serverUrl: network.url(), config: { fingerprint_disclosure_accepted: true } });
    const before = h.config.get().contribution_pseudonym;
    await h.queue.queueEpisode(await episodeDraft(4), before, null);
    const result = await h.privacy.forget();
    expect(result).toMatchObject({ canonical_unaffected: true, deleted_pending: 1 });
    expect(h.config.get().contribution_pseudonym).not.toBe(before);
    expect(h.config.get().fingerprint_disclosure_accepted).toBe(false);
  });
});
