import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeFingerprint, type DiscContributionPayload } from '@spindle/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFingerprintServer, type RunningFingerprintServer } from '../src/fingerprint-server.ts';
import { SERVER_DEFAULTS } from '../src/server-settings.ts';
import {
  discHash,
  distort,
  episodePayload,
  PSEUDONYMS,
  shifted,
  syntheticFingerprint,
} from './synthetic-fingerprints.ts';

let dir = '';
let server: RunningFingerprintServer;
const logs: string[] = [];
/** The server's clock: promotion counts pseudonyms only when they are not in one burst (an hour apart). */
let clock = Date.parse('2026-11-24T00:00:00Z');
const later = () => (clock += 2 * 3600_000);

async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(server.url + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

function getWithBody(url: string, body: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'GET', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve(JSON.parse(text)));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fp-server-'));
  server = await startFingerprintServer(
    { ...SERVER_DEFAULTS, port: 0, databaseUrl: `sqlite://${join(dir, 'fp.db')}`, contributionsPerWindow: 25 },
    (line) => logs.push(line),
    { now: () => clock },
  );
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('fingerprint server: strict contribution schemas', () => {
  it('refuses any field outside the schema, wrong types and bad JSON with 400', async () => {
    const good = await episodePayload(syntheticFingerprint(10));
    const cases: unknown[] = [
      { ...good, file_name: 'Show S01E03.mkv' },
      { ...good, ip_address: '203.0.113.9' },
      { ...good, wire_format_version: 2 },
      { ...good, pseudonym: 'not-a-uuid' },
      { ...good, match_confidence: 1.5 },
      { ...good, match_source: 'network_disc' },
      { ...good, season: -1 },
      { ...good, client_version: '' },
      { ...good, client_version: 'x'.repeat(101) },
      { ...good, fingerprint_b64: 'not base64!' },
      (({ catalog_id: _omit, ...rest }) => rest)(good),
    ];
    for (const body of cases) {
      const res = await call('POST', '/v1/contribute', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.code).toMatch(/invalid_request|invalid_fingerprint/);
    }
    expect((await call('POST', '/v1/contribute', '{"broken":')).body.error.code).toBe('invalid_json');
    const extra = await call('POST', '/v1/contribute', { ...good, file_name: 'x.mkv' });
    expect(extra.body.error.message).toContain('file_name');
  });

  it('refuses a fingerprint whose SHA-256 is not the one of its varint stream', async () => {
    const payload = await episodePayload(syntheticFingerprint(11));
    const other = await encodeFingerprint(syntheticFingerprint(12));
    const res = await call('POST', '/v1/contribute', { ...payload, fingerprint_sha256_b64: other.sha256B64 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('fingerprint_hash_mismatch');
  });

  it('accepts a disc-layout record once and detects the exact duplicate', async () => {
    const record: DiscContributionPayload = {
      wire_format_version: 1,
      pseudonym: PSEUDONYMS[1]!,
      disc_content_hash_b64: discHash(7),
      catalog_id: 1399,
      content_type: 'tv',
      season: 1,
      titles: [
        {
          title_index: 0,
          duration_seconds: 1320,
          size_bytes: 1_000_000,
          assignment: 'episode',
          season: 1,
          episode: 1,
          match_confidence: 0.9,
          match_source: 'local_asr',
        },
        {
          title_index: 1,
          duration_seconds: 200,
          size_bytes: 10_000,
          assignment: 'discarded',
          match_confidence: 0,
          match_source: null,
        },
      ],
      client_version: '0.1.0',
    };
    expect((await call('POST', '/v1/contribute-disc', record)).status).toBe(201);
    expect((await call('POST', '/v1/contribute-disc', record)).body).toEqual({ status: 'duplicate' });
    const withPath = { ...record, titles: [{ ...record.titles[0], source_file: '/media/disc/00800.mpls' }] };
    expect((await call('POST', '/v1/contribute-disc', withPath)).status).toBe(400);
    expect((await call('POST', '/v1/contribute-disc', { ...record, disc_content_hash_b64: null })).status).toBe(400);
  });
});

describe('fingerprint server: duplicates, promotion, identify, forget', () => {
  const episode = syntheticFingerprint(100);
  const releases = [0, 1, 2, 3].map((k) => distort(shifted(episode, 40 * k, 500 + k), 0.03, 600 + k));

  it('stores a contribution once: the same fingerprint again is a duplicate', async () => {
    const payload = await episodePayload(releases[0]!, { disc_content_hash_b64: discHash(1) });
    expect(await call('POST', '/v1/contribute', payload)).toMatchObject({
      status: 201,
      body: { status: 'accepted', promotion: 'not_yet' },
    });
    expect(await call('POST', '/v1/contribute', payload)).toMatchObject({ status: 200, body: { status: 'duplicate' } });
    expect((await server.contributions.counts()).episodes).toBe(1);
  });

  it('promotes only after three distinct releases, with low-confidence contributions left out', async () => {
    later();
    const second = await episodePayload(releases[1]!, { pseudonym: PSEUDONYMS[1], disc_content_hash_b64: discHash(2) });
    expect((await call('POST', '/v1/contribute', second)).body.promotion).toBe('not_yet');
    later();
    // A third release, but unsure of itself: it does not count.
    const unsure = await episodePayload(releases[2]!, {
      pseudonym: PSEUDONYMS[2],
      disc_content_hash_b64: discHash(3),
      match_confidence: 0.4,
    });
    expect((await call('POST', '/v1/contribute', unsure)).body.promotion).toBe('low_confidence');
    // The same release again (another rip of disc 2) adds no release either.
    const sameRelease = await episodePayload(distort(releases[1]!, 0.02, 9), {
      pseudonym: PSEUDONYMS[2],
      disc_content_hash_b64: discHash(2),
    });
    expect((await call('POST', '/v1/contribute', sameRelease)).body.promotion).toBe('not_yet');
    // A mislabelled contribution (other audio) for the same episode does not agree and does not count.
    const wrong = await episodePayload(syntheticFingerprint(999), {
      pseudonym: PSEUDONYMS[3],
      disc_content_hash_b64: discHash(4),
    });
    expect((await call('POST', '/v1/contribute', wrong)).body.promotion).toBe('not_yet');
    expect(await server.canonical.count()).toBe(0);

    later();
    const third = await episodePayload(releases[3]!, { pseudonym: PSEUDONYMS[3], disc_content_hash_b64: discHash(5) });
    expect((await call('POST', '/v1/contribute', third)).body.promotion).toBe('promoted');
    expect(await server.canonical.count()).toBe(1);
    expect(await server.canonical.termCount()).toBeGreaterThan(20);
  });

  it('identifies a re-encoded, shifted query and finds nothing for unrelated audio', async () => {
    const query = distort(shifted(episode, 120, 77), 0.04, 78);
    const { fingerprintB64 } = await encodeFingerprint(query);
    const hit = await call('GET', `/v1/identify?fingerprint=${encodeURIComponent(fingerprintB64)}`);
    expect(hit.status).toBe(200);
    expect(hit.body.candidates[0]).toMatchObject({ catalog_id: 1399, season: 1, episode: 3 });
    expect(hit.body.candidates[0].score).toBeGreaterThan(0.85);
    // The fingerprint may also travel as a JSON body of the GET (fetch cannot send one; node:http can).
    const viaBody = await getWithBody(server.url + '/v1/identify', JSON.stringify({ fingerprint_b64: fingerprintB64 }));
    expect(viaBody.candidates[0].episode).toBe(3);
    const none = await encodeFingerprint(syntheticFingerprint(4242));
    expect((await call('GET', `/v1/identify?fingerprint=${encodeURIComponent(none.fingerprintB64)}`)).body).toEqual({
      candidates: [],
    });
  });

  it('identify takes only the fingerprint', async () => {
    const { fingerprintB64 } = await encodeFingerprint(episode);
    const res = await call(
      'GET',
      `/v1/identify?fingerprint=${encodeURIComponent(fingerprintB64)}&pseudonym=${PSEUDONYMS[0]}`,
    );
    expect(res.status).toBe(400);
    expect((await call('GET', '/v1/identify')).status).toBe(400);
    expect((await call('GET', '/v1/identify?fingerprint=AAAA')).body.error.code).toBe('invalid_fingerprint');
  });

  it('forget deletes the pseudonym’s raw contributions and contributor row, never the canonical set', async () => {
    const before = await server.contributions.counts();
    const res = await call('POST', '/v1/forget', { pseudonym: PSEUDONYMS[1] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ canonical_unaffected: true });
    expect(res.body.deleted_contributions).toBeGreaterThanOrEqual(2);
    const after = await server.contributions.counts();
    expect(after.episodes).toBe(before.episodes - 1);
    expect(after.discs).toBe(before.discs - 1);
    expect(after.contributors).toBe(before.contributors - 1);
    expect(await server.canonical.count()).toBe(1);
    // Forgetting an unknown pseudonym is fine and still says the canonical set is unaffected.
    expect((await call('POST', '/v1/forget', { pseudonym: '4fb15061-5e6f-4071-8c3d-456789abcdef' })).body).toEqual({
      deleted_contributions: 0,
      canonical_unaffected: true,
    });
    expect((await call('POST', '/v1/forget', { pseudonym: PSEUDONYMS[1], reason: 'x' })).status).toBe(400);
  });

  it('rate-limits per pseudonym with 429 and Retry-After', async () => {
    const pseudonym = 'a1b2c3d4-0000-4000-8000-000000000001';
    let limited: { status: number; body: any; headers: Headers } | null = null;
    for (let k = 0; k < 30 && !limited; k++) {
      const res = await call(
        'POST',
        '/v1/contribute',
        await episodePayload(syntheticFingerprint(2000 + k), { pseudonym, match_confidence: 0.3 }),
      );
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(201);
    }
    expect(limited?.body.error.code).toBe('rate_limited');
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another pseudonym is not affected.
    expect(
      (
        await call(
          'POST',
          '/v1/contribute',
          await episodePayload(syntheticFingerprint(3000), { pseudonym: PSEUDONYMS[2], match_confidence: 0.3 }),
        )
      ).status,
    ).toBe(201);
  });

  it('answers unknown routes and methods with the JSON error body and logs no query string', async () => {
    expect((await call('GET', '/v1/nothing')).body.error.code).toBe('not_found');
    expect((await call('GET', '/v1/contribute')).status).toBe(405);
    expect(logs.some((l) => l.includes('fingerprint='))).toBe(false);
    expect(logs.some((l) => /^GET \/v1\/identify 200/.test(l))).toBe(true);
  });
});
