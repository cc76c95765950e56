import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeFingerprint } from '@spindle/plugin-sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { episodePayload, syntheticFingerprint } from './synthetic-fingerprints.ts';
import { spawnFingerprintServer } from './server-process.ts';

const PEER = '127.0.0.2'; // a loopback address the server has no other reason to print
const FORWARDED = '198.51.100.23';
let dir = '';

/** A request from PEER with every header that proxies use to carry a client address. */
function send(url: string, method: string, path: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(path, url);
    const req = request(
      target,
      {
        method,
        localAddress: PEER,
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': FORWARDED,
          'x-real-ip': FORWARDED,
          forwarded: `for=${FORWARDED}`,
          ...(body ? { 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('fingerprint server privacy', () => {
  it('neither stores nor logs the client address (direct or forwarded)', async () => {
    dir = await mkdtemp(join(tmpdir(), 'fp-noip-'));
    const server = await spawnFingerprintServer({ DATABASE_URL: `sqlite://${join(dir, 'network.db')}` });
    try {
      const payload = await episodePayload(syntheticFingerprint(5));
      expect(await send(server.url, 'POST', '/v1/contribute', JSON.stringify(payload))).toBe(201);
      expect(await send(server.url, 'POST', '/v1/contribute', JSON.stringify({ ...payload, extra: 1 }))).toBe(400);
      expect(await send(server.url, 'POST', '/v1/contribute', '{not json')).toBe(400);
      const { fingerprintB64 } = await encodeFingerprint(syntheticFingerprint(5));
      expect(await send(server.url, 'GET', `/v1/identify?fingerprint=${encodeURIComponent(fingerprintB64)}`)).toBe(200);
      expect(await send(server.url, 'POST', '/v1/forget', JSON.stringify({ pseudonym: payload.pseudonym }))).toBe(200);
      expect(await send(server.url, 'GET', '/v1/unknown')).toBe(404);
    } finally {
      await server.stop();
    }
    const logs = server.output();
    expect(logs).toMatch(/POST \/v1\/contribute 201/);
    expect(logs).not.toContain(PEER);
    expect(logs).not.toContain(FORWARDED);
    expect(logs).not.toContain('fingerprint=');
    for (const name of await readdir(dir)) {
      const bytes = await readFile(join(dir, name));
      expect(bytes.includes(PEER), name).toBe(false);
      expect(bytes.includes(FORWARDED), name).toBe(false);
      expect(bytes.includes(Buffer.from([127, 0, 0, 2])), `${name} (binary form)`).toBe(false);
    }
  });
});
