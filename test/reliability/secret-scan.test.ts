/**
 * Secret scan: every credential Spindle holds gets a distinctive value (ripper_key, catalog_api_key,
 * the OpenSubtitles key and password, the AI endpoint key, the notifiers' URLs, header and tokens,
 * the media servers' tokens), set through the API like a user would. Then a representative flow
 * runs against local stand-ins that check those credentials (TMDB, OpenSubtitles, an
 * OpenAI-compatible endpoint, a notification receiver) and the real fingerprint-server: a staging
 * folder imported and identified by AI + catalog, subtitles downloaded, matched, organized,
 * notified; a subtitle step probe; the diagnostics report (with and without a job); the
 * configuration export; fingerprint uploads. Afterwards every HTTP response, every WebSocket
 * message, every line the service process wrote, the diagnostics reports, a dump of every table of
 * the SQLite file, every contribution payload the network received and every notification body are
 * searched for each secret (as is, JSON-escaped, URL-encoded, base64): zero hits.
 */
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { link } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnFingerprintServer, type FingerprintServerProcess } from '../../fingerprint-server/test/server-process.ts';
import { startChatServer, type ChatServer } from '../../plugins/provider-openai/test/support/chat-server.ts';
import { startTmdbServer, type TmdbServer } from '../../plugins/provider-tmdb/test/support/tmdb-server.ts';
import {
  startOpenSubtitlesServer,
  TEST_TOKEN,
  type OpenSubtitlesServer,
} from '../../plugins/subtitles-opensubtitles/test/support/opensubtitles-server.ts';
import { eventually } from '../support/http-client.ts';
import { makeLongMkv } from '../support/make-media.ts';
import { writeConfig } from '../support/service-harness.ts';
import { spawnService, type ServiceProcess } from '../support/service-process.ts';
import { connectWs, type RecordingSocket } from '../support/ws-client.ts';
import { readFileSync } from 'node:fs';
import { configuredSecretValues, declareWriteOnlySettings } from '../../core/src/config/secret-registry.ts';
import type { AppConfig } from '../../core/src/config/app-config-fields.ts';
import { dumpDatabase } from './support/database-dump.ts';
import { recordFigures } from './support/figures.ts';
import { listen, readBody, SECRETS, spellings } from './support/secret-values.ts';

const THIRD_PARTY = fileURLToPath(new URL('../fixtures/third-party-plugins', import.meta.url));
const SHOW_ID = 4242;

let root = '';
let dataDir = '';
let staging = '';
let svc: ServiceProcess | null = null;
const outputs: string[] = [];
const sockets: RecordingSocket[] = [];
const responses: string[] = [];
const diagnostics: string[] = [];
const contributionPayloads: string[] = [];
const notificationBodies: string[] = [];
let tmdb: TmdbServer;
let subtitles: OpenSubtitlesServer;
let chat: ChatServer;
let network: FingerprintServerProcess;
let proxy: Server;
let receiver: Server;
const servers: { close(): unknown }[] = [];
/** The credentials as configured through the API (for the secret registry's check). */
let sentConfig: Partial<AppConfig> = {};

/** Every request and its answer, kept for the scan. */
async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
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

async function stop(): Promise<void> {
  if (!svc) return;
  for (const s of sockets) await s.close();
  const exit = await svc.stop('SIGTERM');
  expect(exit.code).toBe(0);
  outputs.push(svc.output());
  svc = null;
}

beforeAll(async () => {
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
}, 120_000);

afterAll(async () => {
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
});

