/**
 * The mixed-load half of `npm run bench:network`: a canonical set loaded straight into the database,
 * a pool of prepared requests, and N simulated clients sending identify, contribute and forget
 * requests over loopback for a fixed time, each measuring its own latencies.
 */
import { randomUUID } from 'node:crypto';
import { encodeFingerprint, type EpisodeContributionPayload } from '@spindle/plugin-sdk';
import { CanonicalStore } from '../../fingerprint-server/src/persistence/canonical-store.ts';
import { openServerDatabase } from '../../fingerprint-server/src/persistence/database.ts';
import * as synthetic from '../../fingerprint-server/test/synthetic-fingerprints.ts';

export const canonicalLabel = (k: number) => ({ catalogId: 1 + Math.floor(k / 1000), season: 1, episode: k % 1000 });
/** Canonical fingerprint k is syntheticFingerprint(k + 1). */
export const canonicalItems = (k: number) => synthetic.syntheticFingerprint(k + 1);

export async function loadCanonical(databaseUrl: string, size: number): Promise<number> {
  const db = await openServerDatabase(databaseUrl);
  const store = new CanonicalStore(db.orm);
  const started = performance.now();
  try {
    for (let from = 0; from < size; from += 1000) {
      const chunk = Array.from({ length: Math.min(1000, size - from) }, (_, i) => ({
        ...canonicalLabel(from + i),
        items: canonicalItems(from + i),
        releaseCount: 3,
      }));
      await store.insert(chunk);
    }
  } finally {
    await db.close();
  }
  return (performance.now() - started) / 1000;
}

export interface RequestPool {
  identify: string[];
  contributions: EpisodeContributionPayload[];
}

/** Identify queries (canonical audio re-encoded with 5 % bit errors, shifted 0–30 s) and contributions (half known audio under its label, half new audio). */
export async function preparePool(size: number, identifies: number, contributions: number): Promise<RequestPool> {
  const random = synthetic.rng(size + 7);
  const pick = () => Math.floor(random() * size);
  const identify: string[] = [];
  for (let q = 0; q < identifies; q++) {
    const k = pick();
    identify.push(
      (
        await encodeFingerprint(
          synthetic.distort(
            synthetic.shifted(canonicalItems(k), Math.floor(random() * 243), 900_000 + q),
            0.05,
            800_000 + q,
          ),
        )
      ).fingerprintB64,
    );
  }
  const payloads: EpisodeContributionPayload[] = [];
  for (let c = 0; c < contributions; c++) {
    if (c % 2 === 0) {
      const k = pick();
      const l = canonicalLabel(k);
      payloads.push(
        await synthetic.episodePayload(synthetic.distort(canonicalItems(k), 0.03, 700_000 + c), {
          catalog_id: l.catalogId,
          season: l.season,
          episode: l.episode,
          disc_content_hash_b64: synthetic.discHash(c % 250),
        }),
      );
    } else {
      payloads.push(
        await synthetic.episodePayload(synthetic.syntheticFingerprint(3_000_000 + c), {
          catalog_id: 900_000 + (c % 500),
          season: 1,
          episode: 1 + (c % 20),
          disc_content_hash_b64: synthetic.discHash(c % 250),
        }),
      );
    }
  }
  return { identify, contributions: payloads };
}

export interface LoadResult {
  latencies: Record<'identify' | 'contribute' | 'forget', number[]>;
  statuses: Record<string, number>;
  seconds: number;
}

/**
 * N clients, each with its own pseudonym, together sending about `rate` requests per second for
 * `seconds` (each waits a random, exponentially distributed time between requests): identify 70 %,
 * contribute 25 %, forget 5 % (then a fresh pseudonym).
 */
export async function runLoad(
  url: string,
  pool: RequestPool,
  clients: number,
  rate: number,
  seconds: number,
): Promise<LoadResult> {
  const result: LoadResult = { latencies: { identify: [], contribute: [], forget: [] }, statuses: {}, seconds };
  const until = performance.now() + seconds * 1000;
  const meanGapMs = (1000 * clients) / rate;
  let nextIdentify = 0;
  let nextContribution = 0;
  const timed = async (kind: keyof LoadResult['latencies'], init: () => Promise<Response>) => {
    const t0 = performance.now();
    const res = await init();
    await res.arrayBuffer();
    result.latencies[kind].push(performance.now() - t0);
    const key = `${kind} ${res.status}`;
    result.statuses[key] = (result.statuses[key] ?? 0) + 1;
  };
  const post = (path: string, body: unknown) =>
    fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const client = async (n: number) => {
    const random = synthetic.rng(1000 + n);
    let pseudonym = randomUUID();
    let due = performance.now() + random() * meanGapMs;
    for (;;) {
      due += -Math.log(1 - random()) * meanGapMs;
      if (due >= until) break;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const roll = random();
      if (roll < 0.7) {
        const fp = pool.identify[nextIdentify++ % pool.identify.length]!;
        await timed('identify', () => fetch(`${url}/v1/identify?fingerprint=${encodeURIComponent(fp)}`));
      } else if (roll < 0.95) {
        const payload = pool.contributions[nextContribution++ % pool.contributions.length]!;
        await timed('contribute', () => post('/v1/contribute', { ...payload, pseudonym }));
      } else {
        await timed('forget', () => post('/v1/forget', { pseudonym }));
        pseudonym = randomUUID();
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, n) => client(n)));
  return result;
}
