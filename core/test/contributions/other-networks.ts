/**
 * Local fingerprint networks that conform to the spec but answer differently from ours: one in the
 * original network's shapes (202 + its own body for a new contribution, 200 for a duplicate), one
 * answering 204 with no body at all. Both store what they get and dedupe like a real network would.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingNetwork {
  url: string;
  /** Every request, in order. */
  requests: { method: string; path: string; body: any }[];
  /** Distinct contributions stored, by path. */
  stored: Map<string, Set<string>>;
  close(): Promise<void>;
}

export type NetworkStyle = 'original' | 'no-body';

const keyOf = (path: string, body: any) =>
  path === '/v1/contribute' && typeof body?.fingerprint_sha256_b64 === 'string'
    ? body.fingerprint_sha256_b64
    : createHash('sha256')
        .update(JSON.stringify({ ...body, pseudonym: undefined, client_version: undefined }))
        .digest('base64');

export async function recordingNetwork(style: NetworkStyle): Promise<RecordingNetwork> {
  const requests: RecordingNetwork['requests'] = [];
  const stored = new Map<string, Set<string>>([
    ['/v1/contribute', new Set()],
    ['/v1/contribute-disc', new Set()],
  ]);
  let nextId = 17;
  const answer = (res: ServerResponse, status: number, body?: unknown) => {
    if (body === undefined) {
      res.writeHead(status);
      res.end();
    } else {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    }
  };
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const body = text ? JSON.parse(text) : null;
      const path = req.url ?? '';
      requests.push({ method: req.method ?? '', path, body });
      const seen = stored.get(path);
      if (req.method === 'POST' && seen) {
        const key = keyOf(path, body);
        const duplicate = seen.has(key);
        seen.add(key);
        if (style === 'no-body') return answer(res, 204);
        return duplicate
          ? answer(res, 200, { contribution_id: 1, duplicate: true })
          : answer(res, 202, { contribution_id: nextId++, poison_check: 'pass', overlap_pct: 0.1 });
      }
      if (req.method === 'POST' && path === '/v1/forget')
        return style === 'no-body' ? answer(res, 204) : answer(res, 200, { forgotten: true });
      answer(res, 404, { error: { code: 'not_found', message: 'no such route' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    stored,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
