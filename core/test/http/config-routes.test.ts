import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CONFIG_FIELD_NAMES } from '../../src/config/app-config-fields.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from '../../../test/support/service-harness.ts';
import { BETA_KEY } from './fake-executables.ts';

let t: TestService;
let dir: string;
const CATALOG_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.catalog-token-for-config-test';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spindle-config-routes-'));
  t = await startTestService({ config: { pipeline: EMPTY_PIPELINE } });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

type Body = Record<string, unknown> & { error?: { code: string; message: string } };

async function call(method: string, path: string, body?: unknown, raw?: string) {
  const init: RequestInit = { method, headers: { 'x-spindle-client': 'test' } };
  if (body !== undefined || raw !== undefined) {
    init.headers = { 'x-spindle-client': 'test', 'content-type': 'application/json' };
    init.body = raw ?? JSON.stringify(body);
  }
  const res = await fetch(t.url + path, init);
  return { status: res.status, body: (await res.json()) as Body, headers: res.headers };
}

const stored = () => t.service.db.config.readAll();

describe('GET /api/config', () => {
  it('answers every field with unset secrets as null, and lists the read-only (server-level) settings', async () => {
    const res = await call('GET', '/api/config');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...APP_CONFIG_FIELD_NAMES, 'read_only'].sort());
    expect((res.body.read_only as { field: string }[]).map((r) => r.field)).toEqual(
      expect.arrayContaining(['ripper_path', 'media_tool_path', 'plugins_path']),
    );
    expect(res.body).toMatchObject({ ripper_key: null, catalog_api_key: null, max_concurrent_matches: 2 });
    expect(res.body.contribution_pseudonym).toBe(t.service.config.get().contribution_pseudonym);
  });

  it('refuses query parameters and bodies it does not take', async () => {
    expect((await call('GET', '/api/config?x=1')).status).toBe(400);
  });
});

