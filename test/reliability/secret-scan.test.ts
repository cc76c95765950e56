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
import { mkdir, readdir } from 'node:fs/promises';
import { link } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_TOKEN } from '../../plugins/subtitles-opensubtitles/test/support/opensubtitles-server.ts';
import { eventually } from '../support/http-client.ts';
import { configuredSecretValues, declareWriteOnlySettings } from '../../core/src/config/secret-registry.ts';
import type { AppConfig } from '../../core/src/config/app-config-fields.ts';
import { dumpDatabase } from './support/database-dump.ts';
import { recordFigures } from './support/figures.ts';
import { SECRETS, spellings } from './support/secret-values.ts';
import {
  call,
  chat,
  contributionPayloads,
  dataDir,
  diagnostics,
  notificationBodies,
  outputs,
  responses,
  root,
  sentConfig,
  setUpSecretScan,
  SHOW_ID,
  sockets,
  staging,
  stop,
  subtitles,
  tearDownSecretScan,
  tmdb,
} from './support/secret-scan-world.ts';

beforeAll(setUpSecretScan, 120_000);
afterAll(tearDownSecretScan);

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
