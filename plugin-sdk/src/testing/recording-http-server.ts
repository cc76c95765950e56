/**
 * A local HTTP server for plugin tests that records every request (method, path with query,
 * headers, body) and answers what the test says — e.g. 500 twice, then 204 — so a plugin that
 * talks to a web service is tested without the internet.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/library/sections/1/refresh?X-Plex-Token=…`. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON (throws when it is not JSON). */
  json(): unknown;
}

export interface RecordedReply {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/** Decides the answer to the `index`-th request (0-based). */
export type ReplyPlan = (request: RecordedRequest, index: number) => RecordedReply;

export interface RecordingHttpServer {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  requests: RecordedRequest[];
  /** Replaces how requests are answered (default: 200 with `{}`). */
  reply(plan: ReplyPlan): void;
  /** Answers the next requests with these statuses in turn, then `then` (default 200). */
  replySequence(statuses: number[], then?: number): void;
  /** Resolves once `count` requests have arrived. */
  waitForRequests(count: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  close(): Promise<void>;
}

const ok: ReplyPlan = () => ({ status: 200, body: '{}', headers: { 'content-type': 'application/json' } });

export async function startRecordingServer(plan: ReplyPlan = ok): Promise<RecordingHttpServer> {
  let current = plan;
  const requests: RecordedRequest[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body,
        json: () => JSON.parse(body) as unknown,
      };
      requests.push(recorded);
      const reply = current(recorded, requests.length - 1);
      res.writeHead(reply.status, reply.headers ?? {});
      res.end(reply.body ?? '');
      for (const wake of [...waiters]) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply(next) {
      current = next;
    },
    replySequence(statuses, then = 200) {
      const start = requests.length;
      current = (_req, index) => ({ status: statuses[index - start] ?? then, body: '' });
    },
    waitForRequests(count, timeoutMs = 10_000) {
      if (requests.length >= count) return Promise.resolve([...requests]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} request(s) within ${timeoutMs} ms, got ${requests.length}`));
        }, timeoutMs);
        const check = () => {
          if (requests.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve([...requests]);
        };
        waiters.add(check);
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
