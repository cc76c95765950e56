/**
 * npm run bench:network — the reference fingerprint server under load and under attack, on loopback:
 *   1. BENCH_CANONICAL (100 000) synthetic canonical fingerprints are written to a SQLite database;
 *   2. the server runs in a worker thread (its own event loop, default policy) on that database;
 *   3. BENCH_CLIENTS (20) simulated clients send together about BENCH_RATE (100) requests per second
 *      for BENCH_SECONDS (20): identify 70 %, contribute 25 % (half known audio under its label, half
 *      new audio), forget 5 %; p50/p99 latency per call and the server's worst event-loop stall;
 *   4. the attack set: the quadratic body, 1 000 fresh pseudonyms pushing one wrong label, zstd bombs,
 *      oversized bodies — with what each achieved, and the worst stall again.
 * Targets: p99 identify ≤ 25 ms at 100 000 canonical fingerprints under load, worst stall ≤ 50 ms,
 * the poisoning attack never promotes.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rename, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CanonicalStore } from '../../fingerprint-server/src/persistence/canonical-store.ts';
import { openServerDatabase } from '../../fingerprint-server/src/persistence/database.ts';
import { Worker } from 'node:worker_threads';
import { runAttacks } from './network-attacks.ts';
import { loadCanonical, preparePool, runLoad } from './network-load.ts';

const CANONICAL = Number(process.env.BENCH_CANONICAL ?? 100_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 100);

const stallText = (d: { maxMs: number; cpuBoundMaxMs: number; p99Ms: number; longestGcMs: number }) =>
  `worst stall ${d.maxMs.toFixed(1)} ms wall, of which at most ${d.cpuBoundMaxMs.toFixed(1)} ms the server's own work (thread CPU time; the rest is waiting for a core); ` +
  `p99 gap ${d.p99Ms.toFixed(1)} ms; longest GC pause ${d.longestGcMs.toFixed(1)} ms`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** The server in a worker thread; `delay()` reads its event-loop delay since the last `reset()`. */
async function startServerWorker(settings: Record<string, unknown>) {
  const worker = new Worker(new URL('./network-server-worker.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    workerData: settings,
  });
  const next = (kind: string) =>
    new Promise<any>((resolve, reject) => {
      const onMessage = (m: { kind: string }) => m.kind === kind && (worker.off('message', onMessage), resolve(m));
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  const { url } = (await next('listening')) as { url: string };
  return {
    url,
    reset: () => worker.postMessage('reset'),
    delay: async () => {
      const answer = next('delay');
      worker.postMessage('read');
      return (await answer) as { maxMs: number; cpuBoundMaxMs: number; p99Ms: number; longestGcMs: number };
    },
    stop: async () => {
      const stopped = next('stopped');
      worker.postMessage('stop');
      await stopped;
      await worker.terminate();
    },
  };
}

const dir = await mkdtemp(join(tmpdir(), 'network-bench-'));
const databaseUrl = `sqlite://${join(dir, 'network.db')}`;
/** The canonical set takes minutes to write: it is written once per size and copied for each run. */
const template = join(tmpdir(), `spindle-network-bench-${CANONICAL}.db`);
try {
  if (!existsSync(template)) {
    const loadSeconds = await loadCanonical(`sqlite://${template}.partial`, CANONICAL);
    await rename(`${template}.partial`, template);
    console.log(
      `canonical set: ${CANONICAL.toLocaleString('en')} synthetic fingerprints (≈1 450 items each) written in ${loadSeconds.toFixed(1)} s (kept as ${template})`,
    );
  } else {
    console.log(
      `canonical set: ${CANONICAL.toLocaleString('en')} synthetic fingerprints (≈1 450 items each) from ${template}`,
    );
  }
  await copyFile(template, join(dir, 'network.db'));
  const pool = await preparePool(CANONICAL, 2000, 4000);
  // Default policy, except the per-pseudonym limit: a simulated client sends far more than a person would.
  const server = await startServerWorker({ databaseUrl, contributionsPerWindow: 100_000 });
  try {
    const url = server.url;
    // Warm-up (JIT, page cache, the first writes): not measured.
    for (let w = 0; w < 50; w++)
      await fetch(`${url}/v1/identify?fingerprint=${encodeURIComponent(pool.identify[w]!)}`).then((r) =>
        r.arrayBuffer(),
      );
    for (let w = 0; w < 10; w++) {
      const body = JSON.stringify({
        ...pool.contributions[pool.contributions.length - 1 - w],
        pseudonym: randomUUID(),
      });
      await fetch(`${url}/v1/contribute`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }).then((r) => r.arrayBuffer());
    }
    server.reset();
    const load = await runLoad(url, pool, CLIENTS, RATE, SECONDS);
    const afterLoad = await server.delay();
    console.log(
      `mixed load: ${CLIENTS} clients, ≈${RATE} requests/s together, ${SECONDS} s, loopback (server in a worker thread, SQLite)`,
    );
    for (const [kind, samples] of Object.entries(load.latencies)) {
      const sorted = [...samples].sort((a, b) => a - b);
      console.log(
        `  ${kind.padEnd(10)} ${String(samples.length).padStart(6)} requests (${(samples.length / SECONDS).toFixed(0)}/s): p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`,
      );
    }
    console.log(
      `  answers: ${Object.entries(load.statuses)
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ')}`,
    );
    console.log(`  server event loop during the load: ${stallText(afterLoad)}`);
    server.reset();

    const db = await openServerDatabase(databaseUrl);
    const canonical = new CanonicalStore(db.orm);
    try {
      const attacks = await runAttacks(url, CANONICAL, async (label) => (await canonical.forLabel(label)).length);
      console.log('attacks:');
      for (const attack of attacks) console.log(`  ${attack.name}: ${attack.achieved}`);
    } finally {
      await db.close();
    }
    const afterAttacks = await server.delay();
    console.log(`  server event loop during the attacks: ${stallText(afterAttacks)}`);
    const sorted = [...load.latencies.identify].sort((a, b) => a - b);
    const worst = Math.max(afterLoad.maxMs, afterAttacks.maxMs);
    const worstCpu = Math.max(afterLoad.cpuBoundMaxMs, afterAttacks.cpuBoundMaxMs);
    console.log(
      `targets: p99 identify under load ${percentile(sorted, 99).toFixed(1)} ms (≤ 25), worst stall ${worst.toFixed(1)} ms wall / ${worstCpu.toFixed(1)} ms of the server's own work (≤ 50); ` +
        `machine load average ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} cores`,
    );
  } finally {
    await server.stop();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
