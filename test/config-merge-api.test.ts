/**
 * PATCH /api/config is a JSON Merge Patch (RFC 7396) and PUT is the same write: nested maps merge
 * per key, null removes a key; the rules already in place hold for both (server-level fields,
 * masked secrets cleared when their URL host changes, bounds, the request guard).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/http-client.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from './support/service-harness.ts';

let svc: TestService;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  svc = await startTestService({
    config: {
      pipeline: { ...EMPTY_PIPELINE, providers: { notifier: ['webhook'], library_refresher: ['jellyfin'] } },
      plugin_settings: {
        'refresher-media-server': { jellyfin_url: 'http://127.0.0.1:8096', jellyfin_api_key: 'jf-secret-1' },
        'notifier-webhook': { webhook_url: 'http://127.0.0.1:9/hook', events: ['job_failed'] },
      },
    },
  });
  api = apiClient(svc.url);
}, 60_000);
afterAll(() => svc?.close());

describe.each(['PATCH', 'PUT'])('%s /api/config (merge patch)', (method) => {
  const write = (body: unknown) => api.call(method, '/api/config', body);

  it('changes one provider kind and keeps the others', async () => {
    const res = await write({ pipeline: { providers: { notifier: ['ntfy', 'webhook'] } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.pipeline.providers).toEqual({ notifier: ['ntfy', 'webhook'], library_refresher: ['jellyfin'] });
    expect(res.body.restart_required).toEqual([]);
    const back = await write({ pipeline: { providers: { notifier: ['webhook'] } } });
    expect(back.body.pipeline.providers).toEqual({ notifier: ['webhook'], library_refresher: ['jellyfin'] });
  });

  it("changes one plugin's setting and keeps its other settings (a masked secret included) and every other plugin's", async () => {
    const res = await write({ plugin_settings: { 'notifier-webhook': { events: ['job_failed', 'job_completed'] } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.plugin_settings['notifier-webhook']).toEqual({
      webhook_url: '***',
      events: ['job_failed', 'job_completed'],
    });
    expect(res.body.plugin_settings['refresher-media-server']).toEqual({
      jellyfin_url: 'http://127.0.0.1:8096',
      jellyfin_api_key: '***',
    });
    expect(svc.service.config.get().plugin_settings['refresher-media-server']!.jellyfin_api_key).toBe('jf-secret-1');
    expect(JSON.stringify(res.body)).not.toContain('jf-secret-1');
  });

  it('removes a setting with null; the plugin default applies again', async () => {
    const res = await write({ plugin_settings: { 'notifier-webhook': { events: null } } });
    expect(res.status).toBe(200);
    expect(res.body.plugin_settings['notifier-webhook']).toEqual({ webhook_url: '***' });
    await write({ plugin_settings: { 'notifier-webhook': { events: ['job_failed'] } } });
  });
});

describe('the rules in place hold for merge patches', () => {
  it('clears a secret when its URL moves to another host, and keeps it when the same host is patched', async () => {
    const same = await api.patch('/api/config', {
      plugin_settings: { 'refresher-media-server': { jellyfin_url: 'http://127.0.0.1:8096/' } },
    });
    expect(same.body.cleared_secrets).toEqual([]);
    expect(svc.service.config.get().plugin_settings['refresher-media-server']!.jellyfin_api_key).toBe('jf-secret-1');
    const moved = await api.patch('/api/config', {
      plugin_settings: { 'refresher-media-server': { jellyfin_url: 'http://192.0.2.7:8096' } },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.cleared_secrets).toEqual(['plugin_settings.refresher-media-server.jellyfin_api_key']);
    expect(svc.service.config.get().plugin_settings['refresher-media-server']).not.toHaveProperty('jellyfin_api_key');
  });

  it('refuses server-level fields, values over the bounds and wrong types, storing nothing', async () => {
    const before = (await api.get('/api/config')).body;
    expect((await api.patch('/api/config', { media_tool_path: '/usr/bin/ffmpeg' })).status).toBe(400);
    expect((await api.patch('/api/config', { plugin_settings: { x: { text: 'y'.repeat(20_000) } } })).status).toBe(400);
    expect((await api.patch('/api/config', { pipeline: { providers: { notifier: 'webhook' } } })).status).toBe(400);
    expect((await api.patch('/api/config', { pipeline: { organizer: 5 } })).status).toBe(400);
    expect((await api.get('/api/config')).body).toEqual(before);
  });

  it('goes through the request guard: a foreign origin or a form post is refused', async () => {
    const foreign = await fetch(`${svc.url}/api/config`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: 'http://evil.example' },
      body: '{"staging_cleanup_days":9}',
    });
    expect(foreign.status).toBe(403);
    const form = await fetch(`${svc.url}/api/config`, {
      method: 'PATCH',
      headers: { 'content-type': 'text/plain' },
      body: '{"staging_cleanup_days":9}',
    });
    expect([403, 415]).toContain(form.status);
    expect(svc.service.config.get().staging_cleanup_days).toBe(7);
  });

  it('is documented in the OpenAPI document: PATCH and PUT take the same merge patch, null allowed in nested maps', async () => {
    const doc = (await api.get('/api/openapi.json')).body as { paths: Record<string, Record<string, any>> };
    const patch = doc.paths['/api/config']!.patch;
    const put = doc.paths['/api/config']!.put;
    const schema = patch.requestBody.content['application/json'].schema;
    expect(schema).toEqual(put.requestBody.content['application/json'].schema);
    expect(schema.description).toContain('RFC 7396');
    expect(JSON.stringify(schema.properties.pipeline)).toContain('"type":"null"');
    expect(patch.responses['200'].content['application/json'].schema.properties.restart_required).toBeDefined();
  });
});
