/** Builds the real uploader pieces on a temp database, and a scriptable stand-in for a misbehaving network. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { encodeFingerprint, type DomainEventMap } from '@spindle/plugin-sdk';
import { RecordingLogger } from '@spindle/plugin-sdk/testing';
import { ConfigService } from '../../src/config/config-service.ts';
import { ContributionAuditLog } from '../../src/contributions/contribution-audit-log.ts';
import { ContributionQueue } from '../../src/contributions/contribution-queue.ts';
import { ContributionUploader } from '../../src/contributions/contribution-uploader.ts';
import { FingerprintPrivacy } from '../../src/contributions/fingerprint-privacy.ts';
import { FingerprintNetworkClient } from '../../src/contributions/network-client.ts';
import { EventBus } from '../../src/events/event-bus.ts';
import { onCleanup, openTempDatabase, tempDir } from '../persistence/test-database.ts';

export async function uploaderHarness(options: {
  serverUrl: string | null;
  config?: Record<string, unknown>;
  now?: () => number;
  batchSize?: number;
}) {
  const dir = tempDir();
  const db = await openTempDatabase(dir);
  const config = new ConfigService(db.config);
  await config.load();
  if (options.config) await config.update(options.config);
  const bus = new EventBus();
  const events: DomainEventMap['fingerprint.disclosure_required'][] = [];
  bus.on('fingerprint.disclosure_required', (e) => events.push(e));
  const queue = new ContributionQueue(db.orm);
  const auditLog = new ContributionAuditLog(join(dir, 'cache', 'contribution_log.jsonl'));
  const client = options.serverUrl ? new FingerprintNetworkClient(options.serverUrl, 'Spindle/test', 3000) : null;
  const logger = new RecordingLogger();
  const uploader = new ContributionUploader({
    queue,
    auditLog,
    client,
    config,
    bus,
    logger,
    clientVersion: '0.1.0-test',
    intervalMs: 3_600_000,
    backoffMs: 20,
    maxTries: 3,
    batchSize: options.batchSize ?? 25,
    ...(options.now ? { now: options.now } : {}),
  });
  config.onChange((changed) => uploader.configChanged(changed));
  onCleanup(() => uploader.stop());
  const privacy = new FingerprintPrivacy({ config, queue, uploader, client });
  return { dir, db, config, bus, events, queue, auditLog, client, uploader, privacy, logger };
}

let seed = 1;
/** A queued-ready episode draft with a fresh synthetic fingerprint. */
export async function episodeDraft(episode = 1) {
  let item = (seed++ * 2654435761) >>> 0;
  const items = Array.from({ length: 400 }, (_, i) => (item = (item ^ (1 << ((i * 7 + seed) % 32))) >>> 0));
  const encoded = await encodeFingerprint(items);
  return {
    catalog_id: 1399,
    season: 1,
    episode,
    fingerprint_b64: encoded.fingerprintB64,
    fingerprint_sha256_b64: encoded.sha256B64,
    disc_content_hash_b64: 'ASNFZ4mrze8BI0VniavN7w==',
    match_confidence: 0.9,
    match_source: 'local_asr' as const,
  };
}

export function discDraft(catalogId = 1399) {
  return {
    disc_content_hash_b64: 'ASNFZ4mrze8BI0VniavN7w==',
    catalog_id: catalogId,
    content_type: 'tv' as const,
    season: 1,
    titles: [
      {
        title_index: 0,
        duration_seconds: 1320,
        size_bytes: 123456,
        assignment: 'episode' as const,
        season: 1,
        episode: 1,
        match_confidence: 0.9,
        match_source: 'local_asr' as const,
      },
    ],
  };
}

export interface ScriptedNetwork {
  url: string;
  requests: { path: string; body: any }[];
  close(): Promise<void>;
}

/** A network that answers each request with the next scripted reply (the last one repeats). */
export async function scriptedNetwork(
  replies: ((req: IncomingMessage, res: ServerResponse, body: any) => void)[],
): Promise<ScriptedNetwork> {
  const requests: { path: string; body: any }[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const body = text ? JSON.parse(text) : null;
      requests.push({ path: req.url ?? '', body });
      const reply = replies[Math.min(requests.length - 1, replies.length - 1)]!;
      reply(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

export const reply = {
  json:
    (status: number, body: unknown, headers: Record<string, string> = {}) =>
    (_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    },
  text:
    (status: number, body: string, headers: Record<string, string> = {}) =>
    (_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(status, { 'content-type': 'text/plain', ...headers });
      res.end(body);
    },
  /** Receives the request and drops the connection without answering (a crash or cut line). */
  hangUp: () => (req: IncomingMessage) => req.socket.destroy(),
};
