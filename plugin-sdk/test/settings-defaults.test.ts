/** applySettingsDefaults (and settingsFromSchema on top of it): the one function the core and the kit use to fill in settings defaults. */
import { describe, expect, it } from 'vitest';
import { applySettingsDefaults, definePlugin, settingsFromSchema } from '@spindle/plugin-sdk';
import { createFakeContext, createProvider, createStage } from '@spindle/plugin-sdk/testing';

const schema = {
  type: 'object',
  properties: {
    confidence: { type: 'number', default: 0.5 },
    server: {
      type: 'object',
      properties: { port: { type: 'integer', default: 8080 }, host: { type: 'string', default: 'localhost' } },
    },
    rules: { type: 'array', items: { type: 'object', properties: { weight: { type: 'number', default: 1 } } } },
    tags: { type: 'array', default: ['a'] },
  },
  allOf: [{ properties: { mode: { type: 'string', default: 'fast' } } }],
};

describe('applySettingsDefaults', () => {
  it('fills missing properties, inside present objects and array items, and from allOf; keeps given values', () => {
    const given = { confidence: 0.9, server: { port: 9000 }, rules: [{}, { weight: 3 }] };
    expect(applySettingsDefaults(schema, given)).toEqual({
      confidence: 0.9,
      server: { port: 9000, host: 'localhost' },
      rules: [{ weight: 1 }, { weight: 3 }],
      tags: ['a'],
      mode: 'fast',
    });
    expect(given).toEqual({ confidence: 0.9, server: { port: 9000 }, rules: [{}, { weight: 3 }] }); // untouched
  });

  it('does not create a missing object to fill it, keeps null, and copies defaults (no shared arrays)', () => {
    const a = applySettingsDefaults<{ tags: string[]; server?: unknown; confidence: unknown }>(schema, {
      confidence: null,
    });
    expect(a.server).toBeUndefined();
    expect(a.confidence).toBeNull();
    a.tags.push('b');
    expect(applySettingsDefaults<{ tags: string[] }>(schema, {}).tags).toEqual(['a']);
  });

  it('a missing or non-object schema returns the settings as given', () => {
    expect(applySettingsDefaults(undefined, { x: 1 })).toEqual({ x: 1 });
    expect(applySettingsDefaults(schema, undefined)).toMatchObject({ confidence: 0.5 });
  });
});

describe('the kit applies the defaults like the core', () => {
  const manifest = {
    id: 'defaults-demo',
    apiVersion: '^1',
    stages: { identifier: ['demo'] },
    providers: { notifier: ['demo'] },
    settingsSchema: schema,
  };
  const seen: unknown[] = [];
  const plugin = definePlugin({
    id: 'defaults-demo',
    stages: { identifier: { demo: (setup) => (seen.push(setup.settings), { identify: async () => null }) } },
    providers: {
      notifier: {
        demo: (setup) => (
          seen.push(setup.settings),
          { send: async () => undefined, status: () => ({ configured: true, target: null }) }
        ),
      },
    },
  });

  it('createStage and createProvider pass settings with the manifest defaults filled in', async () => {
    await createStage(plugin, 'identifier', 'demo', { manifest, settings: { confidence: 0.7 } });
    await createProvider(plugin, 'notifier', 'demo', { settingsSchema: schema });
    expect(seen).toEqual([applySettingsDefaults(schema, { confidence: 0.7 }), applySettingsDefaults(schema, {})]);
  });

  it('createFakeContext applies them too, and without a schema passes settings unchanged', async () => {
    const ctx = await createFakeContext({ manifest, settings: {} });
    const plain = await createFakeContext({ settings: { only: 1 } });
    try {
      expect(ctx.settings).toMatchObject({ confidence: 0.5, mode: 'fast' });
      expect(plain.settings).toEqual({ only: 1 });
    } finally {
      await ctx.dispose();
      await plain.dispose();
    }
  });

  it('createProvider names what the plugin offers when asked for something else', async () => {
    await expect(createProvider(plugin, 'catalog', 'demo')).rejects.toThrow(
      'Plugin "defaults-demo" offers no provider catalog "demo" (it offers: identifier:demo, notifier:demo)',
    );
  });
});

describe('settingsFromSchema', () => {
  const flat = {
    type: 'object',
    properties: {
      url: { type: 'string', default: 'https://api.example' },
      retries: { type: 'integer', default: 2 },
      strict: { type: 'boolean', default: false },
      token: { type: 'string' },
    },
  };

  it('takes each given value of the default’s type and the default otherwise', () => {
    expect(
      settingsFromSchema(flat, { url: 'http://local', retries: 'many', strict: true, token: 'x', other: 1 }),
    ).toEqual({ url: 'http://local', retries: 2, strict: true });
    expect(settingsFromSchema(flat, { retries: Number.NaN })).toEqual({
      url: 'https://api.example',
      retries: 2,
      strict: false,
    });
    expect(settingsFromSchema(flat, undefined)).toEqual({ url: 'https://api.example', retries: 2, strict: false });
  });
});
