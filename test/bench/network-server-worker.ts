/**
 * The fingerprint server for `npm run bench:network`, in a worker thread: its own event loop (as in
 * its own process). A 1 ms timer measures every gap in that loop two ways — wall time, and the
 * thread's own CPU time over the gap — so a stall caused by the server's work (CPU-bound) can be
 * told apart from the thread merely waiting for a core on a busy machine; the longest garbage
 * collection pause is kept too. The bench reads and
 * resets the figures between phases through messages.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { startFingerprintServer } from '../../fingerprint-server/src/fingerprint-server.ts';
import { SERVER_DEFAULTS, type FingerprintServerSettings } from '../../fingerprint-server/src/server-settings.ts';

const settings = { ...SERVER_DEFAULTS, port: 0, ...(workerData as Partial<FingerprintServerSettings>) };
const server = await startFingerprintServer(settings, () => undefined);

const cpuMs = () => {
  const usage = process.threadCpuUsage();
  return (usage.user + usage.system) / 1000;
};
let worst = { wallMs: 0, cpuMs: 0 };
let longestGcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longestGcMs = Math.max(longestGcMs, entry.duration);
}).observe({ entryTypes: ['gc'] });
let gaps: number[] = [];
let last = { wall: performance.now(), cpu: cpuMs() };
let timer: NodeJS.Timeout;
const tick = () => {
  const now = { wall: performance.now(), cpu: cpuMs() };
  const wall = Math.max(0, now.wall - last.wall - 1);
  worst = { wallMs: Math.max(worst.wallMs, wall), cpuMs: Math.max(worst.cpuMs, now.cpu - last.cpu) };
  gaps.push(wall);
  last = now;
  timer = setTimeout(tick, 1);
};
timer = setTimeout(tick, 1);

parentPort!.on('message', (message: string) => {
  if (message === 'reset') {
    worst = { wallMs: 0, cpuMs: 0 };
    longestGcMs = 0;
    gaps = [];
  }
  if (message === 'read') {
    const sorted = [...gaps].sort((a, b) => a - b);
    parentPort!.postMessage({
      kind: 'delay',
      maxMs: worst.wallMs,
      cpuBoundMaxMs: worst.cpuMs,
      p99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
      longestGcMs,
    });
  }
  if (message === 'stop') {
    clearTimeout(timer);
    void server.close().then(() => parentPort!.postMessage({ kind: 'stopped' }));
  }
});
parentPort!.postMessage({ kind: 'listening', url: server.url });
