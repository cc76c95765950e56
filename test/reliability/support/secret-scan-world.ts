/**
 * The secret scan's world: local stand-ins that check the credentials (TMDB, OpenSubtitles, an
 * OpenAI-compatible endpoint, a notification receiver), the real fingerprint-server behind a recording
 * proxy, and the service started with every credential set through the API. Everything that could carry
 * a secret out (responses, service output, diagnostics, contribution payloads, notification bodies) is
 * collected here for the scan in secret-scan.test.ts.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import {
  spawnFingerprintServer,
  type FingerprintServerProcess,
} from '../../../fingerprint-server/test/server-process.ts';
import { startChatServer, type ChatServer } from '../../../plugins/provider-openai/test/support/chat-server.ts';
import { startTmdbServer, type TmdbServer } from '../../../plugins/provider-tmdb/test/support/tmdb-server.ts';
import {
  startOpenSubtitlesServer,
  type OpenSubtitlesServer,
} from '../../../plugins/subtitles-opensubtitles/test/support/opensubtitles-server.ts';
import { makeLongMkv } from '../../support/make-media.ts';
import { writeConfig } from '../../support/service-harness.ts';
import { spawnService, type ServiceProcess } from '../../support/service-process.ts';
import { connectWs, type RecordingSocket } from '../../support/ws-client.ts';
import type { AppConfig } from '../../../core/src/config/app-config-fields.ts';
import { listen, readBody, SECRETS } from './secret-values.ts';

const THIRD_PARTY = fileURLToPath(new URL('../../fixtures/third-party-plugins', import.meta.url));
export const SHOW_ID = 4242;

export let root = '';
export let dataDir = '';
export let staging = '';
let svc: ServiceProcess | null = null;
export const outputs: string[] = [];
export const sockets: RecordingSocket[] = [];
export const responses: string[] = [];
export const diagnostics: string[] = [];
export const contributionPayloads: string[] = [];
export const notificationBodies: string[] = [];
export let tmdb: TmdbServer;
export let subtitles: OpenSubtitlesServer;
export let chat: ChatServer;
let network: FingerprintServerProcess;
let proxy: Server;
let receiver: Server;
const servers: { close(): unknown }[] = [];
/** The credentials as configured through the API (for the secret registry's check). */
export let sentConfig: Partial<AppConfig> = {};

