/**
 * Loading plugins: discover → check manifests (no plugin code runs) → import the configured ones →
 * check their envelopes and settings. The steps (`catalogPlugins` and `findOffer` in
 * plugin-catalog.ts, `activatePlugin`, `settingsProblem`) are shared with the live pipeline host
 * (app/pipeline-host.ts), which the service uses: it refuses a configuration that could not start
 * and starts in safe mode instead of failing. `loadPlugins()` is the all-or-nothing form: any
 * problem with a configured plugin throws a PluginStartupError saying how to fix it; problems with
 * unconfigured plugins are only reported.
 */
import {
  applySettingsDefaults,
  isPluginEnvelope,
  SDK_VERSION,
  type JsonObject,
  type Logger,
  type PluginEnvelope,
  type PluginManifest,
} from '@spindle/plugin-sdk';
import { Ajv } from 'ajv';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DependencyContainer } from 'tsyringe';
import type { PipelineConfig } from '../config/app-config-fields.ts';
import { catalogPlugins, declaredOffers, findOffer, type Candidate } from './plugin-catalog.ts';
import type { DiscoveredPackage, DiscoveryRoots } from './plugin-discovery.ts';
import { codeThrowProblem, settingsErrorLines, settingsFix } from './plugin-load-messages.ts';
import { implementationToken, offerKey, PluginRegistry, type ImplementationRecord } from './plugin-registry.ts';
import { PluginStartupError, type PluginProblem } from './plugin-startup-error.ts';
import { provideSdk } from './plugin-sdk-link.ts';
import { requiredOffers } from './required-offers.ts';

export interface LoadPluginsOptions {
  roots: DiscoveryRoots;
  pipeline: PipelineConfig;
  /** Read after `manifestsChecked` ran (a function reads the value then). */
  pluginSettings: Record<string, Record<string, unknown>> | (() => Record<string, Record<string, unknown>>);
  /** Told every valid manifest before any plugin code runs or settings are read (e.g. which settings are secrets). */
  manifestsChecked?: (manifests: PluginManifest[]) => Promise<void> | void;
  container: DependencyContainer;
  logger: Logger;
  sdkVersion?: string;
}

async function importEnvelope(pkg: DiscoveredPackage): Promise<unknown> {
  const module = (await import(pathToFileURL(join(pkg.dir, pkg.entry)).href)) as { default?: unknown };
  return module.default;
}

function checkEnvelope(envelope: unknown, candidate: Candidate): string | null {
  if (!isPluginEnvelope(envelope)) {
    return `its entry ${candidate.pkg.entry} does not default-export the result of definePlugin() from @spindle/plugin-sdk`;
  }
  const env = envelope as PluginEnvelope;
  if (env.definition.id !== candidate.manifest.id) {
    return `definePlugin() says id "${env.definition.id}" but package.json says "${candidate.manifest.id}"`;
  }
  const offered = env.offers.map((o) => offerKey(o.group, o.kind, o.id)).sort();
  const declared = declaredOffers(candidate.manifest);
  if (offered.join() !== declared.join()) {
    return `package.json declares [${declared.join(', ')}] but definePlugin() offers [${offered.join(', ')}]`;
  }
  return null;
}

/**
 * Why `settings` (defaults already applied) break the plugin's settingsSchema, or null. `field` is
 * the first bad property as a configuration path (plugin_settings.<id>.<key>); the problem lists
 * every bad property the way the loader names them.
 */
export function settingsProblem(
  manifest: PluginManifest,
  settings: JsonObject,
): (PluginProblem & { field: string }) | null {
  if (!manifest.settingsSchema) return null;
  const validate = settingsAjv.compile(manifest.settingsSchema);
  if (validate(settings)) return null;
  const errors = validate.errors ?? [];
  const lines = settingsErrorLines(errors, manifest.id, settings);
  const first = errors[0];
  const extra =
    first?.keyword === 'additionalProperties'
      ? [String(first.params.additionalProperty)]
      : first?.keyword === 'required'
        ? [String(first.params.missingProperty)]
        : [];
  const field = [
    'plugin_settings',
    manifest.id,
    ...(first?.instancePath ?? '').split('/').filter(Boolean),
    ...extra,
  ].join('.');
  return {
    subject: `plugin "${manifest.id}"`,
    problem: `its settings are invalid:\n  - ${lines.join('\n  - ')}`,
    fix: settingsFix(manifest.id, lines),
    field,
  };
}

// Defaults come from the SDK's applySettingsDefaults (the test kit uses the same function), not ajv's useDefaults.
const settingsAjv = new Ajv({ allErrors: true, strict: false });

