/**
 * npm run bench:api — runs the real service as a child process (DEBUG on, temp data directory),
 * then measures from this process:
 *   1. GET /api/jobs latency (p50/p99) and throughput at 64 concurrent connections;
 *   2. the time for one job state transition to reach 200 WebSocket clients (p50/p99 over 30).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'node:http';
import WebSocket from 'ws';
import { spawnService } from '../support/service-process.ts';

const CONNECTIONS = 64;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const WS_CLIENTS = 200;
const TRANSITIONS = 30;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'spindle-bench-'));
  const service = await spawnService({ SPINDLE_DATA_DIR: dataDir, DEBUG: 'true' });
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const api = (path: string, method = 'GET', body?: unknown) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        service.url + path,
        {
          method,
          agent,
          headers: {
            'x-spindle-client': 'test',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        },
      );
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  try {
    for (let i = 0; i < 10; i++)
      await api('/api/simulate/insert-disc', 'POST', { volume_label: `BENCH_${i}`, simulate_ripping: false });

    // 1. GET /api/jobs at 64 connections
    const latencies: number[] = [];
    let errors = 0;
    const until = performance.now() + DURATION_MS;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) {
          const t0 = performance.now();
          const res = await api('/api/jobs');
          if (res.status !== 200) errors++;
          latencies.push(performance.now() - t0);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    console.log(
      `GET /api/jobs, ${CONNECTIONS} connections, ${DURATION_MS / 1000} s: ${latencies.length} requests, ${errors} errors`,
    );
    console.log(
      `  throughput ${(latencies.length / (DURATION_MS / 1000)).toFixed(0)} req/s; latency p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms`,
    );

    // 2. fan-out of one transition to 200 WebSocket clients
    const clients = await Promise.all(
      Array.from(
        { length: WS_CLIENTS },
        () =>
          new Promise<WebSocket>((resolve, reject) => {
            const ws = new WebSocket(service.url.replace('http', 'ws') + '/ws');
            ws.once('open', () => resolve(ws));
            ws.once('error', reject);
          }),
      ),
    );
    const fanout: number[] = [];
    for (let i = 0; i < TRANSITIONS; i++) {
      const job = JSON.parse(
        (await api('/api/simulate/insert-disc', 'POST', { volume_label: `FAN_${i}`, simulate_ripping: false })).text,
      ) as { id: number };
      await new Promise((r) => setTimeout(r, 20)); // let the creation broadcast drain
      const received = Promise.all(
        clients.map(
          (ws) =>
            new Promise<void>((resolve) => {
              const onMessage = (data: WebSocket.RawData) => {
                const m = JSON.parse(String(data)) as { type: string; job_id?: number; state?: string };
                if (m.type === 'job_update' && m.job_id === job.id && m.state === 'identifying') {
                  ws.off('message', onMessage);
                  resolve();
                }
              };
              ws.on('message', onMessage);
            }),
        ),
      );
      const t0 = performance.now();
      await api(`/api/simulate/advance-job/${job.id}`, 'POST');
      await received;
      fanout.push(performance.now() - t0);
    }
    fanout.sort((a, b) => a - b);
    console.log(
      `one transition → ${WS_CLIENTS} WebSocket clients (request sent until every client has the job_update), ${TRANSITIONS} runs:`,
    );
    console.log(
      `  p50 ${percentile(fanout, 50).toFixed(2)} ms, p99 ${percentile(fanout, 99).toFixed(2)} ms, max ${fanout[fanout.length - 1]!.toFixed(2)} ms`,
    );
    for (const ws of clients) ws.close();
  } finally {
    agent.destroy();
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
