/**
 * The fingerprint server for `npm run bench:network`, in a worker thread: its own event loop (as in
 * its own process), whose delay the bench reads and resets between phases through messages.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { startFingerprintServer } from '../../fingerprint-server/src/fingerprint-server.ts';
import { SERVER_DEFAULTS, type FingerprintServerSettings } from '../../fingerprint-server/src/server-settings.ts';

const settings = { ...SERVER_DEFAULTS, port: 0, ...(workerData as Partial<FingerprintServerSettings>) };
const server = await startFingerprintServer(settings, () => undefined);
const delay = monitorEventLoopDelay({ resolution: 2 });
delay.enable();
parentPort!.on('message', (message: string) => {
  if (message === 'reset') delay.reset();
  if (message === 'read') parentPort!.postMessage({ kind: 'delay', maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 });
  if (message === 'stop') {
    delay.disable();
    void server.close().then(() => parentPort!.postMessage({ kind: 'stopped' }));
  }
});
parentPort!.postMessage({ kind: 'listening', url: server.url });