/** Every request and its answer, kept for the scan. */
export async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(svc!.url + path, {
    method,
    headers: { 'x-spindle-client': 'test', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  responses.push(`${method} ${path} ${res.status} ${JSON.stringify([...res.headers])}\n${text}`);
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed };
}

async function start(): Promise<void> {
  svc = await spawnService({
    SPINDLE_DATA_DIR: dataDir,
    SPINDLE_MAKEMKV_DATA_DIR: join(dataDir, 'makemkv'),
    SPINDLE_PLUGINS_DIR: THIRD_PARTY,
    DEBUG: 'true',
    FINGERPRINT_SERVER_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    FINGERPRINT_UPLOAD_INTERVAL_SECONDS: '0.5',
  });
  sockets.push(await connectWs(svc.url));
}

export async function stop(): Promise<void> {
  if (!svc) return;
  for (const s of sockets) await s.close();
  const exit = await svc.stop('SIGTERM');
  expect(exit.code).toBe(0);
  outputs.push(svc.output());
  svc = null;
}

export async function setUpSecretScan(): Promise<void> {
  root = await mkdtemp(join(tmpdir(), 'spindle-secrets-'));
  dataDir = join(root, 'data');
  staging = join(root, 'staging');
  for (const d of [
    dataDir,
    staging,
    join(root, 'library', 'TV'),
    join(root, 'library', 'Movies'),
    join(root, 'episodes'),
  ])
    await mkdir(d, { recursive: true });
  await Promise.all([1320, 1290, 1335].map((s, i) => makeLongMkv(join(root, 'episodes', `title_t0${i}.mkv`), s)));

  tmdb = await startTmdbServer({
    token: SECRETS.catalog_api_key,
    shows: [
      { id: SHOW_ID, name: 'Secret Show', first_air_date: '2011-04-01', popularity: 50, seasons: { 1: [22, 22, 22] } },
    ],
  });
  const srt = (n: number) =>
    `1\n00:00:02,000 --> 00:00:05,000\nEpisode ${n} begins here.\n\n2\n00:00:06,000 --> 00:00:09,000\nAnd so it goes on.\n`;
  subtitles = await startOpenSubtitlesServer({
    apiKey: SECRETS.opensubtitles_api_key,
    username: 'scan-user',
    password: SECRETS.opensubtitles_password,
    allowedDownloads: 20,
    subtitles: [1, 2, 3].map((e) => ({
      id: 700 + e,
      fileId: 7700 + e,
      language: 'en',
      type: 'episode' as const,
      parentTmdbId: SHOW_ID,
      season: 1,
      episode: e,
      content: srt(e),
    })),
  });
  chat = await startChatServer({ key: SECRETS.ai_api_key });
  chat.reply(JSON.stringify({ content_type: 'tv', title: 'Secret Show', year: 2011, season: 1, confidence: 0.9 }));
  servers.push(tmdb, subtitles, chat);

  network = await spawnFingerprintServer({ DATABASE_URL: `sqlite://${join(root, 'network.db')}` });
  proxy = createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.url?.startsWith('/v1/contribute'))
      contributionPayloads.push(`${req.method} ${req.url} ${JSON.stringify(req.headers)}\n${body.toString('utf8')}`);
    const fwd = httpRequest(network.url + req.url, { method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    fwd.end(body);
  });
  await listen(proxy);
  receiver = createServer(async (req, res) => {
    notificationBodies.push(`${req.method} ${(await readBody(req)).toString('utf8')}`); // the body only: URL and headers carry the credentials on purpose
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  const receiverUrl = await listen(receiver);

  await writeConfig(dataDir, {
    staging_watch_enabled: false,
    staging_path: staging,
    library_tv_path: join(root, 'library', 'TV'),
    library_movies_path: join(root, 'library', 'Movies'),
    pipeline: {
      detectors: [],
      identifiers: ['ai', 'catalog', 'heuristic'],
      rippers: { disc: 'makemkv', folder: 'folder' },
      matchers: ['order-guess'],
      organizer: 'library',
      contributors: ['fingerprint-network'],
      providers: {
        catalog: ['tmdb'],
        subtitles: ['opensubtitles'],
        ai: ['openai'],
        fingerprinter: ['chromaprint'],
        notifier: ['webhook', 'ntfy', 'discord'],
        library_refresher: ['jellyfin', 'plex', 'emby'],
      },
    },
  });
  await start();
  // The credentials, set through the API as a user would (the answer must not echo them).
  sentConfig = {
    ripper_key: SECRETS.ripper_key,
    catalog_api_key: SECRETS.catalog_api_key,
    plugin_settings: {
      'order-guess': { confidence: 0.9 },
      'provider-tmdb': { base_url: tmdb.url, max_retry_wait_seconds: 1 },
      'subtitles-opensubtitles': {
        api_key: SECRETS.opensubtitles_api_key,
        username: 'scan-user',
        password: SECRETS.opensubtitles_password,
        base_url: `${subtitles.url}/api/v1`,
      },
      'provider-openai': { base_url: chat.url, model: 'scan-model', api_key: SECRETS.ai_api_key },
      'notifier-webhook': {
        webhook_url: `${receiverUrl}/hook/${SECRETS.webhook_url_token}`,
        webhook_authorization: SECRETS.webhook_authorization,
        ntfy_server: receiverUrl,
        ntfy_topic: SECRETS.ntfy_topic,
        ntfy_token: SECRETS.ntfy_token,
        discord_webhook_url: `${receiverUrl}/api/webhooks/123/${SECRETS.discord_token}`,
      },
      'refresher-media-server': {
        jellyfin_api_key: SECRETS.jellyfin_api_key,
        plex_token: SECRETS.plex_token,
        emby_api_key: SECRETS.emby_api_key,
      },
    },
  };
  const put = await call('PUT', '/api/config', sentConfig);
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  // plugin_settings take effect at the next start
  await stop();
  await start();
}

export async function tearDownSecretScan(): Promise<void> {
  if (svc) {
    for (const s of sockets) await s.close().catch(() => undefined);
    outputs.push(svc.output());
    await svc.stop('SIGKILL');
  }
  for (const s of servers) await s.close();
  proxy?.closeAllConnections();
  receiver?.closeAllConnections();
  await Promise.all([proxy, receiver].map((s) => s && new Promise((r) => s.close(r))));
  await network?.stop();
  await rm(root, { recursive: true, force: true });
}
