/**
 * What the security tests attack with and measure by: a second loopback origin (127.0.0.2) that
 * serves the attacker's page, a sentinel executable that leaves a file when anything runs it,
 * a snapshot of every table of the service's SQLite database, and raw HTTP/WebSocket requests
 * with headers a browser would not let a page set (Host, Origin).
 */
import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { TestService } from '../../support/service-harness.ts';

export interface AttackerSite {
  origin: string;
  close(): Promise<void>;
}

/** The attacker's web site: one harmless page on 127.0.0.2, another origin than the service's. */
export async function startAttackerSite(): Promise<AttackerSite> {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><html><head><title>Totally harmless page</title></head><body><h1>Cat pictures</h1></body></html>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  return {
    origin: `http://127.0.0.2:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface Sentinel {
  path: string;
  marker: string;
  ran(): boolean;
}

/** An executable that writes `marker` whenever it runs (whatever its arguments). */
export async function writeSentinel(dir: string, name = 'sentinel-tool'): Promise<Sentinel> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, name);
  const marker = join(dir, `${name}.ran`);
  await writeFile(path, `#!/bin/sh\necho "$@" >> '${marker}'\necho 'ffmpeg version 6.1.1'\nexit 0\n`);
  await chmod(path, 0o755);
  return { path, marker, ran: () => existsSync(marker) };
}

/** Every row of every table, in a stable order: equal snapshots mean nothing was written. */
export async function snapshotDatabase(svc: TestService): Promise<Record<string, unknown[]>> {
  const connection = svc.service.db.orm.em.getConnection();
  const tables = await connection.execute<{ name: string }[]>(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
  );
  const snapshot: Record<string, unknown[]> = {};
  for (const { name } of tables) snapshot[name] = await connection.execute(`select * from \`${name}\` order by rowid`);
  return snapshot;
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP request with exactly the headers given (Host included), from an optional local address. */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export type WsOutcome = { opened: true; socket: WebSocket } | { opened: false; status: number; body: string };

/** Opens a WebSocket with the given headers; a refused upgrade comes back with its status and body. */
export function openWs(url: string, headers: Record<string, string> = {}): Promise<WsOutcome> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => resolve({ opened: true, socket }));
    socket.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ opened: false, status: res.statusCode ?? 0, body }));
    });
    socket.once('error', (error) => {
      if (!/Unexpected server response/.test(error.message)) reject(error);
    });
  });
}
