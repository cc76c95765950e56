/**
 * Loads plugins at startup: discover → check manifests (no plugin code runs) → import the
 * configured ones → check their envelopes and settings → register their factories in the
 * container. Any problem with a configured plugin stops startup with a message saying how to
 * fix it; problems with unconfigured plugins are only reported.
 */
import { isPluginEnvelope, SDK_VERSION, type JsonObject, type Logger, type PluginEnvelope, type PluginManifest } from '@spindle/plugin-sdk';
import { Ajv } from 'ajv';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DependencyContainer } from 'tsyringe';
import type { PipelineConfig } from '../config/app-config-fields.ts';
import { discoverPlugins, type DiscoveredPackage, type DiscoveryRoots } from './plugin-discovery.ts';
import { checkManifest } from './plugin-manifest-check.ts';
import { implementationToken, offerKey, PluginRegistry, type ImplementationRecord, type PluginInfo } from './plugin-registry.ts';
import { PluginStartupError, type PluginProblem } from './plugin-startup-error.ts';
import { requiredOffers, type RequiredOffer } from './required-offers.ts';

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

interface Candidate {
  pkg: DiscoveredPackage;
  manifest: PluginManifest;
  info: PluginInfo;
}

function declaredOffers(manifest: PluginManifest): string[] {
  const keys: string[] = [];
  for (const [kind, ids] of Object.entries(manifest.stages ?? {})) for (const id of ids ?? []) keys.push(offerKey('stage', kind, id));
  for (const [kind, ids] of Object.entries(manifest.providers ?? {})) for (const id of ids ?? []) keys.push(offerKey('provider', kind, id));
  return keys.sort();
}

function missingOfferFix(required: RequiredOffer): string {
  return `install a plugin package that offers ${required.group} ${required.kind} "${required.id}" (a package.json with a "spindle" field, in plugins/, node_modules or the plugins_path folder), or remove "${required.id}" from ${required.configKey} in the configuration`;
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

export async function loadPlugins(options: LoadPluginsOptions): Promise<PluginRegistry> {
  const sdkVersion = options.sdkVersion ?? SDK_VERSION;
  const discovered = await discoverPlugins(options.roots);
  const infos: PluginInfo[] = [];
  const invalidByDir = new Map<string, { pkg: DiscoveredPackage; problem: string; fix: string }>();
  const offersIndex = new Map<string, Candidate[]>();

  for (const pkg of discovered) {
    const check = checkManifest(pkg, sdkVersion);
    const rawId = (pkg.manifest as { id?: unknown } | null)?.id;
    const info: PluginInfo = {
      id: typeof rawId === 'string' ? rawId : pkg.packageName,
      packageName: pkg.packageName,
      version: pkg.packageVersion,
      dir: pkg.dir,
      origin: pkg.origin,
      status: check.ok ? 'available' : 'invalid',
      problem: check.ok ? null : check.problem,
      manifest: check.ok ? check.manifest : null,
    };
    infos.push(info);
    if (!check.ok) {
      invalidByDir.set(pkg.dir, { pkg, problem: check.problem, fix: check.fix });
      options.logger.warn(`plugin ${pkg.packageName} is not usable: ${check.problem}`);
      continue;
    }
    for (const key of declaredOffers(check.manifest)) {
      offersIndex.set(key, [...(offersIndex.get(key) ?? []), { pkg, manifest: check.manifest, info }]);
    }
  }

  await options.manifestsChecked?.(infos.flatMap((info) => (info.manifest ? [info.manifest] : [])));
  const pluginSettings = typeof options.pluginSettings === 'function' ? options.pluginSettings() : options.pluginSettings;
  const problems: PluginProblem[] = [];
  const needed = new Map<string, Candidate>();
  for (const required of requiredOffers(options.pipeline)) {
    const key = offerKey(required.group, required.kind, required.id);
    const candidates = offersIndex.get(key) ?? [];
    if (candidates.length === 1) {
      needed.set(candidates[0]!.pkg.dir, candidates[0]!);
      continue;
    }
    if (candidates.length > 1) {
      problems.push({
        subject: `${required.kind} "${required.id}"`,
        problem: `offered by several packages (${candidates.map((c) => c.pkg.packageName).join(', ')})`,
        fix: 'uninstall all but one of them',
      });
      continue;
    }
    // Nothing valid offers it: blame an invalid package that claims it, if any.
    const claimant = [...invalidByDir.values()].find((inv) => {
      const m = inv.pkg.manifest as { stages?: Record<string, unknown>; providers?: Record<string, unknown> } | null;
      const table = required.group === 'stage' ? m?.stages : m?.providers;
      const ids = table?.[required.kind];
      return Array.isArray(ids) && ids.includes(required.id);
    });
    problems.push(
      claimant
        ? { subject: claimant.pkg.packageName, problem: `it is configured in ${required.configKey}, but ${claimant.problem}`, fix: claimant.fix }
        : {
            subject: `${required.kind} "${required.id}"`,
            problem: `configured in ${required.configKey}, but no installed plugin offers it`,
            fix: missingOfferFix(required),
          },
    );
  }

  const implementations = new Map<string, ImplementationRecord>();
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true });
  for (const candidate of needed.values()) {
    let envelope: unknown;
    try {
      envelope = await importEnvelope(candidate.pkg);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      problems.push({ subject: candidate.pkg.packageName, problem: `its code failed to load: ${message}`, fix: `reinstall ${candidate.pkg.packageName} or fix the error in ${candidate.pkg.dir}` });
      candidate.info.status = 'invalid';
      candidate.info.problem = message;
      continue;
    }
    const envelopeProblem = checkEnvelope(envelope, candidate);
    if (envelopeProblem) {
      problems.push({ subject: candidate.pkg.packageName, problem: envelopeProblem, fix: `fix the plugin's src/index.ts so it default-exports definePlugin({...}) matching its package.json` });
      candidate.info.status = 'invalid';
      candidate.info.problem = envelopeProblem;
      continue;
    }
    const settings = structuredClone(pluginSettings[candidate.manifest.id] ?? {}) as JsonObject;
    if (candidate.manifest.settingsSchema) {
      const validate = ajv.compile(candidate.manifest.settingsSchema);
      if (!validate(settings)) {
        const detail = (validate.errors ?? []).map((e) => `${e.instancePath || '(settings)'} ${e.message ?? ''}`).join('; ');
        problems.push({ subject: candidate.pkg.packageName, problem: `its settings are invalid: ${detail}`, fix: `correct plugin_settings["${candidate.manifest.id}"] in the configuration` });
        continue;
      }
    }
    candidate.info.status = 'loaded';
    const env = envelope as PluginEnvelope;
    for (const offer of env.offers) {
      const table = (offer.group === 'stage' ? env.definition.stages : env.definition.providers) as Record<string, Record<string, ImplementationRecord['create']>>;
      const record: ImplementationRecord = {
        pluginId: candidate.manifest.id,
        group: offer.group,
        kind: offer.kind,
        id: offer.id,
        manifest: candidate.manifest,
        settings,
        create: table[offer.kind]![offer.id]!,
      };
      implementations.set(offerKey(offer.group, offer.kind, offer.id), record);
      options.container.register(implementationToken(offer.group, offer.kind, offer.id), { useValue: record });
    }
  }

  if (problems.length > 0) throw new PluginStartupError(problems);
  for (const info of infos.filter((i) => i.status === 'loaded')) options.logger.debug(`plugin ${info.id} ${info.version} loaded from ${info.dir}`);
  return new PluginRegistry(infos, implementations);
}
