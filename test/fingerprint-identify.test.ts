/**
 * Identify against the real fingerprint-server process. Four episodes (distinct synthesised audio)
 * become canonical the way the network intends — three releases each (other codecs, bitrates and
 * lead-ins), fingerprinted by the real chromaprint provider with the contributor's window plan —
 * among 2 000 synthetic canonical decoys. Then each episode, re-encoded at another bitrate and
 * codec and shifted by 10–30 s, is identified; unrelated audio finds nothing.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EncodedFingerprint, Fingerprinter } from '@spindle/plugin-sdk';
import { createFakeSetup, readManifest } from '@spindle/plugin-sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FingerprintNetworkClient } from '../core/src/contributions/network-client.ts';
import { CanonicalStore } from '../fingerprint-server/src/persistence/canonical-store.ts';
import { openServerDatabase } from '../fingerprint-server/src/persistence/database.ts';
import { spawnFingerprintServer, type FingerprintServerProcess } from '../fingerprint-server/test/server-process.ts';
import { syntheticFingerprint } from '../fingerprint-server/test/synthetic-fingerprints.ts';
import chromaprint from '../plugins/provider-chromaprint/src/index.ts';
import { titleFingerprint } from '../plugins/contributor-fingerprint-network/src/title-fingerprint.ts';
import { encodeRelease, writeEpisodeWav, type ReleaseOptions } from './support/episode-audio.ts';

const EPISODES = [1, 2, 3, 4];
const SECONDS = 200;
const DECOYS = 2000;
const CANONICAL_RELEASES: ReleaseOptions[] = [
  { codec: 'ac3', bitrate: '192k' },
  { codec: 'mp2', bitrate: '160k', leadSeconds: 5 },
  { codec: 'ac3', bitrate: '96k', leadSeconds: 12 },
];
const LEADS = [10, 20, 30];

let dir = '';
let network: FingerprintServerProcess;
let fingerprinter: Fingerprinter;

async function inPairs<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += 2) await Promise.all(items.slice(i, i + 2).map(work));
}

async function fingerprintOf(file: string, durationSeconds: number): Promise<EncodedFingerprint> {
  const encoded = await titleFingerprint(
    fingerprinter,
    { filePath: file, durationSeconds },
    new AbortController().signal,
  );
  if (!encoded) throw new Error(`no fingerprint for ${file}`);
  return encoded;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fp-identify-'));
  await mkdir(join(dir, 'network'));
  const dbUrl = `sqlite://${join(dir, 'network', 'network.db')}`;
  // Decoys straight into the canonical set (the server's own store), before the server starts.
  const db = await openServerDatabase(dbUrl);
  await new CanonicalStore(db.orm).insert(
    Array.from({ length: DECOYS }, (_, k) => ({
      catalogId: 5000 + (k % 50),
      season: 1,
      episode: k,
      items: syntheticFingerprint(10_000 + k),
      releaseCount: 3,
    })),
  );
  await db.close();
  // The three releases arrive within seconds: spread 0 lets three pseudonyms count although they come
  // in one burst (the burst rule itself is tested in fingerprint-server/test/abuse.test.ts).
  network = await spawnFingerprintServer({ DATABASE_URL: dbUrl, PROMOTION_SPREAD_SECONDS: '0' });
  fingerprinter = await chromaprint.definition.providers!.fingerprinter!.chromaprint!(
    await createFakeSetup({
      manifest: readManifest(new URL('../plugins/provider-chromaprint/package.json', import.meta.url)),
    }),
  );

  await writeEpisodeWav(join(dir, 'lead.wav'), 4242, 40);
  await inPairs([...EPISODES, 999], (seed) => writeEpisodeWav(join(dir, `episode-${seed}.wav`), seed, SECONDS));
  const jobs = EPISODES.flatMap((episode) => CANONICAL_RELEASES.map((release, r) => ({ episode, release, r })));
  await inPairs(jobs, async ({ episode, release, r }) => {
    const file = join(dir, `e${episode}-r${r}.mka`);
    await encodeRelease(join(dir, `episode-${episode}.wav`), file, { ...release, leadWav: join(dir, 'lead.wav') });
    const fp = await fingerprintOf(file, SECONDS + (release.leadSeconds ?? 0));
    const res = await fetch(`${network.url}/v1/contribute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        wire_format_version: 1,
        pseudonym: `0b7f1c2e-1a2b-4c3d-8e9f-00000000000${r}`,
        catalog_id: 1399,
        season: 2,
        episode,
        fingerprint_b64: fp.fingerprintB64,
        fingerprint_sha256_b64: fp.sha256B64,
        disc_content_hash_b64: Buffer.alloc(16, 10 * episode + r).toString('base64'),
        match_confidence: 0.95,
        match_source: 'local_asr',
        client_version: '0.1.0',
      }),
    });
    expect(res.status).toBe(201);
  });
  const health = (await (await fetch(`${network.url}/v1/health`)).json()) as { canonical_fingerprints: number };
  expect(health.canonical_fingerprints).toBe(DECOYS + EPISODES.length);
}, 120_000);

afterAll(async () => {
  await network?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('identify through the fingerprint network', () => {
  it('finds the right episode among many for audio re-encoded at another bitrate and shifted by 10–30 s', async () => {
    const client = new FingerprintNetworkClient(network.url, 'Spindle/test');
    await inPairs(EPISODES, async (episode) => {
      const lead = LEADS[episode % LEADS.length]!;
      const file = join(dir, `query-${episode}.mka`);
      await encodeRelease(join(dir, `episode-${episode}.wav`), file, {
        codec: 'mp2',
        bitrate: '96k',
        sampleRate: 44_100,
        leadSeconds: lead,
        leadWav: join(dir, 'lead.wav'),
      });
      const candidates = await client.identify((await fingerprintOf(file, SECONDS + lead)).fingerprintB64);
      expect(candidates[0], `episode ${episode} shifted ${lead} s`).toMatchObject({
        catalog_id: 1399,
        season: 2,
        episode,
      });
      expect(candidates[0]!.score).toBeGreaterThan(0.8);
      expect(candidates.filter((c) => c.catalog_id === 1399 && c.episode !== episode)).toEqual([]);
    });
  });

  it('finds nothing for unrelated audio', async () => {
    const file = join(dir, 'unrelated.mka');
    await encodeRelease(join(dir, 'episode-999.wav'), file, { codec: 'ac3', bitrate: '128k' });
    const client = new FingerprintNetworkClient(network.url, 'Spindle/test');
    expect(await client.identify((await fingerprintOf(file, SECONDS)).fingerprintB64)).toEqual([]);
  });
});
