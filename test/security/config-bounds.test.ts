/**
 * Config writes are bounded and whole (issue 16, item 7), against the real service over HTTP:
 * a 3 000-deep plugin_settings value is refused with a 400 naming the field, nothing is stored,
 * and the next start of a real `spindle serve` process on the same database works; values over
 * the size limits, values that would not read back (JSON or sealing), and sealed-looking values
 * are refused the same way; a sealed value in a field that is not a secret is never opened.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MikroConfigRepository } from '../../core/src/persistence/config-repository.ts';
import { openDatabase } from '../../core/src/persistence/database.ts';
import { apiClient } from '../support/http-client.ts';
import { EMPTY_PIPELINE, writeConfig, type TestService } from '../support/service-harness.ts';
import { spawnService } from '../support/service-process.ts';
import { startEmptyService } from './support/empty-service.ts';

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** Every stored row, as text (what a database snapshot holds). */
async function snapshot(dataDir: string): Promise<Record<string, string>> {
  const db = await openDatabase({ databaseUrl: join(dataDir, 'spindle.db'), dataDir });
  try {
    const raw = await new MikroConfigRepository(db.orm).readAll();
    return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, JSON.stringify(v)]));
  } finally {
    await db.close();
  }
}

describe('a 3 000-deep plugin_settings value', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'spindle-deep-'));
    await writeConfig(dataDir, { pipeline: EMPTY_PIPELINE, staging_watch_enabled: false });
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('is refused with 400 naming the field, stores nothing, and the next start of the service works', async () => {
    const first = await spawnService({ SPINDLE_DATA_DIR: dataDir });
    let before: Record<string, string>;
    try {
      const api = apiClient(first.url);
      before = await snapshot(dataDir);
      const res = await api.put('/api/config', { plugin_settings: { 'identifier-heuristic': nested(3000) } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_config');
      expect(res.body.error.message).toMatch(
        /^Invalid value for "plugin_settings\.identifier-heuristic\.a\..*": nested deeper than 10 levels$/,
      );
      expect(await snapshot(dataDir)).toEqual(before);
      expect((await api.get('/api/config')).body.plugin_settings).toEqual({});
    } finally {
      expect((await first.stop()).code).toBe(0);
    }
    // A real restart of the service on the same database.
    const second = await spawnService({ SPINDLE_DATA_DIR: dataDir });
    try {
      const get = await apiClient(second.url).get('/api/config');
      expect(get.status).toBe(200);
      expect(get.body.plugin_settings).toEqual({});
      expect(await snapshot(dataDir)).toEqual(before);
    } finally {
      expect((await second.stop()).code).toBe(0);
    }
  });

  it('already in the database (written by a version without limits): the service starts and uses the default', async () => {
    const db = await openDatabase({ databaseUrl: join(dataDir, 'spindle.db'), dataDir });
    try {
      await new MikroConfigRepository(db.orm).writeMany({ plugin_settings: { 'identifier-heuristic': nested(3000) } });
    } finally {
      await db.close();
    }
    const service = await spawnService({ SPINDLE_DATA_DIR: dataDir });
    try {
      const get = await apiClient(service.url).get('/api/config');
      expect(get.status).toBe(200);
      expect(get.body.plugin_settings).toEqual({});
      expect(service.output()).toMatch(
        /stored configuration value is ignored: Invalid value for "plugin_settings\..*nested deeper than 10 levels/,
      );
    } finally {
      await service.stop();
    }
  });
});

