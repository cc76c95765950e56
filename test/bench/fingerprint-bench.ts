/**
 * npm run bench:fingerprint — the fingerprint network's two costs:
 *   1. extraction: chromaprint through ffmpeg on a 20-minute title (synthesised audio encoded as
 *      AC-3 192k stereo 48 kHz, like a disc track): the contributor's six-window plan (one pass) and
 *      a whole-title pass, as × realtime;
 *   2. identify: GET /v1/identify latency p50/p99 against the reference server (SQLite) holding
 *      10 000 and 100 000 synthetic canonical fingerprints (≈1 450 items each), with queries that are
 *      a canonical fingerprint re-encoded (5 % bit errors) and shifted by 0–30 s; top-1 accuracy,
 *      and how often unrelated queries get any candidate.
 * BENCH_SIZES=10000,100000 and BENCH_QUERIES=200 change the sizes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeFingerprint } from '@spindle/plugin-sdk';
import { createFakeSetup, readManifest } from '@spindle/plugin-sdk/testing';
import { startFingerprintServer } from '../../fingerprint-server/src/fingerprint-server.ts';
import { SERVER_DEFAULTS } from '../../fingerprint-server/src/server-settings.ts';
import { distort, rng, shifted, syntheticFingerprint } from '../../fingerprint-server/test/synthetic-fingerprints.ts';
import { titleFingerprint } from '../../plugins/contributor-fingerprint-network/src/title-fingerprint.ts';
import chromaprint from '../../plugins/provider-chromaprint/src/index.ts';
import { encodeRelease, writeEpisodeWav } from '../support/episode-audio.ts';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const UNRELATED = 50;
const TITLE_SECONDS = 20 * 60;
const INSERT_CHUNK = 1000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function extraction(dir: string): Promise<void> {
  const wav = join(dir, 'title.wav');
  const file = join(dir, 'title.mka');
  await writeEpisodeWav(wav, 7, TITLE_SECONDS);
  await encodeRelease(wav, file, { codec: 'ac3', bitrate: '192k', channels: 2 });
  const fingerprinter = await chromaprint.definition.providers!.fingerprinter!.chromaprint!(
    await createFakeSetup({
      manifest: readManifest(new URL('../../plugins/provider-chromaprint/package.json', import.meta.url)),
    }),
  );
  const signal = new AbortController().signal;
  await titleFingerprint(fingerprinter, { filePath: file, durationSeconds: TITLE_SECONDS }, signal); // warm the page cache
  let started = performance.now();
  const planned = await titleFingerprint(fingerprinter, { filePath: file, durationSeconds: TITLE_SECONDS }, signal);
  const planSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const [whole] = await fingerprinter.fingerprint({
    filePath: file,
    windowStarts: [0],
    windowSeconds: TITLE_SECONDS,
    signal,
  });
  const wholeSeconds = (performance.now() - started) / 1000;
  console.log('extraction (20-minute title, AC-3 192k stereo 48 kHz, one ffmpeg pass):');
  console.log(
    `  contributor plan (6 × 30 s around the middle): ${planSeconds.toFixed(2)} s wall, ${(180 / planSeconds).toFixed(0)}× realtime over the 180 s read; ${planned!.itemCount} items, ${planned!.fingerprintB64.length} base64 chars on the wire`,
  );
  console.log(
    `  whole title: ${wholeSeconds.toFixed(2)} s wall for ${TITLE_SECONDS} s of audio = ${(TITLE_SECONDS / wholeSeconds).toFixed(0)}× realtime (${whole!.items.length} items)`,
  );
}

async function identify(dir: string, size: number): Promise<void> {
  const server = await startFingerprintServer(
    { ...SERVER_DEFAULTS, port: 0, databaseUrl: `sqlite://${join(dir, `network-${size}.db`)}` },
    () => undefined,
  );
  try {
    const label = (k: number) => ({ catalogId: 1 + Math.floor(k / 1000), season: 1, episode: k % 1000 });
    let started = performance.now();
    for (let from = 0; from < size; from += INSERT_CHUNK) {
      const chunk = Array.from({ length: Math.min(INSERT_CHUNK, size - from) }, (_, i) => ({
        ...label(from + i),
        items: syntheticFingerprint(from + i + 1),
        releaseCount: 3,
      }));
      await server.canonical.insert(chunk);
    }
    const loadSeconds = (performance.now() - started) / 1000;
    const terms = await server.canonical.termCount();

    const random = rng(size);
    const latencies: number[] = [];
    let correct = 0;
    let falsePositives = 0;
    const ask = async (b64: string) => {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/v1/identify?fingerprint=${encodeURIComponent(b64)}`);
      const body = (await res.json()) as { candidates: { catalog_id: number; episode: number }[] };
      latencies.push(performance.now() - t0);
      return body.candidates;
    };
    // Warm-up (JIT, SQLite page cache): not measured.
    for (let w = 0; w < 10; w++)
      await fetch(
        `${server.url}/v1/identify?fingerprint=${encodeURIComponent((await encodeFingerprint(syntheticFingerprint(7_000_000 + w))).fingerprintB64)}`,
      ).then((r) => r.arrayBuffer());
    for (let q = 0; q < QUERIES + UNRELATED; q++) {
      if (q < QUERIES) {
        const k = Math.floor(random() * size);
        const lead = Math.floor(random() * 243); // 0–30 s of other audio first
        const query = distort(shifted(syntheticFingerprint(k + 1), lead, 900_000 + q), 0.05, 800_000 + q);
        const [top] = await ask((await encodeFingerprint(query)).fingerprintB64);
        if (top && top.catalog_id === label(k).catalogId && top.episode === label(k).episode) correct++;
      } else {
        const candidates = await ask((await encodeFingerprint(syntheticFingerprint(5_000_000 + q))).fingerprintB64);
        if (candidates.length > 0) falsePositives++;
      }
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `identify with ${size.toLocaleString('en')} canonical fingerprints (${terms.toLocaleString('en')} index rows, loaded in ${loadSeconds.toFixed(1)} s):`,
    );
    console.log(
      `  latency over HTTP: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (${latencies.length} queries)`,
    );
    console.log(
      `  top-1 accuracy: ${((100 * correct) / QUERIES).toFixed(1)} % (${correct}/${QUERIES}; 5 % bit errors, shifted 0–30 s)`,
    );
    console.log(`  unrelated queries with any candidate: ${falsePositives}/${UNRELATED}`);
  } finally {
    await server.close();
  }
}

const dir = await mkdtemp(join(tmpdir(), 'fingerprint-bench-'));
try {
  await extraction(dir);
  for (const size of SIZES) await identify(dir, size);
} finally {
  await rm(dir, { recursive: true, force: true });
}
