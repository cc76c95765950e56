/**
 * Builds real plugin packages on disk for loader tests (package.json + ESM entry), and the loader
 * call, pipeline and error capture those tests share.
 */
import type { Logger } from '@spindle/plugin-sdk';
import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { container } from 'tsyringe';
import { expect } from 'vitest';
import { EMPTY_PIPELINE } from '../../../test/support/service-harness.ts';
import { PIPELINE_DEFAULT, type PipelineConfig } from '../../src/config/app-config-fields.ts';
import { loadPlugins } from '../../src/plugins/plugin-loader.ts';
import { PluginStartupError } from '../../src/plugins/plugin-startup-error.ts';

export const SDK_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../plugin-sdk');
export const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** The default pipeline with every stage empty, then `overrides`. */
export function pipeline(overrides: Partial<PipelineConfig>): PipelineConfig {
  return { ...structuredClone(PIPELINE_DEFAULT), ...structuredClone(EMPTY_PIPELINE), ...overrides };
}

/** Loads the plugins found in these node_modules folders and plugins_path folders (no workspace plugins). */
export function loadFrom(
  found: { nodeModules: string[]; pluginsPaths: string[] },
  p: PipelineConfig,
  pluginSettings: Record<string, Record<string, unknown>> = {},
) {
  return loadPlugins({
    roots: { workspacePlugins: [], ...found },
    pipeline: p,
    pluginSettings,
    container: container.createChildContainer(),
    logger: silent,
  });
}

/** The PluginStartupError the promise rejects with (fails the test if it resolves or throws something else). */
export async function startupError(promise: Promise<unknown>): Promise<PluginStartupError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PluginStartupError);
  return error as PluginStartupError;
}

export interface FixturePlugin {
  folder: string;
  name: string;
  spindle?: unknown;
  code?: string;
}

/** A temp root whose node_modules/@spindle/plugin-sdk points at this repo's SDK, like a real install. */
export async function makePluginRoot(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'spindle-plugins-'));
  await mkdir(join(root, 'node_modules', '@spindle'), { recursive: true });
  await symlink(SDK_DIR, join(root, 'node_modules', '@spindle', 'plugin-sdk'), 'dir');
  return root;
}

export async function writePlugin(parent: string, plugin: FixturePlugin): Promise<string> {
  const dir = join(parent, plugin.folder);
  await mkdir(dir, { recursive: true });
  const pkg: Record<string, unknown> = { name: plugin.name, version: '1.2.3', type: 'module', main: 'index.js' };
  if (plugin.spindle !== undefined) pkg.spindle = plugin.spindle;
  await writeFile(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  await writeFile(join(dir, 'index.js'), plugin.code ?? 'export default {};\n');
  return dir;
}

/** A valid identifier plugin that answers from its `answers` setting. */
export function identifierPlugin(id: string, implId: string, extra: Record<string, unknown> = {}): FixturePlugin {
  return {
    folder: id,
    name: `spindle-plugin-${id}`,
    spindle: {
      id,
      apiVersion: '^1',
      stages: { identifier: [implId] },
      settingsSchema: {
        type: 'object',
        properties: { confidence: { type: 'number', minimum: 0, maximum: 1, default: 0.9 } },
        additionalProperties: false,
      },
      ...extra,
    },
    code: `import { definePlugin } from '@spindle/plugin-sdk';
export default definePlugin({
  id: ${JSON.stringify(id)},
  stages: {
    identifier: {
      ${JSON.stringify(implId)}: (setup) => ({
        async identify(input) {
          return {
            contentType: 'movie', source: 'heuristic', confidence: setup.settings.confidence,
            title: input.job.volumeLabel, year: null, season: null, discNumber: null, catalogId: null,
            catalogTitle: null, discLookup: null, titleHints: [], ambiguousMovie: false, reviewReason: null,
            evidence: ['fixture'],
          };
        },
      }),
    },
  },
});
`,
  };
}
