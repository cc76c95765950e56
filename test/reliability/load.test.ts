/**
 * Load: the real service process (DEBUG) runs a simulated batch of 10 discs (insert-disc with
 * simulate_ripping, all at once) while 64 API clients keep requesting (job list, job, detail,
 * titles, status, history, stats, config) over 64 keep-alive connections and 200 WebSocket clients
 * listen. Bounded in time. Expected: no failed request, no dropped WebSocket, every client sees
 * every job's every state change, all 10 jobs complete, and the service's memory stays bounded
 * (VmRSS sampled from /proc every 100 ms; VmHWM catches peaks between samples).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnService, type ServiceProcess } from '../support/service-process.ts';
import { recordFigures } from './support/figures.ts';
import { mib, sampleMemory, serviceNodePid } from './support/processes.ts';

const API_CLIENTS = 64;
const WS_CLIENTS = 200;
const DISCS = 10;
/** Simulated rip of 20 s / multiplier: about 5 s per disc. */
const SPEED = 4;
const BATCH_LIMIT_MS = 60_000;
const RSS_LIMIT = 600 * 1024 * 1024;
const STATES = ['idle', 'identifying', 'ripping', 'matching', 'organizing', 'completed'];

let dataDir = '';
let svc: ServiceProcess | null = null;
const agent = new Agent({ keepAlive: true, maxSockets: API_CLIENTS });

afterAll(async () => {
  agent.destroy();
  await svc?.stop('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function api(path: string, method = 'GET', body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      svc!.url + path,
      {
        method,
        agent,
        headers: { 'x-spindle-client': 'test', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

interface Listener {
  socket: WebSocket;
  /** job id → the states seen, in order */
  states: Map<number, string[]>;
  messages: number;
  closed: boolean;
  errors: string[];
}

function listen(url: string): Promise<Listener> {
  const socket = new WebSocket(url.replace(/^http/, 'ws') + '/ws');
  const l: Listener = { socket, states: new Map(), messages: 0, closed: false, errors: [] };
  socket.on('message', (data) => {
    l.messages++;
    const m = JSON.parse(String(data)) as { type: string; job_id?: number; state?: string };
    if (m.type !== 'job_update' || m.job_id === undefined || !m.state) return;
    const seen = l.states.get(m.job_id) ?? [];
    if (seen.at(-1) !== m.state) seen.push(m.state);
    l.states.set(m.job_id, seen);
  });
  socket.on('close', () => (l.closed = true));
  socket.on('error', (e) => l.errors.push(e.message));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(l));
    socket.once('error', reject);
  });
}

describe('load', () => {
  it(`${API_CLIENTS} API clients and ${WS_CLIENTS} WebSocket clients during a simulated ${DISCS}-disc batch: no error, bounded memory`, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'spindle-load-'));
    svc = await spawnService({ SPINDLE_DATA_DIR: dataDir, DEBUG: 'true' });
    const pid = serviceNodePid(svc.child.pid!);
    const memory = sampleMemory(pid, 100);
    const idle = memory.samples[0] ?? 0;

    const listeners = await Promise.all(Array.from({ length: WS_CLIENTS }, () => listen(svc!.url)));
    const started = performance.now();
    const ids: number[] = [];
    for (let i = 0; i < DISCS; i++) {
      const res = await api('/api/simulate/insert-disc', 'POST', {
        volume_label: `LOAD_SHOW_S1_D${i + 1}`,
        content_type: i % 3 === 2 ? 'movie' : 'tv',
        simulate_ripping: true,
        rip_speed_multiplier: SPEED,
      });
      expect(res.status).toBe(201);
      ids.push((JSON.parse(res.text) as { id: number }).id);
    }

    let requests = 0;
    const failures: string[] = [];
    const latencies: number[] = [];
    let finished = false;
    const paths = () => {
      const id = ids[Math.floor(Math.random() * ids.length)];
      return [
        '/api/jobs',
        `/api/jobs/${id}`,
        `/api/jobs/${id}/detail`,
        `/api/jobs/${id}/titles`,
        '/api/status',
        '/api/jobs/history?per_page=50',
        '/api/jobs/stats',
        '/api/config',
        '/api/health',
      ];
    };
    const clients = Array.from({ length: API_CLIENTS }, async (_, n) => {
      while (!finished && performance.now() - started < BATCH_LIMIT_MS) {
        const list = paths();
        const path = list[(n + requests) % list.length]!;
        const t0 = performance.now();
        try {
          const res = await api(path);
          if (res.status !== 200) failures.push(`${path} → ${res.status} ${res.text.slice(0, 200)}`);
        } catch (error) {
          failures.push(`${path} → ${(error as Error).message}`);
        }
        latencies.push(performance.now() - t0);
        requests++;
      }
    });
    // The batch is over when every job is in a final state.
    const watcher = (async () => {
      while (performance.now() - started < BATCH_LIMIT_MS) {
        const jobs = await Promise.all(
          ids.map(async (id) => (JSON.parse((await api(`/api/jobs/${id}`)).text) as { state: string }).state),
        );
        if (jobs.every((s) => s === 'completed' || s === 'failed')) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      finished = true;
    })();
    await Promise.all([watcher, ...clients]);
    const batchMs = performance.now() - started;
    // Every client hears about the last state changes.
    const deadline = performance.now() + 5000;
    while (
      performance.now() < deadline &&
      !listeners.every((l) => ids.every((id) => l.states.get(id)?.at(-1) === 'completed'))
    )
      await new Promise((r) => setTimeout(r, 50));
    const mem = memory.stop();
    const final = (JSON.parse((await api('/api/jobs')).text) as { id: number; state: string }[]).filter((j) =>
      ids.includes(j.id),
    );
    for (const l of listeners) l.socket.close();

    latencies.sort((a, b) => a - b);
    const p = (q: number) =>
      Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
    const incomplete = listeners.filter(
      (l) => !ids.every((id) => JSON.stringify(l.states.get(id)) === JSON.stringify(STATES)),
    );
    recordFigures('load', {
      api_clients: API_CLIENTS,
      ws_clients: WS_CLIENTS,
      discs: DISCS,
      batch_seconds: Math.round(batchMs / 100) / 10,
      requests,
      failed_requests: failures.length,
      latency_ms: { p50: p(0.5), p99: p(0.99), max: p(1) },
      ws_messages_received: listeners.reduce((n, l) => n + l.messages, 0),
      ws_clients_missing_a_state_change: incomplete.length,
      ws_clients_dropped: listeners.filter((l) => l.closed && l.errors.length > 0).length,
      rss_idle: mib(idle),
      rss_peak_sampled: mib(mem.peakRss),
      rss_hwm: mib(mem.hwm),
      rss_after: mib(mem.last),
      memory_samples: mem.count,
    });

    expect(failures.slice(0, 5)).toEqual([]);
    expect(final.map((j) => j.state)).toEqual(ids.map(() => 'completed'));
    expect(batchMs).toBeLessThan(BATCH_LIMIT_MS);
    expect(requests).toBeGreaterThan(1000);
    // Each of the 200 clients saw each job go through every state, in order, none dropped.
    expect(incomplete.length, JSON.stringify([...(incomplete[0]?.states ?? [])])).toBe(0);
    expect(listeners.every((l) => l.errors.length === 0)).toBe(true);
    expect(mem.hwm).toBeLessThan(RSS_LIMIT);
  }, 120_000);
});
