/**
 * Every built-in plugin's package.json `spindle` field is a valid manifest, its settings schema
 * compiles and accepts its own defaults, and it lists exactly what its envelope offers.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { isPluginEnvelope, pluginManifestSchema, type PluginManifest } from '@spindle/plugin-sdk';

const PLUGINS = join(import.meta.dirname, '..', 'plugins');
const folders = (await readdir(PLUGINS, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);

interface PackageJson {
  name: string;
  type: string;
  exports: Record<string, string>;
  dependencies: Record<string, string>;
  spindle: PluginManifest;
}

function defaultsOf(schema: { properties?: Record<string, { default?: unknown }> }): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).flatMap(([k, v]) => ('default' in v ? [[k, v.default]] : [])),
  );
}

describe.each(folders)('plugins/%s', (folder) => {
  it('has a valid manifest that matches its envelope', async () => {
    const pkg = JSON.parse(await readFile(join(PLUGINS, folder, 'package.json'), 'utf8')) as PackageJson;
    const ajv = new Ajv({ allErrors: true, strict: false });
    const valid = ajv.validate(pluginManifestSchema, pkg.spindle);
    expect(ajv.errors ?? [], ajv.errorsText()).toEqual([]);
    expect(valid).toBe(true);
    expect(pkg).toMatchObject({
      name: `@spindle/plugin-${folder}`,
      type: 'module',
      exports: { '.': './src/index.ts' },
      dependencies: { '@spindle/plugin-sdk': '1.1.0' },
    });
    expect(folder.endsWith(pkg.spindle.id.split('-').slice(1).join('-'))).toBe(true);

    const settingsSchema = pkg.spindle.settingsSchema ?? { type: 'object' };
    const validateSettings = ajv.compile(settingsSchema);
    expect(validateSettings(defaultsOf(settingsSchema as never)), ajv.errorsText(validateSettings.errors)).toBe(true);

    const envelope = (
      (await import(pathToFileURL(join(PLUGINS, folder, 'src', 'index.ts')).href)) as { default: unknown }
    ).default;
    expect(isPluginEnvelope(envelope)).toBe(true);
    if (!isPluginEnvelope(envelope)) return;
    expect(envelope.definition.id).toBe(pkg.spindle.id);
    const offered: Record<string, string[]> = {};
    for (const offer of envelope.offers) (offered[offer.kind] ??= []).push(offer.id);
    expect(offered).toEqual({ ...pkg.spindle.stages, ...pkg.spindle.providers });
  });
});
