/**
 * The loader's messages name the plugin, the place (file and line of a throw with its stack, the
 * manifest key, the setting) and the fix; and the running SDK is provided to plugins_path plugins.
 */
import { SDK_VERSION } from '@spindle/plugin-sdk';
import { createFakeSetup } from '@spindle/plugin-sdk/testing';
import { lstat, mkdir, mkdtemp, readlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { container } from 'tsyringe';
import { describe, expect, it } from 'vitest';
import type { PipelineConfig } from '../../src/config/app-config-fields.ts';
import { createImplementation } from '../../src/plugins/create-implementation.ts';
import { codeThrowProblem, locateSyntaxError } from '../../src/plugins/plugin-load-messages.ts';
import { loadPlugins } from '../../src/plugins/plugin-loader.ts';
import {
  SDK_DIR,
  identifierPlugin,
  loadFrom,
  makePluginRoot,
  pipeline,
  silent,
  startupError,
  writePlugin,
} from './plugin-fixtures.ts';

function load(
  pluginsPath: string,
  p: PipelineConfig,
  pluginSettings: Record<string, Record<string, unknown>> = {},
  nodeModules: string[] = [],
) {
  return loadFrom({ nodeModules, pluginsPaths: [pluginsPath] }, p, pluginSettings);
}

/** A fixture's code with a throw on a known line (line 3 of index.js). */
const THROW_ON_LINE_3 =
  "import { definePlugin } from '@spindle/plugin-sdk';\nconst settings = { ready: false };\nif (!settings.ready) throw new TypeError('widget table missing');\nexport default definePlugin({ id: 'x', stages: { identifier: { x: () => ({}) } } });\n";

describe('loader messages', () => {
  it('a throw while importing names the plugin, the file and line, the stack and the fix', async () => {
    const root = await makePluginRoot();
    const dir = await writePlugin(join(root, 'extra'), {
      ...identifierPlugin('crashy', 'crashy'),
      code: THROW_ON_LINE_3,
    });
    const error = await startupError(load(join(root, 'extra'), pipeline({ identifiers: ['crashy'] })));
    expect(error.message).toContain(`plugin "crashy" (spindle-plugin-crashy, ${dir})`);
    expect(error.message).toContain('importing its entry index.js threw at index.js:3');
    expect(error.message).toContain('TypeError: widget table missing');
    expect(error.message).toMatch(/Stack:\n\s+TypeError: widget table missing\n\s+at .*index\.js:3/);
    expect(error.message).toMatch(
      /Fix: fix the error in index\.js:3:\d+ of .*crashy, or take "crashy" out of pipeline\.identifiers to start without it\./,
    );
    expect(error.message).toContain('spindle serve --reset-pipeline');
  });

  it('a syntax error at import names the file and line', async () => {
    const root = await makePluginRoot();
    await writePlugin(join(root, 'extra'), {
      ...identifierPlugin('typo', 'typo'),
      code: "import { definePlugin } from '@spindle/plugin-sdk';\n\nexport default definePlugin({ id: 'typo',, });\n",
    });
    const error = await startupError(load(join(root, 'extra'), pipeline({ identifiers: ['typo'] })));
    expect(error.message).toMatch(/plugin "typo" .*: importing its entry index\.js threw at index\.js:3/);
    // Node says SyntaxError; vitest's transform (which loads the plugin in this test) says Parse failure.
    expect(error.message).toMatch(/SyntaxError|Parse fail/);
  });

  it('a syntax error as Node reports it (no location) is located with node --check', async () => {
    const root = await makePluginRoot();
    const dir = await writePlugin(join(root, 'extra'), {
      ...identifierPlugin('nested-typo', 'nested-typo'),
      code: "export { default } from './lib/plugin.js';\n",
    });
    await mkdir(join(dir, 'lib'));
    await writeFile(join(dir, 'lib', 'plugin.js'), 'const ok = 1;\nexport default {\n  id: "nested-typo",,\n};\n');
    expect(locateSyntaxError(dir)).toBe('lib/plugin.js:3');
    const nodeLike = new SyntaxError("Unexpected token ','");
    nodeLike.stack =
      "SyntaxError: Unexpected token ','\n    at compileSourceTextModule (node:internal/modules/esm/utils:319:16)";
    const problem = codeThrowProblem({
      error: nodeLike,
      pluginId: 'nested-typo',
      packageName: 'spindle-plugin-nested-typo',
      dir,
      during: 'importing its entry index.js',
      configured: 'pipeline.identifiers',
    });
    expect(problem.problem).toContain(
      "importing its entry index.js threw at lib/plugin.js:3: SyntaxError: Unexpected token ','",
    );
    expect(problem.fix).toContain('fix the error in lib/plugin.js:3');
  });

  it('a throw in a factory names the plugin, the implementation, the file and line, the stack and the fix', async () => {
    const root = await makePluginRoot();
    const plugin = identifierPlugin('fragile', 'fragile');
    const code = plugin
      .code!.replace(
        '(setup) => ({',
        '(setup) => {\n  if (!setup.settings.token) throw new Error("token is required");\n  return ({',
      )
      .replace('        },\n      }),', '        },\n      }); },');
    const dir = await writePlugin(join(root, 'extra'), { ...plugin, code });
    const registry = await load(join(root, 'extra'), pipeline({ identifiers: ['fragile'] }));
    const record = registry.find('stage', 'identifier', 'fragile')!;
    const setup = await createFakeSetup();
    try {
      const error = await startupError(createImplementation(record, setup));
      expect(error.message).toContain(
        `plugin "fragile" (spindle-plugin-fragile, ${dir}): its stage identifier "fragile" factory threw at index.js:7`,
      );
      expect(error.message).toContain('Error: token is required');
      expect(error.message).toMatch(/Stack:\n\s+Error: token is required\n\s+at .*index\.js:7/);
      expect(error.message).toContain('or take "fragile" out of pipeline.identifiers to start without it');
    } finally {
      await setup.dispose();
    }
  });

  it('a bad manifest names each bad key and how to fix it', async () => {
    const root = await makePluginRoot();
    const bad = { id: 'sloppy', stages: { identifer: ['sloppy'], matcher: ['Bad_Id'] }, settingSchema: {} };
    const dir = await writePlugin(join(root, 'extra'), {
      folder: 'sloppy',
      name: 'spindle-plugin-sloppy',
      spindle: bad,
    });
    const registry = await load(join(root, 'extra'), pipeline({}));
    const problem = registry.plugins.find((p) => p.packageName === 'spindle-plugin-sloppy')!.problem!;
    expect(problem).toContain(`its manifest (the "spindle" field of ${dir}/package.json) is invalid`);
    expect(problem).toContain('spindle.apiVersion: missing (it is required)');
    expect(problem).toContain(
      'spindle.settingSchema: unknown key "settingSchema" (known keys: id, apiVersion, displayName, description, stages, providers, settingsSchema, appSettings)',
    );
    expect(problem).toContain(
      'spindle.stages.identifer: unknown stage kind "identifer" (known: detector, identifier, ripper, matcher, organizer, contributor)',
    );
    expect(problem).toContain('spindle.stages.matcher[0]: "Bad_Id" must be lowercase letters, digits and dashes');
  });

  it('a configured plugin with a bad manifest stops startup with the key and the fix', async () => {
    const root = await makePluginRoot();
    const dir = await writePlugin(join(root, 'extra'), {
      ...identifierPlugin('oops', 'oops'),
      spindle: { id: 'oops', apiVersion: '^1', stages: { identifier: ['oops'] }, appSetting: ['x'] },
    });
    const error = await startupError(load(join(root, 'extra'), pipeline({ identifiers: ['oops'] })));
    expect(error.message).toContain('spindle.appSetting: unknown key "appSetting"');
    expect(error.message).toContain(`Fix: correct spindle.appSetting in ${dir}/package.json`);
  });

  it('invalid settings name each property and the fix', async () => {
    const root = await makePluginRoot();
    await writePlugin(join(root, 'extra'), identifierPlugin('tuned', 'tuned'));
    const error = await startupError(
      load(join(root, 'extra'), pipeline({ identifiers: ['tuned'] }), { tuned: { confidence: 'high', colour: 'red' } }),
    );
    expect(error.message).toContain('plugin "tuned" (spindle-plugin-tuned): its settings are invalid:');
    expect(error.message).toContain('- plugin_settings.tuned.confidence: "high" must be number');
    expect(error.message).toContain('- plugin_settings.tuned.colour: the plugin has no setting "colour"');
    expect(error.message).toContain(
      'Fix: correct plugin_settings.tuned.colour, plugin_settings.tuned.confidence (in Settings, or `spindle config set <key> <value>`',
    );
  });
});

describe('the SDK for plugins in plugins_path', () => {
  it('links the running SDK into a plugins_path whose plugins have none, and the plugin loads', async () => {
    const pluginsPath = join(await mkdtemp(join(tmpdir(), 'spindle-nosdk-')), 'plugins');
    await mkdir(pluginsPath);
    await writePlugin(pluginsPath, identifierPlugin('bare', 'bare'));
    const registry = await load(pluginsPath, pipeline({ identifiers: ['bare'] }));
    expect(registry.plugins.find((p) => p.id === 'bare')?.status).toBe('loaded');
    const link = join(pluginsPath, 'node_modules', '@spindle', 'plugin-sdk');
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(resolve(await readlink(link))).toBe(SDK_DIR);
    // Loading again finds the link and leaves it as it is.
    expect(
      (await load(pluginsPath, pipeline({ identifiers: ['bare'] }))).find('stage', 'identifier', 'bare'),
    ).toBeDefined();
  });

  it('refuses a plugin that bundles an SDK copy of another major version, naming the copy', async () => {
    const pluginsPath = join(await mkdtemp(join(tmpdir(), 'spindle-oldsdk-')), 'plugins');
    const dir = await writePlugin(pluginsPath, identifierPlugin('vendored', 'vendored'));
    const copy = join(dir, 'node_modules', '@spindle', 'plugin-sdk');
    await mkdir(copy, { recursive: true });
    await writeFile(
      join(copy, 'package.json'),
      JSON.stringify({ name: '@spindle/plugin-sdk', version: '2.0.0', type: 'module', main: 'index.js' }),
    );
    await writeFile(join(copy, 'index.js'), 'throw new Error("the old copy must never run");\n');
    const error = await startupError(load(pluginsPath, pipeline({ identifiers: ['vendored'] })));
    expect(error.message).toContain(
      `plugin "vendored" (spindle-plugin-vendored, ${dir}): it bundles an incompatible copy of @spindle/plugin-sdk (2.0.0, in ${copy}), but this Spindle runs SDK ${SDK_VERSION}`,
    );
    expect(error.message).toContain(`Fix: delete ${copy} (Spindle provides its SDK to plugins in plugins_path)`);
    expect(error.message).not.toContain('the old copy must never run');
  });

  it('a plugin that cannot import the SDK outside plugins_path is told how to install it', async () => {
    const modules = join(await mkdtemp(join(tmpdir(), 'spindle-nm-')), 'node_modules');
    const dir = await writePlugin(modules, identifierPlugin('lonely', 'lonely'));
    const error = await startupError(
      loadPlugins({
        roots: { workspacePlugins: [], nodeModules: [modules], pluginsPaths: [] },
        pipeline: pipeline({ identifiers: ['lonely'] }),
        pluginSettings: {},
        container: container.createChildContainer(),
        logger: silent,
      }),
    );
    expect(error.message).toContain(
      `plugin "lonely" (spindle-plugin-lonely, ${dir}): importing its entry index.js threw`,
    );
    expect(error.message).toContain(`Fix: run \`npm install @spindle/plugin-sdk\` in ${dir}`);
  });
});

describe('settings defaults', () => {
  it('the loader fills in the same settings as the kit (one shared function)', async () => {
    const { applySettingsDefaults } = await import('@spindle/plugin-sdk');
    const root = await makePluginRoot();
    const plugin = identifierPlugin('nested', 'nested', {
      settingsSchema: {
        type: 'object',
        properties: {
          confidence: { type: 'number', default: 0.9 },
          limits: { type: 'object', properties: { max: { type: 'integer', default: 3 } } },
        },
      },
    });
    await writePlugin(join(root, 'extra'), plugin);
    const registry = await load(join(root, 'extra'), pipeline({ identifiers: ['nested'] }), { nested: { limits: {} } });
    const schema = (plugin.spindle as { settingsSchema: unknown }).settingsSchema;
    const fake = await createFakeSetup({ settingsSchema: schema, settings: { limits: {} } });
    try {
      expect(registry.find('stage', 'identifier', 'nested')!.settings).toEqual({ confidence: 0.9, limits: { max: 3 } });
      expect(fake.settings).toEqual(registry.find('stage', 'identifier', 'nested')!.settings);
      expect(applySettingsDefaults(schema, { limits: {} })).toEqual(fake.settings);
    } finally {
      await fake.dispose();
    }
  });
});
