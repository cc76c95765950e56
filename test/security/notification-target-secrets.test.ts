/**
 * The Gotify and Apprise targets' credentials against the real service over HTTP: answered as
 * "***", cleared when the server address they go to moves to another host (unless the same write
 * brings new ones), and never in the service's log after a test notification that reached them.
 */
import { startRecordingServer, type RecordingHttpServer } from '@spindle/plugin-sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/http-client.ts';
import { startTestService, type TestService } from '../support/service-harness.ts';

const GOTIFY_TOKEN = 'Agotify-secret-81x';
const APPRISE_KEY = 'apprise-secret-key-5q';
const APPRISE_URLS = 'pover://user@pushover-secret-token-3w';

let t: TestService;
let api: ReturnType<typeof apiClient>;
let server: RecordingHttpServer;

beforeAll(async () => {
  server = await startRecordingServer();
  t = await startTestService({
    config: {
      pipeline: { detectors: [], providers: { notifier: ['gotify', 'apprise'] } },
      plugin_settings: {
        'notifier-webhook': {
          gotify_url: server.url,
          gotify_token: GOTIFY_TOKEN,
          apprise_url: server.url,
          apprise_key: APPRISE_KEY,
          apprise_urls: APPRISE_URLS,
        },
      },
    },
  });
  api = apiClient(t.url);
});
afterAll(async () => {
  await t?.close();
  await server?.close();
});

const stored = () => t.service.config.get().plugin_settings['notifier-webhook']!;

async function withPatch(patch: Record<string, unknown>): Promise<Record<string, unknown>> {
  const current = (await api.get('/api/config')).body.plugin_settings as Record<string, Record<string, unknown>>;
  return { ...current, 'notifier-webhook': { ...current['notifier-webhook'], ...patch } };
}

describe('Gotify and Apprise credentials', () => {
  it('are masked in the config and absent from the log after a test notification reached both', async () => {
    const config = (await api.get('/api/config')).body;
    expect(config.plugin_settings['notifier-webhook']).toEqual({
      gotify_url: server.url,
      gotify_token: '***',
      apprise_url: server.url,
      apprise_key: '***',
      apprise_urls: '***',
    });
    const res = await api.post('/api/notifications/test', {});
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { notifier: string; status: string }) => [r.notifier, r.status])).toEqual([
      ['gotify', 'sent'],
      ['apprise', 'sent'],
    ]);
    expect(server.requests.map((r) => r.url).sort()).toEqual([
      `/message?token=${GOTIFY_TOKEN}`,
      `/notify/${APPRISE_KEY}`,
    ]);
    const everything = JSON.stringify(res.body) + t.logs.join('\n');
    for (const secret of [GOTIFY_TOKEN, APPRISE_KEY, APPRISE_URLS]) expect(everything).not.toContain(secret);
  });

  it('are cleared when the server address moves to another host, and kept when the write brings new ones', async () => {
    const moved = await api.put('/api/config', {
      plugin_settings: await withPatch({ gotify_url: 'http://gotify.attacker.example' }),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.cleared_secrets).toEqual(['plugin_settings.notifier-webhook.gotify_token']);
    expect(stored()).not.toHaveProperty('gotify_token');
    expect(stored()).toMatchObject({ apprise_key: APPRISE_KEY, apprise_urls: APPRISE_URLS });

    const apprise = await api.put('/api/config', {
      plugin_settings: await withPatch({ apprise_url: 'http://apprise.attacker.example' }),
    });
    expect(apprise.body.cleared_secrets.sort()).toEqual([
      'plugin_settings.notifier-webhook.apprise_key',
      'plugin_settings.notifier-webhook.apprise_urls',
    ]);
    expect(stored()).not.toHaveProperty('apprise_key');

    const renewed = await api.put('/api/config', {
      plugin_settings: await withPatch({ gotify_url: 'http://gotify.lan:8070', gotify_token: 'new-token' }),
    });
    expect(renewed.body.cleared_secrets).toEqual([]);
    expect(stored().gotify_token).toBe('new-token');
  });
});