/**
 * Imports a plugin's code and checks its envelope, then builds the records of its offers with
 * its validated settings. Marks the plugin loaded (or invalid) in its info.
 */
export async function activatePlugin(
  candidate: Candidate,
  rawSettings: Record<string, unknown> | undefined,
  pluginsPaths: readonly string[],
): Promise<{ records: ImplementationRecord[] } | { problem: PluginProblem }> {
  const sdkProblem = await provideSdk(candidate.pkg, pluginsPaths, candidate.manifest.id);
  if (sdkProblem) {
    candidate.info.status = 'invalid';
    candidate.info.problem = sdkProblem.problem;
    return { problem: sdkProblem };
  }
  let envelope: unknown;
  try {
    envelope = await importEnvelope(candidate.pkg);
  } catch (error) {
    const problem = codeThrowProblem({
      error,
      pluginId: candidate.manifest.id,
      packageName: candidate.pkg.packageName,
      dir: candidate.pkg.dir,
      during: `importing its entry ${candidate.pkg.entry}`,
      configured: (candidate.configuredIn ?? ['the pipeline']).join(' and '),
    });
    candidate.info.status = 'invalid';
    candidate.info.problem = problem.problem.split('\n')[0]!;
    return { problem };
  }
  const envelopeProblem = checkEnvelope(envelope, candidate);
  if (envelopeProblem) {
    candidate.info.status = 'invalid';
    candidate.info.problem = envelopeProblem;
    return {
      problem: {
        subject: candidate.pkg.packageName,
        problem: envelopeProblem,
        fix: `fix the plugin's src/index.ts so it default-exports definePlugin({...}) matching its package.json`,
      },
    };
  }
  const settings = applySettingsDefaults<JsonObject>(
    candidate.manifest.settingsSchema,
    structuredClone(rawSettings ?? {}) as JsonObject,
  );
  const invalid = settingsProblem(candidate.manifest, settings);
  if (invalid)
    return { problem: { ...invalid, subject: `plugin "${candidate.manifest.id}" (${candidate.pkg.packageName})` } };
  const env = envelope as PluginEnvelope;
  const records = env.offers.map((offer): ImplementationRecord => {
    const table = (offer.group === 'stage' ? env.definition.stages : env.definition.providers) as Record<
      string,
      Record<string, ImplementationRecord['create']>
    >;
    return {
      pluginId: candidate.manifest.id,
      packageName: candidate.pkg.packageName,
      dir: candidate.pkg.dir,
      group: offer.group,
      kind: offer.kind,
      id: offer.id,
      manifest: candidate.manifest,
      settings,
      create: table[offer.kind]![offer.id]!,
    };
  });
  return { records };
}

export async function loadPlugins(options: LoadPluginsOptions): Promise<PluginRegistry> {
  const sdkVersion = options.sdkVersion ?? SDK_VERSION;
  const catalog = await catalogPlugins(options.roots, sdkVersion, options.logger);
  const { infos } = catalog;

  await options.manifestsChecked?.(infos.flatMap((info) => (info.manifest ? [info.manifest] : [])));
  const pluginSettings =
    typeof options.pluginSettings === 'function' ? options.pluginSettings() : options.pluginSettings;
  const problems: PluginProblem[] = [];
  const needed = new Map<string, Candidate>();
  for (const required of requiredOffers(options.pipeline)) {
    const found = findOffer(catalog, required);
    if ('problem' in found) {
      problems.push(found.problem);
      continue;
    }
    const candidate = needed.get(found.candidate.pkg.dir) ?? found.candidate;
    candidate.configuredIn = [...new Set([...(candidate.configuredIn ?? []), required.configKey])];
    needed.set(candidate.pkg.dir, candidate);
  }

  const implementations = new Map<string, ImplementationRecord>();
  for (const candidate of needed.values()) {
    const activated = await activatePlugin(
      candidate,
      pluginSettings[candidate.manifest.id],
      options.roots.pluginsPaths,
    );
    if ('problem' in activated) {
      problems.push(activated.problem);
      continue;
    }
    candidate.info.status = 'loaded';
    for (const record of activated.records) {
      implementations.set(offerKey(record.group, record.kind, record.id), record);
      options.container.register(implementationToken(record.group, record.kind, record.id), { useValue: record });
    }
  }

  if (problems.length > 0) throw new PluginStartupError(problems);
  for (const info of infos.filter((i) => i.status === 'loaded'))
    options.logger.debug(`plugin ${info.id} ${info.version} loaded from ${info.dir}`);
  return new PluginRegistry(infos, implementations);
}