describe('bounded, whole config writes', () => {
  let t: TestService;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => ({ t, api } = await startEmptyService()));
  afterAll(() => t.close());

  const stored = () => t.service.db.config.readAll();

  async function refused(body: unknown, message: RegExp): Promise<void> {
    const before = await stored();
    const res = await api.put('/api/config', body);
    expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_config', message: expect.stringMatching(message) });
    expect(await stored()).toEqual(before);
  }

  it('accepts a value at the depth limit and refuses one level more, naming where', async () => {
    // plugin_settings (level 1) → plugin (2) → setting `deep` (3) → 7 more objects: 10 levels, the most allowed.
    // (A plugin that is not installed: an installed one's settingsSchema would refuse the unknown `deep` first.)
    expect((await api.put('/api/config', { plugin_settings: { 'not-installed': { deep: nested(8) } } })).status).toBe(
      200,
    );
    await refused(
      { transcoding_enabled: true, plugin_settings: { 'not-installed': { deep: nested(9) } } },
      /"plugin_settings\.not-installed\.deep\.a\.a\.a\.a\.a\.a\.a\.a": nested deeper than 10 levels/,
    );
    expect(t.service.config.get().transcoding_enabled).toBe(false);
  });

  it('refuses long strings, long arrays, objects with many keys and large fields', async () => {
    await refused(
      { plugin_settings: { p: { text: 'x'.repeat(16 * 1024 + 1) } } },
      /"plugin_settings\.p\.text": longer than 16384 characters/,
    );
    await refused(
      { plugin_settings: { p: { list: Array.from({ length: 1001 }, (_, i) => i) } } },
      /"plugin_settings\.p\.list": more than 1000 items/,
    );
    await refused(
      { plugin_settings: { p: Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`k${i}`, i])) } },
      /"plugin_settings\.p": more than 500 keys/,
    );
    const wide = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${i}`, { text: 'y'.repeat(8000) }]));
    await refused({ plugin_settings: wide }, /"plugin_settings": \d+ bytes of JSON, more than 262144/);
  });

  it('answers 413 for a body over the size limit, storing nothing', async () => {
    const before = await stored();
    const res = await api.put('/api/config', { plugin_settings: { p: { text: 'z'.repeat(1024 * 1024) } } });
    expect(res.status).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it('refuses a value that would not read back as written (a number JSON cannot hold)', async () => {
    // 1e400 parses as Infinity and would be stored as null.
    const before = await stored();
    const res = await api.call(
      'PUT',
      '/api/config',
      '{"transcoding_enabled": true, "plugin_settings": {"identifier-heuristic": {"episode_min_minutes": 1e400}}}',
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(
      /"plugin_settings\.identifier-heuristic\.episode_min_minutes": it would not read back as written/,
    );
    expect(await stored()).toEqual(before);
  });

  it('refuses a secret that would not read back after sealing (a lone surrogate), storing nothing', async () => {
    const before = await stored();
    const res = await api.call(
      'PUT',
      '/api/config',
      '{"transcoding_enabled": true, "catalog_api_key": "token-\\ud800"}',
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/"catalog_api_key": it would not read back as written after sealing/);
    expect(await stored()).toEqual(before);
    expect(t.service.config.get().catalog_api_key).toBeNull();
  });

  it('refuses sealed values through the API, and never opens a sealed value placed outside a secret field', async () => {
    expect((await api.put('/api/config', { catalog_api_key: 'eyJ.the-real-catalog-token' })).status).toBe(200);
    const raw = await new MikroConfigRepository(t.service.db.orm).readAll();
    const sealed = raw.catalog_api_key as string;
    expect(sealed).toMatch(/^spindle-sealed:v1:/);
    // A copy of the database plus API access: the sealed text cannot be written back to have it opened...
    await refused(
      { plugin_settings: { 'identifier-heuristic': { label: sealed } } },
      /"plugin_settings\.identifier-heuristic\.label": a sealed value cannot be written through the API/,
    );
    await refused({ catalog_api_key: sealed }, /"catalog_api_key": a sealed value cannot be written/);
    // ...and one placed in the database by other means is answered as the text it is, never opened.
    await new MikroConfigRepository(t.service.db.orm).writeMany({
      plugin_settings: { 'identifier-heuristic': { label: sealed } },
    });
    await t.service.config.load();
    const get = await api.get('/api/config');
    expect(get.body.plugin_settings['identifier-heuristic'].label).toBe(sealed);
    expect(JSON.stringify(get.body)).not.toContain('the-real-catalog-token');
    expect(get.body.catalog_api_key).toBe('***');
  });
});
