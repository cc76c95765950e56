import { SDK_VERSION } from '@spindle/plugin-sdk';
import { join } from 'node:path';
import { container } from 'tsyringe';
import { describe, expect, it } from 'vitest';
import type { PipelineConfig } from '../../src/config/app-config-fields.ts';
import { loadPlugins } from '../../src/plugins/plugin-loader.ts';
import { implementationToken } from '../../src/plugins/plugin-registry.ts';
import * as fixture from './plugin-fixtures.ts';

function load(root: string, p: PipelineConfig, pluginSettings: Record<string, Record<string, unknown>> = {}) {
  return fixture.loadFrom(
    { nodeModules: [join(root, 'node_modules')], pluginsPaths: [join(root, 'extra')] },
    p,
    pluginSettings,
  );
}

describe('plugin loader', () => {
  it('discovers plugins in node_modules (plain and scoped) and in a plugins folder, skipping ordinary packages', async () => {
    const root = await fixture.makePluginRoot();
    await fixture.writePlugin(join(root, 'node_modules'), fixture.identifierPlugin('alpha', 'alpha'));
    await fixture.writePlugin(join(root, 'node_modules', '@acme'), {
      ...fixture.identifierPlugin('beta', 'beta'),
      name: '@acme/beta',
    });
    await fixture.writePlugin(join(root, 'extra'), fixture.identifierPlugin('gamma', 'gamma'));
    await fixture.writePlugin(join(root, 'node_modules'), { folder: 'left-pad', name: 'left-pad' });
    const registry = await load(root, fixture.pipeline({ identifiers: ['beta'] }));
    const byId = Object.fromEntries(registry.plugins.map((p) => [p.id, p]));
    expect(Object.keys(byId).sort()).toEqual(['alpha', 'beta', 'gamma']);
    expect(byId.beta!.status).toBe('loaded');
    expect(byId.alpha!.status).toBe('available');
    expect(byId.gamma!.origin).toBe('plugins_path');
    expect(registry.find('stage', 'identifier', 'beta')?.pluginId).toBe('beta');
    expect(registry.find('stage', 'identifier', 'alpha')).toBeUndefined(); // not configured: its code never ran
  });

  it('registers the configured implementation in the container and applies setting defaults', async () => {
    const root = await fixture.makePluginRoot();
    await fixture.writePlugin(join(root, 'extra'), fixture.identifierPlugin('alpha', 'alpha'));
    const child = container.createChildContainer();
    await loadPlugins({
      roots: { workspacePlugins: [], nodeModules: [], pluginsPaths: [join(root, 'extra')] },
      pipeline: fixture.pipeline({ identifiers: ['alpha'] }),
      pluginSettings: {},
      container: child,
      logger: fixture.silent,
    });
    const record = child.resolve<{ settings: Record<string, unknown>; pluginId: string }>(
      implementationToken('stage', 'identifier', 'alpha'),
    );
    expect(record.pluginId).toBe('alpha');
    expect(record.settings).toEqual({ confidence: 0.9 });
  });

  it('stops startup when a configured implementation is missing, saying how to fix it', async () => {
    const root = await fixture.makePluginRoot();
    const error = await fixture.startupError(load(root, fixture.pipeline({ identifiers: ['nowhere'] })));
    expect(error.message).toContain(
      'identifier "nowhere": configured in pipeline.identifiers, but no installed plugin offers it',
    );
    expect(error.message).toContain('Fix: install a plugin package that offers stage identifier "nowhere"');
    expect(error.message).toContain('remove "nowhere" from pipeline.identifiers');
  });

  it('stops startup when a configured plugin does not default-export definePlugin()', async () => {
    const root = await fixture.makePluginRoot();
    await fixture.writePlugin(join(root, 'extra'), {
      ...fixture.identifierPlugin('broken', 'broken'),
      code: 'export default { identify() {} };\n',
    });
    const error = await fixture.startupError(load(root, fixture.pipeline({ identifiers: ['broken'] })));
    expect(error.message).toContain(
      'spindle-plugin-broken: its entry index.js does not default-export the result of definePlugin()',
    );
  });

  it('stops startup when a configured plugin throws while loading', async () => {
    const root = await fixture.makePluginRoot();
    await fixture.writePlugin(join(root, 'extra'), {
      ...fixture.identifierPlugin('crashy', 'crashy'),
      code: 'throw new Error("boom at import");\n',
    });
    const error = await fixture.startupError(load(root, fixture.pipeline({ identifiers: ['crashy'] })));
    expect(error.message).toContain('importing its entry index.js threw at index.js:1');
    expect(error.message).toContain('Error: boom at import');
  });

  it('stops startup for a plugin built for another SDK major, naming both versions', async () => {
    const root = await fixture.makePluginRoot();
    await fixture.writePlugin(join(root, 'extra'), fixture.identifierPlugin('future', 'future', { apiVersion: '^2' }));
    const error = await fixture.startupError(load(root, fixture.pipeline({ identifiers: ['future'] })));
    expect(error.message).toContain(`it was built for plugin SDK ^2, but this Spindle provides SDK ${SDK_VERSION}`);
    expect(error.message).toContain('install a version of spindle-plugin-future made for SDK 1');
  });

  it('only reports a broken plugin that nobody configured', async () => {
    const root = await fixture.makePluginRoot();
    await fixture.writePlugin(join(root, 'extra'), fixture.identifierPlugin('future', 'future', { apiVersion: '^2' }));
    await fixture.writePlugin(join(root, 'extra'), {
      folder: 'bad-manifest',
      name: 'bad-manifest',
      spindle: { id: 'Bad Id!' },
    });
    const registry = await load(root, fixture.pipeline({}));
    const statuses = Object.fromEntries(registry.plugins.map((p) => [p.packageName, p.status]));
    expect(statuses).toEqual({ 'spindle-plugin-future': 'invalid', 'bad-manifest': 'invalid' });
    expect(registry.plugins.find((p) => p.packageName === 'bad-manifest')!.problem).toMatch(
      /its manifest \(the "spindle" field of .*package\.json\) is invalid/,
    );
  });

  it('refuses a plugin whose code offers something other than its package.json declares', async () => {
    const root = await fixture.makePluginRoot();
    const plugin = fixture.identifierPlugin('liar', 'liar');
    await fixture.writePlugin(join(root, 'extra'), {
      ...plugin,
      code: plugin.code!.replace('"liar": (setup)', '"other": (setup)'),
    });
    const error = await fixture.startupError(load(root, fixture.pipeline({ identifiers: ['liar'] })));
    expect(error.message).toContain(
      'package.json declares [stage:identifier:liar] but definePlugin() offers [stage:identifier:other]',
    );
  });

  it('refuses invalid plugin settings with the field named', async () => {
    const root = await fixture.makePluginRoot();
    await fixture.writePlugin(join(root, 'extra'), fixture.identifierPlugin('alpha', 'alpha'));
    const error = await fixture.startupError(
      load(root, fixture.pipeline({ identifiers: ['alpha'] }), { alpha: { confidence: 7 } }),
    );
    expect(error.message).toContain('its settings are invalid:\n  - plugin_settings.alpha.confidence: 7 must be <= 1');
  });

  it('refuses two packages offering the same implementation', async () => {
    const root = await fixture.makePluginRoot();
    await fixture.writePlugin(join(root, 'extra'), fixture.identifierPlugin('one', 'same'));
    await fixture.writePlugin(join(root, 'extra'), fixture.identifierPlugin('two', 'same'));
    const error = await fixture.startupError(load(root, fixture.pipeline({ identifiers: ['same'] })));
    expect(error.message).toContain('offered by several packages (spindle-plugin-one, spindle-plugin-two)');
  });
});
