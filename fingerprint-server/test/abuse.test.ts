/**
 * The reference server's defences, with real requests against a real server (SQLite, moved clock):
 * the quadratic body is refused or cheap, degenerate fingerprints are refused, one client cannot
 * poison the canonical set (one pseudonym with invented discs, a burst of fresh pseudonyms, another
 * label's audio), screening flags and a pseudonym with repeated conflicts stops counting, and the
 * network-wide limits hold however many pseudonyms are used. Nothing here is timed.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeFingerprint } from '@spindle/plugin-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { startFingerprintServer, type RunningFingerprintServer } from '../src/fingerprint-server.ts';
import { bestAlignment, MAX_POSITIONS_PER_TERM, SILENCE_ITEM } from '../src/identify/fingerprint-compare.ts';
import { MAX_FINGERPRINT_ITEMS } from '../src/identify/fingerprint-quality.ts';
import { SERVER_DEFAULTS, type FingerprintServerSettings } from '../src/server-settings.ts';
import { postJson } from './json-post.ts';
import { discHash, distort, episodePayload, rng, shifted, syntheticFingerprint } from './synthetic-fingerprints.ts';

const running: { server: RunningFingerprintServer; dir: string }[] = [];
afterEach(async () => {
  for (const { server, dir } of running.splice(0)) {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

async function start(settings: Partial<FingerprintServerSettings> = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'fp-abuse-'));
  const state = { clock: Date.parse('2026-11-24T00:00:00Z') };
  const server = await startFingerprintServer(
    { ...SERVER_DEFAULTS, port: 0, databaseUrl: `sqlite://${join(dir, 'fp.db')}`, ...settings },
    () => undefined,
    {
      now: () => state.clock,
    },
  );
  running.push({ server, dir });
  const post = (path: string, body: unknown) => postJson(server.url, path, body);
  return { server, state, post };
}

const label = (episode: number) => ({ catalog_id: 1399, season: 1, episode });

describe('the quadratic body', () => {
  it('a tiny body of 20 000 identical items is refused before any comparison', async () => {
    const { post, server } = await start();
    const payload = await episodePayload(Array(20_000).fill(123456789));
    expect(JSON.stringify(payload).length).toBeLessThan(1000); // zstd makes it tiny
    const res = await post('/v1/contribute', payload);
    expect(res.status).toBe(400);
    // Inflating past MAX_FINGERPRINT_ITEMS × 5 bytes stops the decoder: the items are never materialised.
    expect(res.body.error).toMatchObject({
      code: 'invalid_fingerprint',
      message: expect.stringMatching(/bounded size|more than 2048 items/),
    });
    expect((await server.contributions.counts()).episodes).toBe(0);
  });

  it('a zstd bomb (a few KB inflating far beyond the cap) is refused while still compressed', async () => {
    const { post } = await start();
    const items = Array.from({ length: 400_000 }, (_, i) => (i % 2 ? 0xffffffff : 0xfffffffe));
    const payload = await episodePayload(items.slice(0, 90_000));
    expect(payload.fingerprint_b64.length).toBeLessThan(4096);
    expect((await post('/v1/contribute', payload)).body.error.code).toBe('invalid_fingerprint');
  });

  it('comparison work is bounded by the positions cap, whatever the input repeats', () => {
    const random = rng(5);
    const inputs = [
      Array(MAX_FINGERPRINT_ITEMS).fill(42),
      Array.from({ length: MAX_FINGERPRINT_ITEMS }, (_, i) => [7, 9][i % 2]!),
      Array.from({ length: MAX_FINGERPRINT_ITEMS }, () => Math.floor(random() * 300) << 4), // ~7 of each value
    ];
    for (const items of inputs) {
      const stats = { votes: 0 };
      bestAlignment(items, items, { stats });
      expect(stats.votes).toBeLessThanOrEqual(items.length * MAX_POSITIONS_PER_TERM);
    }
    const stats = { votes: 0 };
    bestAlignment(Array(MAX_FINGERPRINT_ITEMS).fill(42), Array(MAX_FINGERPRINT_ITEMS).fill(42), { stats });
    expect(stats.votes).toBe(0); // a term that frequent says nothing about the offset
  });
});

describe('degenerate fingerprints', () => {
  it('refuses silence, one repeated value and too few distinct values; accepts real-looking audio', async () => {
    const { post } = await start();
    const audio = syntheticFingerprint(31, 1450);
    const cases: [string, number[], RegExp][] = [
      ['silence', [...Array(1000).fill(SILENCE_ITEM), ...audio.slice(0, 450)], /silence/],
      ['one value', [...Array(600).fill(987654321), ...audio.slice(0, 850)], /one repeated value/],
      [
        'four values',
        Array.from({ length: 1450 }, (_, i) => [1, 2, 3, 4][i % 4]! * 1_000_003),
        /one repeated value|distinct/,
      ],
      ['a short loop', Array.from({ length: 1450 }, (_, i) => audio[i % 100]!), /distinct/],
    ];
    for (const [name, items, reason] of cases) {
      const res = await post('/v1/contribute', await episodePayload(items, { pseudonym: randomUUID() }));
      expect(res.status, name).toBe(400);
      expect(res.body.error.code, name).toBe('degenerate_fingerprint');
      expect(res.body.error.message, name).toMatch(reason);
    }
    expect((await post('/v1/contribute', await episodePayload(audio, { pseudonym: randomUUID() }))).status).toBe(201);
  });
});

describe('poisoning', () => {
  it('one pseudonym with three invented disc hashes never promotes', async () => {
    const { post, server, state } = await start();
    const wrong = syntheticFingerprint(41);
    const pseudonym = randomUUID();
    for (let k = 0; k < 3; k++) {
      state.clock += 24 * 3600_000;
      const res = await post(
        '/v1/contribute',
        await episodePayload(distort(wrong, 0.02, 50 + k), {
          ...label(5),
          pseudonym,
          disc_content_hash_b64: discHash(60 + k),
        }),
      );
      expect(res.body).toEqual({ status: 'accepted', promotion: 'not_yet' });
    }
    expect(await server.canonical.count()).toBe(0);
  });

  it('a burst of fresh pseudonyms pushing one label never promotes; contributors spread over time do', async () => {
    const { post, server, state } = await start();
    const audio = syntheticFingerprint(42);
    for (let k = 0; k < 40; k++) {
      state.clock += 1000; // one burst: 40 pseudonyms within a minute
      const res = await post(
        '/v1/contribute',
        await episodePayload(distort(audio, 0.02, 100 + k), {
          ...label(6),
          pseudonym: randomUUID(),
          disc_content_hash_b64: discHash(k + 1),
        }),
      );
      expect(res.body.promotion).toBe('not_yet');
    }
    expect(await server.canonical.count()).toBe(0);
    // Two more contributors, each more than the spread later: three pseudonyms not in one burst.
    for (const k of [0, 1]) {
      state.clock += 2 * 3600_000;
      const res = await post(
        '/v1/contribute',
        await episodePayload(distort(shifted(audio, 30, 200 + k), 0.03, 210 + k), {
          ...label(6),
          pseudonym: randomUUID(),
          disc_content_hash_b64: discHash(100 + k),
        }),
      );
      expect(res.body.promotion).toBe(k === 0 ? 'not_yet' : 'promoted');
    }
    expect(await server.canonical.count()).toBe(1);
  });

  it('screens a contribution carrying another label’s canonical audio, and stops counting a pseudonym with repeated conflicts', async () => {
    const { post, server, state } = await start();
    const episode7 = syntheticFingerprint(43);
    await server.canonical.insert([{ catalogId: 1399, season: 1, episode: 7, items: episode7, releaseCount: 3 }]);
    const attacker = randomUUID();
    for (let k = 0; k < 3; k++) {
      state.clock += 2 * 3600_000;
      const res = await post(
        '/v1/contribute',
        await episodePayload(distort(shifted(episode7, 20 * k, 300 + k), 0.03, 310 + k), {
          ...label(8),
          pseudonym: attacker,
          disc_content_hash_b64: discHash(70 + k),
        }),
      );
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ status: 'flagged', reason: expect.stringContaining('1399 S1E7') });
    }
    expect(await server.canonical.forLabel({ catalogId: 1399, season: 1, episode: 8 })).toEqual([]);
    expect(await server.contributions.conflicted([attacker], 3)).toEqual(new Set([attacker]));

    // The same audio under its own label is welcome (it matches its own canonical fingerprint).
    const honest = await post(
      '/v1/contribute',
      await episodePayload(distort(episode7, 0.03, 320), {
        ...label(7),
        pseudonym: randomUUID(),
        disc_content_hash_b64: discHash(80),
      }),
    );
    expect(honest.status).toBe(201);

    // With three conflicts the attacker's other contributions no longer count toward anything.
    const fresh = syntheticFingerprint(44);
    const own = await post(
      '/v1/contribute',
      await episodePayload(fresh, { ...label(9), pseudonym: attacker, disc_content_hash_b64: discHash(90) }),
    );
    expect(own.body).toEqual({ status: 'accepted', promotion: 'not_counted' });
    for (const k of [0, 1]) {
      state.clock += 2 * 3600_000;
      const res = await post(
        '/v1/contribute',
        await episodePayload(distort(fresh, 0.03, 330 + k), {
          ...label(9),
          pseudonym: randomUUID(),
          disc_content_hash_b64: discHash(91 + k),
        }),
      );
      expect(res.body.promotion).toBe('not_yet'); // two honest pseudonyms + the attacker's, which does not count
    }
    expect(await server.canonical.forLabel({ catalogId: 1399, season: 1, episode: 9 })).toEqual([]);
  });
});

describe('network-wide limits', () => {
  it('caps the writing requests per minute across any number of pseudonyms, then lets them in again', async () => {
    const { post, state } = await start({ globalRequestsPerMinute: 5 });
    const statuses: number[] = [];
    for (let k = 0; k < 8; k++)
      statuses.push(
        (
          await post(
            '/v1/contribute',
            await episodePayload(syntheticFingerprint(500 + k), { pseudonym: randomUUID(), match_confidence: 0.2 }),
          )
        ).status,
      );
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    const refused = await post('/v1/forget', { pseudonym: randomUUID() });
    expect(refused).toMatchObject({ status: 429, body: { error: { code: 'network_busy' } } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    state.clock += 61_000;
    expect(
      (
        await post(
          '/v1/contribute',
          await episodePayload(syntheticFingerprint(600), { pseudonym: randomUUID(), match_confidence: 0.2 }),
        )
      ).status,
    ).toBe(201);
  });

  it('caps the bytes stored per minute', async () => {
    const { post, server, state } = await start({ globalStoredBytesPerMinute: 16_384 });
    const statuses: number[] = [];
    // Each stored fingerprint takes 1 450 × 4 bytes plus the row: the third passes the cap.
    for (let k = 0; k < 4; k++)
      statuses.push(
        (
          await post(
            '/v1/contribute',
            await episodePayload(syntheticFingerprint(700 + k), { pseudonym: randomUUID(), match_confidence: 0.2 }),
          )
        ).status,
      );
    expect(statuses).toEqual([201, 201, 429, 429]);
    expect((await server.contributions.counts()).episodes).toBe(2);
    state.clock += 61_000;
    expect(
      (
        await post(
          '/v1/contribute',
          await episodePayload(syntheticFingerprint(710), { pseudonym: randomUUID(), match_confidence: 0.2 }),
        )
      ).status,
    ).toBe(201);
  });
});

describe('identify with a hostile query', () => {
  it('answers a repetitive query with nothing, and refuses an over-long one', async () => {
    const { server } = await start();
    await server.canonical.insert([
      { catalogId: 1, season: 1, episode: 1, items: syntheticFingerprint(45), releaseCount: 3 },
    ]);
    const repetitive = await encodeFingerprint(Array(MAX_FINGERPRINT_ITEMS).fill(syntheticFingerprint(45)[0]!));
    const res = await fetch(`${server.url}/v1/identify?fingerprint=${encodeURIComponent(repetitive.fingerprintB64)}`);
    expect(res.status).toBe(200);
    const long = await encodeFingerprint(Array(MAX_FINGERPRINT_ITEMS + 1).fill(5));
    const refused = await fetch(`${server.url}/v1/identify?fingerprint=${encodeURIComponent(long.fingerprintB64)}`);
    expect(refused.status).toBe(400);
  });
});