describe('PUT /api/config', () => {
  it('saves a partial update, masks secrets in the answer and in GET, and names restart-only changes in a header', async () => {
    const res = await call('PUT', '/api/config', {
      catalog_api_key: CATALOG_TOKEN,
      ripper_key: BETA_KEY,
      max_concurrent_matches: 3,
      staging_path: dir,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      catalog_api_key: '***',
      ripper_key: '***',
      max_concurrent_matches: 3,
      staging_path: dir,
    });
    expect(res.headers.get('x-restart-required')).toBe('max_concurrent_matches');
    expect(JSON.stringify(res.body)).not.toContain(CATALOG_TOKEN);
    const get = await call('GET', '/api/config');
    expect(get.body).toMatchObject({ catalog_api_key: '***', ripper_key: '***' });
    expect(JSON.stringify(get.body)).not.toContain(BETA_KEY);
    // The service (and the job manager reading it on its next operation) sees the new values at once.
    expect(t.service.config.get()).toMatchObject({
      catalog_api_key: CATALOG_TOKEN,
      max_concurrent_matches: 3,
      staging_path: dir,
    });
    expect(await stored()).toMatchObject({ catalog_api_key: CATALOG_TOKEN, ripper_key: BETA_KEY });
  });

  it('keeps a secret unchanged when "***" is sent, and accepts the GET answer sent back whole', async () => {
    const before = await stored();
    const res = await call('PUT', '/api/config', {
      catalog_api_key: '***',
      ripper_key: '***',
      transcoding_enabled: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ catalog_api_key: '***', transcoding_enabled: true });
    expect(res.headers.get('x-restart-required')).toBe('');
    expect(await stored()).toMatchObject({ catalog_api_key: before.catalog_api_key, ripper_key: before.ripper_key });

    const whole = (await call('GET', '/api/config')).body;
    const afterRoundTrip = await call('PUT', '/api/config', whole);
    expect(afterRoundTrip.status).toBe(200);
    expect(afterRoundTrip.body).toEqual({ ...whole, cleared_secrets: [], restart_required: [] });
    expect(t.service.config.get().catalog_api_key).toBe(CATALOG_TOKEN);
  });

  it('clears a secret with null', async () => {
    await call('PUT', '/api/config', { catalog_api_key: 'temporary-token-123' });
    expect((await call('PUT', '/api/config', { catalog_api_key: null })).body.catalog_api_key).toBeNull();
    expect(t.service.config.get().catalog_api_key).toBeNull();
    await call('PUT', '/api/config', { catalog_api_key: CATALOG_TOKEN });
  });

  it('refuses an unknown field with 400 naming it and saves nothing', async () => {
    const before = await stored();
    const res = await call('PUT', '/api/config', { max_concurrent_matches: 5, colour: 'red' });
    expect(res.status).toBe(400);
    expect(res.body.error!.message).toContain('colour');
    expect(await stored()).toEqual(before);
    expect(t.service.config.get().max_concurrent_matches).toBe(3);
  });

  it('refuses a wrong type or an out-of-range value with 400 naming the field', async () => {
    const before = await stored();
    for (const [field, value] of [
      ['max_concurrent_matches', '4'],
      ['max_concurrent_matches', 0],
      ['transcoding_enabled', 'yes'],
      ['conflict_resolution_default', 'maybe'],
      ['staging_path', 42],
      ['contribution_pseudonym', 'not-a-uuid'],
      ['pipeline', { detectors: 'x' }],
    ] as const) {
      const res = await call('PUT', '/api/config', { transcoding_enabled: false, [field]: value });
      expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect(res.body.error!.message).toContain(field);
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses a path that does not exist (or is not absolute) with 400 naming the field and saves nothing', async () => {
    const before = await stored();
    const missing = await call('PUT', '/api/config', {
      transcoding_enabled: false,
      library_tv_path: join(dir, 'missing'),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      code: 'invalid_config',
      message: expect.stringContaining('library_tv_path'),
    });
    // ripper_path is server-level: the API refuses any change of it, naming the field and how to set it.
    expect((await call('PUT', '/api/config', { ripper_path: dir })).body.error!.message).toMatch(
      /"ripper_path" is a server-level setting.*RIPPER_PATH/,
    );
    expect((await call('PUT', '/api/config', { staging_path: 'relative/dir' })).status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('validates a new ripper key: a malformed key is a 400 naming ripper_key', async () => {
    const before = await stored();
    for (const key of ['hello', 'T-tooshort', `T-${'x'.repeat(40)} extra`]) {
      const res = await call('PUT', '/api/config', { ripper_key: key });
      expect(res.status, key).toBe(400);
      expect(res.body.error!.message).toContain('ripper_key');
    }
    expect(await stored()).toEqual(before);
    const next = 'M-' + 'Q'.repeat(40);
    expect((await call('PUT', '/api/config', { ripper_key: next })).status).toBe(200);
    expect(t.service.config.get().ripper_key).toBe(next);
  });

  it('answers malformed bodies with 4xx, never 5xx', async () => {
    for (const raw of ['[]', 'null', '"text"', '42', '{"max_concurrent_matches":', '']) {
      const res = await fetch(t.url + '/api/config', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: raw,
      });
      expect(res.status, raw).toBe(400);
    }
    const wrongType = await fetch(t.url + '/api/config', {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'a=b',
    });
    expect(wrongType.status).toBe(415);
  });

  it('documents every field, the masking and the restart header in the OpenAPI document', async () => {
    const doc = (await call('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, any>> };
    const put = doc.paths['/api/config']!.put;
    const schema = put.requestBody.content['application/json'].schema;
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties).sort()).toEqual(
      [...APP_CONFIG_FIELD_NAMES, 'cleared_secrets', 'read_only', 'restart_required'].sort(),
    );
    expect(schema.properties.ripper_path.readOnly).toBe(true);
    expect(put.responses['200'].headers['X-Restart-Required']).toBeDefined();
    expect(
      doc.paths['/api/config']!.get.responses['200'].content['application/json'].schema.properties.ripper_key.anyOf,
    ).toEqual([{ const: '***' }, { type: 'null' }]);
  });
});
