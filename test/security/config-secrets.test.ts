/**
 * Secrets bound to where they go (issue 16, item 6, first half), against the real service over
 * HTTP: changing the URL a stored secret is sent to clears that secret unless the same write sends
 * a new one, and the PUT answer says which (`cleared_secrets`); the stored row no longer holds it,
 * so no later start sends it to the new host.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/http-client.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from '../support/service-harness.ts';

let t: TestService;
let api: ReturnType<typeof apiClient>;

const JF_KEY = 'jf-key-1f2e3d4c5b6a';
const PLEX_TOKEN = 'plex-token-9z8y7x6w';
const TMDB_TOKEN = 'eyJ.tmdb-token-for-binding-test';

beforeAll(async () => {
  t = await startTestService({
    config: {
      pipeline: EMPTY_PIPELINE,
      catalog_api_key: TMDB_TOKEN,
      plugin_settings: {
        'refresher-media-server': {
          jellyfin_url: 'http://jellyfin.lan:8096',
          jellyfin_api_key: JF_KEY,
          plex_url: 'http://plex.lan:32400',
          plex_token: PLEX_TOKEN,
        },
        'notifier-webhook': {
          ntfy_server: 'https://ntfy.example.org',
          ntfy_topic: 'topic-secret-1',
          ntfy_token: 'tk_secret_2',
          webhook_url: 'https://hooks.example/abc',
          webhook_authorization: 'Bearer hook-secret-3',
        },
        'provider-openai': { base_url: 'http://ollama.lan:11434/v1', api_key: 'sk-openai-secret-4', model: 'llama3' },
      },
    },
  });
  api = apiClient(t.url);
});
afterAll(() => t.close());

const settings = () => t.service.config.get().plugin_settings;
/** The whole plugin_settings as GET answers it, with `plugin` changed by `patch`. */
async function withPatch(plugin: string, patch: Record<string, unknown>): Promise<Record<string, unknown>> {
  const current = (await api.get('/api/config')).body.plugin_settings as Record<string, Record<string, unknown>>;
  return { ...current, [plugin]: { ...current[plugin], ...patch } };
}

describe('a secret follows its URL', () => {
  it('clears the media-server key whose URL moved to another host (sent back as "***"), and only that one', async () => {
    const res = await api.put('/api/config', {
      plugin_settings: await withPatch('refresher-media-server', { jellyfin_url: 'http://attacker.example:8096' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.cleared_secrets).toEqual(['plugin_settings.refresher-media-server.jellyfin_api_key']);
    expect(res.body.plugin_settings['refresher-media-server']).toEqual({
      jellyfin_url: 'http://attacker.example:8096',
      plex_url: 'http://plex.lan:32400',
      plex_token: '***',
    });
    expect(settings()['refresher-media-server']).not.toHaveProperty('jellyfin_api_key');
    expect(settings()['refresher-media-server']!.plex_token).toBe(PLEX_TOKEN);
    const stored = (await t.service.db.config.readAll()).plugin_settings as Record<string, Record<string, unknown>>;
    expect(stored['refresher-media-server']).not.toHaveProperty('jellyfin_api_key');
    expect(JSON.stringify(stored)).not.toContain(JF_KEY);
  });

  it('keeps the secret when the write brings a new one, or when only the path on the same host changes', async () => {
    const res = await api.put('/api/config', {
      plugin_settings: await withPatch('refresher-media-server', {
        jellyfin_url: 'http://jellyfin2.lan:8096',
        jellyfin_api_key: 'jf-new-key-77',
      }),
    });
    expect(res.body.cleared_secrets).toEqual([]);
    expect(settings()['refresher-media-server']!.jellyfin_api_key).toBe('jf-new-key-77');
    const samehost = await api.put('/api/config', {
      plugin_settings: await withPatch('refresher-media-server', { plex_url: 'http://plex.lan:32400/prefix' }),
    });
    expect(samehost.body.cleared_secrets).toEqual([]);
    expect(settings()['refresher-media-server']!.plex_token).toBe(PLEX_TOKEN);
  });

  it('clears the ntfy topic and token when ntfy_server moves, not the webhook’s credentials', async () => {
    const res = await api.put('/api/config', {
      plugin_settings: await withPatch('notifier-webhook', { ntfy_server: 'https://ntfy.attacker.example' }),
    });
    expect(res.body.cleared_secrets).toEqual([
      'plugin_settings.notifier-webhook.ntfy_token',
      'plugin_settings.notifier-webhook.ntfy_topic',
    ]);
    expect(settings()['notifier-webhook']).toMatchObject({
      webhook_url: 'https://hooks.example/abc',
      webhook_authorization: 'Bearer hook-secret-3',
    });
    expect(settings()['notifier-webhook']).not.toHaveProperty('ntfy_topic');
  });

  it('clears an OpenAI-compatible api_key when base_url moves', async () => {
    const res = await api.put('/api/config', {
      plugin_settings: await withPatch('provider-openai', { base_url: 'https://api.attacker.example/v1' }),
    });
    expect(res.body.cleared_secrets).toEqual(['plugin_settings.provider-openai.api_key']);
    expect(settings()['provider-openai']).toEqual({ base_url: 'https://api.attacker.example/v1', model: 'llama3' });
  });

  it('clears catalog_api_key when provider-tmdb’s base_url leaves its default host, unless a new token comes with it', async () => {
    const moved = await api.put('/api/config', {
      plugin_settings: await withPatch('provider-tmdb', { base_url: 'http://tmdb.attacker.example/3' }),
    });
    expect(moved.body.cleared_secrets).toEqual(['catalog_api_key']);
    expect(moved.body.catalog_api_key).toBeNull();
    expect(t.service.config.get().catalog_api_key).toBeNull();

    expect((await api.put('/api/config', { catalog_api_key: TMDB_TOKEN })).status).toBe(200);
    const withToken = await api.put('/api/config', {
      catalog_api_key: 'eyJ.another-token',
      plugin_settings: await withPatch('provider-tmdb', { base_url: 'http://tmdb-mirror.lan/3' }),
    });
    expect(withToken.body.cleared_secrets).toEqual([]);
    expect(t.service.config.get().catalog_api_key).toBe('eyJ.another-token');
  });

  it('reports nothing cleared for a write that moves no URL', async () => {
    const res = await api.put('/api/config', {
      transcoding_enabled: true,
      plugin_settings: await withPatch('refresher-media-server', {}),
    });
    expect(res.body.cleared_secrets).toEqual([]);
  });
});