describe('secret scan', () => {
  it('plants only what the secret registry calls a secret (masking, sealing, log redaction and diagnostics ask it)', () => {
    // The manifests of the plugins configured above, as the service reads them at startup.
    for (const dir of [
      'notifier-webhook',
      'refresher-media-server',
      'subtitles-opensubtitles',
      'provider-openai',
      'provider-tmdb',
    ]) {
      const manifest = JSON.parse(
        readFileSync(fileURLToPath(new URL(`../../plugins/${dir}/package.json`, import.meta.url)), 'utf8'),
      ).spindle as { id: string; settingsSchema?: unknown };
      declareWriteOnlySettings(manifest.id, manifest.settingsSchema);
    }
    const known = configuredSecretValues({ plugin_settings: {}, ...sentConfig } as AppConfig);
    const unknown = Object.entries(SECRETS)
      .filter(([, value]) => !known.some((k) => k.includes(value)))
      .map(([name]) => name);
    expect(unknown).toEqual([]);
  });

  it('runs the flow with every credential in use, then finds none of them anywhere it could leak', async () => {
    // 1. A staging folder imported: identified with the AI endpoint and the catalog, subtitles downloaded, matched, organized, notified.
    const folder = join(staging, 'SECRET_SHOW_S1_D1');
    await mkdir(folder);
    for (const name of await readdir(join(root, 'episodes')))
      await link(join(root, 'episodes', name), join(folder, name));
    const created = await call('POST', '/api/staging/import', { staging_path: folder });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const done = await eventually(
      () => call('GET', `/api/jobs/${id}`),
      (r) => ['completed', 'failed', 'review_needed'].includes(r.body.state),
      60_000,
    );
    expect(done.body).toMatchObject({
      state: 'completed',
      catalog_id: SHOW_ID,
      subtitle_status: 'ready',
      subtitles_downloaded: 3,
    });
    // The credentials were really used: every stand-in saw its own.
    expect(tmdb.requests.some((r) => r.authorization === `Bearer ${SECRETS.catalog_api_key}`)).toBe(true);
    expect(
      subtitles.requests.some(
        (r) => r.headers['api-key'] === SECRETS.opensubtitles_api_key && r.path.startsWith('/api/v1/login'),
      ),
    ).toBe(true);
    expect(chat.requests.some((r) => r.authorization === `Bearer ${SECRETS.ai_api_key}`)).toBe(true);
    await eventually(
      async () => notificationBodies.length,
      (n) => n >= 3,
      10_000,
    );

    // 2. A subtitle step probe (OpenSubtitles with the key and the account).
    expect((await call('POST', '/api/test/subtitles', { catalog_id: SHOW_ID, season: 1, episode: 2 })).status).toBe(
      200,
    );
    // 3. The diagnostics report, with and without the job; the configuration export.
    for (const path of ['/api/diagnostics/report', `/api/diagnostics/report?job_id=${id}`]) {
      const report = await call('GET', path);
      expect(report.status).toBe(200);
      diagnostics.push(JSON.stringify(report.body));
    }
    const exported = await call('GET', '/api/config');
    expect(exported.body).toMatchObject({ ripper_key: '***', catalog_api_key: '***' });
    // 4. Fingerprint uploads to the real network, once the disclosure is accepted.
    for (let i = 0; i < 2; i++) expect((await call('POST', '/debug/fingerprint/seed')).status).toBe(201);
    expect((await call('PUT', '/api/config', { fingerprint_disclosure_accepted: true })).status).toBe(200);
    await eventually(
      () => call('GET', '/api/fingerprint/contributions'),
      (r) => r.body.pending_count === 0 && r.body.entries.length >= 2,
      15_000,
    );
    expect(contributionPayloads.length).toBeGreaterThanOrEqual(2);
    // 5. Every GET route once more, for the scan.
    const spec = (await call('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    for (const [path, methods] of Object.entries(spec.paths)) {
      if (methods.get) await call('GET', path.replace('{id}', String(id)));
    }
    const messages = sockets.flatMap((s) => s.messages.map((m) => JSON.stringify(m)));
    await stop();

    const dump = dumpDatabase(join(dataDir, 'spindle.db'));
    const corpora: Record<string, string[]> = {
      'HTTP responses': responses,
      'WebSocket messages': messages,
      'service log (stdout + stderr)': outputs,
      'diagnostics reports': diagnostics,
      'database export (every table)': [dump.text],
      'contribution payloads': contributionPayloads,
      'notification bodies': notificationBodies,
    };
    const hits: { secret: string; where: string; spelling: string; context: string }[] = [];
    for (const [name, value] of Object.entries(SECRETS)) {
      for (const spelling of spellings(value)) {
        for (const [where, texts] of Object.entries(corpora)) {
          // ntfy's JSON publish names the topic in the body it sends to the ntfy server: that is its protocol.
          if (name === 'ntfy_topic' && where === 'notification bodies') continue;
          for (const text of texts) {
            const at = text.indexOf(spelling);
            if (at >= 0)
              hits.push({
                secret: name,
                where,
                spelling,
                context: text.slice(Math.max(0, at - 120), at + spelling.length + 40),
              });
          }
        }
      }
    }
    // The OpenSubtitles session token (issued at login, not configured) must not show up either.
    for (const [where, texts] of Object.entries(corpora)) {
      for (const text of texts)
        if (text.includes(TEST_TOKEN))
          hits.push({
            secret: 'opensubtitles session token',
            where,
            spelling: TEST_TOKEN,
            context: text.slice(text.indexOf(TEST_TOKEN) - 120, text.indexOf(TEST_TOKEN) + 60),
          });
    }
    recordFigures('secret-scan', {
      secrets: Object.keys(SECRETS).length,
      secret_hits: hits.length,
      searched: Object.fromEntries(
        Object.entries(corpora).map(([k, v]) => [k, { items: v.length, bytes: v.reduce((n, t) => n + t.length, 0) }]),
      ),
      database_tables: dump.tables,
      ...(hits.length ? { hits } : {}),
    });
    expect(hits, JSON.stringify(hits, null, 1)).toEqual([]);
    // The scan looked at real material.
    expect(responses.length).toBeGreaterThan(30);
    expect(messages.length).toBeGreaterThan(10);
    const log = outputs.join('\n');
    expect(log).toMatch(/ DEBUG /); // DEBUG=true: the most talkative log level was scanned
    expect(log).toContain('TMDB request');
    expect(Object.keys(dump.tables)).toEqual(
      expect.arrayContaining(['app_config', 'job', 'title', 'plugin_kv', 'job_event']),
    );
  }, 120_000);
});
