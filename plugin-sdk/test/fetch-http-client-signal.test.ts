import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchHttpClient } from '../src/index.ts';

let url = '';
const server = createServer((req) => {
  // Never answers: only an abort or a timeout ends the request.
  req.resume();
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hang`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('createFetchHttpClient per-request signal', () => {
  it('cancels one request when the signal given with it fires, with an AbortedError', async () => {
    const client = createFetchHttpClient(new AbortController().signal);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    await expect(client.request(url, { signal: controller.signal })).rejects.toMatchObject({ code: 'aborted' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('still cancels on the context signal when a per-request signal is given', async () => {
    const lifetime = new AbortController();
    const client = createFetchHttpClient(lifetime.signal);
    setTimeout(() => lifetime.abort(), 50);
    await expect(client.request(url, { signal: new AbortController().signal })).rejects.toMatchObject({
      code: 'aborted',
    });
  });
});
