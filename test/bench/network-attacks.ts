/**
 * The attack half of `npm run bench:network`: each attack against the running server, with what it
 * achieved (answers, time, and for poisoning whether anything was promoted).
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { encodeFingerprint } from '@spindle/plugin-sdk';
import * as synthetic from '../../fingerprint-server/test/synthetic-fingerprints.ts';
import { canonicalItems, canonicalLabel } from './network-load.ts';

export interface AttackOutcome {
  name: string;
  achieved: string;
}

const post = async (url: string, path: string, body: unknown) => {
  const t0 = performance.now();
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as any) : null, ms: performance.now() - t0 };
};

const tally = (statuses: number[]) =>
  Object.entries(statuses.reduce<Record<number, number>>((acc, s) => ((acc[s] = (acc[s] ?? 0) + 1), acc), {}))
    .map(([s, n]) => `${n}× ${s}`)
    .join(', ');

/** Sends a body without content-length (chunked), as a client hiding its size would. */
function chunkedPost(url: string, bytes: number): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = request(
      url + '/v1/contribute',
      { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - t0 })); // the server cut the upload off
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    for (let sent = 0; sent < bytes; sent += chunk.length) req.write(chunk);
    req.end();
  });
}

export async function runAttacks(
  url: string,
  canonicalCount: number,
  countCanonical: (label: { catalogId: number; season: number; episode: number }) => Promise<number>,
): Promise<AttackOutcome[]> {
  const out: AttackOutcome[] = [];

  // 1. The quadratic body: 20 000 identical items (≈ 370 bytes), then the costliest legal shape.
  const quadratic = await synthetic.episodePayload(Array(20_000).fill(123456789), { pseudonym: randomUUID() });
  const q1 = await post(url, '/v1/contribute', quadratic);
  const legal = await synthetic.episodePayload(
    Array(2048)
      .fill(0)
      .map((_, i) => synthetic.syntheticFingerprint(77, 300)[i % 300]!),
    { pseudonym: randomUUID() },
  );
  const q2 = await post(url, '/v1/contribute', legal);
  const random = synthetic.rng(99);
  const sevenEach = await synthetic.episodePayload(
    Array.from({ length: 2048 }, () => (Math.floor(random() * 300) << 4) + 1),
    { pseudonym: randomUUID(), ...labelOf(0) },
  );
  const q3: number[] = [];
  let q3ms = 0;
  for (let k = 0; k < 20; k++) {
    const r = await post(
      url,
      '/v1/contribute',
      await synthetic.episodePayload(
        Array.from({ length: 2048 }, () => (Math.floor(random() * 300) << 4) + 1),
        { pseudonym: randomUUID(), ...labelOf(0), disc_content_hash_b64: synthetic.discHash(k) },
      ),
    );
    q3.push(r.status);
    q3ms = Math.max(q3ms, r.ms);
  }
  out.push({
    name: 'quadratic body',
    achieved:
      `${JSON.stringify(quadratic).length}-byte body of 20 000 identical items → ${q1.status} ${q1.body?.error?.code} in ${q1.ms.toFixed(1)} ms; ` +
      `2 048 items looping over 300 values → ${q2.status} ${q2.body?.error?.code ?? q2.body?.status} in ${q2.ms.toFixed(1)} ms; ` +
      `20 × 2 048 items of ~7 repeats each for one label (passes the checks, compared with each other) → ${tally(q3)}, slowest ${q3ms.toFixed(1)} ms (${sevenEach.fingerprint_b64.length} b64 chars each)`,
  });

  // 2. Poisoning: 1 000 fresh pseudonyms, each with its own invented disc hash, push one wrong label.
  //    (a) another label's canonical audio; (b) new audio nobody else has.
  for (const variant of ['canonical audio of another label', 'new audio'] as const) {
    const audio = variant === 'new audio' ? synthetic.syntheticFingerprint(8_888_888) : canonicalItems(1);
    const wrong = { catalog_id: 987_654, season: 1, episode: variant === 'new audio' ? 2 : 1 };
    const statuses: number[] = [];
    const promotions: Record<string, number> = {};
    let sent = 0;
    const worker = async () => {
      while (sent < 1000) {
        const k = sent++;
        const r = await post(
          url,
          '/v1/contribute',
          await synthetic.episodePayload(
            synthetic.distort(synthetic.shifted(audio, k % 40, 10_000 + k), 0.03, 20_000 + k),
            {
              ...wrong,
              pseudonym: randomUUID(),
              disc_content_hash_b64: synthetic.discHash(k % 256).replace(/^./, String.fromCharCode(65 + (k % 26))),
            },
          ),
        );
        statuses.push(r.status);
        const key = r.body?.promotion ?? r.body?.status ?? r.body?.error?.code;
        promotions[key] = (promotions[key] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    const canonical = await countCanonical({
      catalogId: wrong.catalog_id,
      season: wrong.season,
      episode: wrong.episode,
    });
    let identified = '';
    if (variant !== 'new audio') {
      const query = (await encodeFingerprint(synthetic.distort(canonicalItems(1), 0.04, 5))).fingerprintB64;
      const top = ((await (await fetch(`${url}/v1/identify?fingerprint=${encodeURIComponent(query)}`)).json()) as any)
        .candidates[0];
      identified = `; identify of that audio still answers ${top ? `${top.catalog_id} S${top.season}E${top.episode}` : 'nothing'} (right: ${canonicalLabel(1).catalogId} S1E${canonicalLabel(1).episode})`;
    }
    out.push({
      name: `poisoning (${variant})`,
      achieved: `1 000 fresh pseudonyms → ${tally(statuses)}; outcomes ${JSON.stringify(promotions)}; canonical fingerprints for the wrong label: ${canonical}${identified}`,
    });
  }

  // 3. zstd bombs: a few KB inflating to 90 000 items (and to megabytes of zeros).
  const bomb = await synthetic.episodePayload(
    Array.from({ length: 90_000 }, (_, i) => (i % 2 ? 0xffffffff : 0xfffffffe)),
    { pseudonym: randomUUID() },
  );
  const b1 = await post(url, '/v1/contribute', bomb);
  const zeros = await synthetic.episodePayload(Array(300_000).fill(0), { pseudonym: randomUUID() });
  const b2 = await post(url, '/v1/contribute', zeros);
  const b3 = await fetch(`${url}/v1/identify?fingerprint=${encodeURIComponent(zeros.fingerprint_b64)}`);
  out.push({
    name: 'zstd bombs',
    achieved:
      `${bomb.fingerprint_b64.length} b64 chars → 450 000 varint bytes: ${b1.status} ${b1.body?.error?.code} in ${b1.ms.toFixed(1)} ms; ` +
      `${zeros.fingerprint_b64.length} b64 chars → 300 KB of zeros: ${b2.status} ${b2.body?.error?.code} in ${b2.ms.toFixed(1)} ms; the same as an identify query: ${b3.status}`,
  });

  // 4. Oversized bodies: 1 MB and 8 MB declared, 8 MB chunked without a length.
  const big = await post(url, '/v1/contribute', JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }));
  const huge = await post(url, '/v1/contribute-disc', JSON.stringify({ pad: 'x'.repeat(8 * 1024 * 1024) }));
  const chunked = await chunkedPost(url, 8 * 1024 * 1024);
  out.push({
    name: 'oversized bodies',
    achieved: `1 MB with content-length → ${big.status} in ${big.ms.toFixed(1)} ms; 8 MB → ${huge.status} in ${huge.ms.toFixed(1)} ms; 8 MB chunked without a length → ${chunked.status || 'connection closed'} in ${chunked.ms.toFixed(1)} ms`,
  });
  void canonicalCount;
  return out;
}

function labelOf(k: number) {
  const l = canonicalLabel(k);
  return { catalog_id: l.catalogId, season: l.season, episode: l.episode };
}
