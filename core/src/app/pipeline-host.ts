/**
 * The live plugin host: which implementation serves each stage, kept in step with the
 * configuration without a restart.
 * - At start it looks into the plugin folders (manifests only), imports the plugins the pipeline
 *   names and creates their implementations. What cannot start (a plugin uninstalled while Spindle
 *   was stopped, settings its schema refuses, a factory that throws) puts that stage on its
 *   built-in default: safe mode, listed by `safeMode()` (GET /api/status, the UI's banner).
 * - Before a pipeline or plugin-settings write is stored, `check()` imports what it names and
 *   creates it (looking into the plugin folders again when an implementation is not known, so a
 *   plugin dropped into plugins_path meanwhile can be chosen); anything that could not start
 *   refuses the write with 400 naming the field.
 * - After the write, `apply()` swaps the live chains: the next job uses them, a running job keeps
 *   its snapshot, detectors that changed are restarted (see DetectorHost.pipelineChanged).
 * Implementations are created once per (implementation, settings) and reused while unchanged.
 */
import type { JsonObject, Logger, PluginManifest } from '@spindle/plugin-sdk';
import { isDeepStrictEqual } from 'node:util';
import { PIPELINE_DEFAULT, type PipelineConfig } from '../config/app-config-fields.ts';
import { invalidConfig } from '../config/config-validation.ts';
import type { PluginContextFactory } from '../plugins/plugin-context-factory.ts';
import { catalogPlugins, findOffer, type Candidate, type PluginCatalog } from '../plugins/plugin-catalog.ts';
import { activatePlugin, settingsProblem } from '../plugins/plugin-loader.ts';
import type { DiscoveryRoots } from '../plugins/plugin-discovery.ts';
import { offerKey, PluginRegistry, type ImplementationRecord } from '../plugins/plugin-registry.ts';
import { PluginStartupError, type PluginProblem } from '../plugins/plugin-startup-error.ts';
import { createImplementation } from '../plugins/create-implementation.ts';
import { requiredOffers, type RequiredOffer } from '../plugins/required-offers.ts';
import { StageResolver, type ProviderTable, type Resolved } from '../pipeline/stage-resolver.ts';
import { errorMessage } from '@spindle/plugin-sdk';

type PluginSettings = Record<string, Record<string, unknown>>;

/** A stage the stored configuration names but that could not start: it runs on `using` instead. */
export interface SafeModeEntry {
  field: string;
  problem: string;
  fix: string;
  /** What serves the stage meanwhile (the built-in default, or nothing). */
  using: unknown;
}

export interface PipelineHostDeps {
  roots: DiscoveryRoots;
  sdkVersion: string;
  logger: Logger;
  contexts: PluginContextFactory;
  providers: ProviderTable;
  /** Told every valid manifest before any plugin code runs (which settings are secrets, server-level, …). */
  manifestsChecked(manifests: PluginManifest[]): Promise<void> | void;
  /** Told every implementation record in use after each change (the container registers them). */
  registered?(record: ImplementationRecord): void;
}

interface Prepared {
  resolved: Map<string, Resolved<unknown>>;
  /** Cache keys of the implementations used (see `instances`). */
  used: Set<string>;
  problems: { offer: RequiredOffer; problem: PluginProblem & { field?: string } }[];
}

const problemText = (p: PluginProblem) => `${p.subject}: ${p.problem}. Fix: ${p.fix}`;

function valueAt(pipeline: unknown, configKey: string): unknown {
  let node: unknown = pipeline;
  for (const key of configKey.split('.').slice(1)) node = (node as Record<string, unknown> | undefined)?.[key];
  return node;
}

function withValueAt(pipeline: PipelineConfig, configKey: string, value: unknown): PipelineConfig {
  const copy = structuredClone(pipeline) as unknown as Record<string, unknown>;
  const keys = configKey.split('.').slice(1);
  let node = copy;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] = structuredClone(value);
  return copy as unknown as PipelineConfig;
}

const emptyValue = (configKey: string): unknown => (/^pipeline\.(organizer|rippers\.)/.test(configKey) ? null : []);

export class PipelineHost {
  private catalog: PluginCatalog = { infos: [], invalidByDir: new Map(), offersIndex: new Map() };
  private readonly activations = new Map<
    string,
    Promise<{ records: ImplementationRecord[] } | { problem: PluginProblem }>
  >();
  private readonly instances = new Map<string, Promise<Resolved<unknown>>>();
  private readonly declared = new Set<string>();
  private safe: SafeModeEntry[] = [];
  readonly registry = new PluginRegistry([], new Map());
  private live: StageResolver | null = null;

  constructor(private readonly deps: PipelineHostDeps) {}

  /** Looks into the plugin folders and starts the configured pipeline (safe mode for what cannot start). */
  async start(pipeline: PipelineConfig, settings: () => PluginSettings): Promise<StageResolver> {
    await this.refreshCatalog();
    const built = await this.build(pipeline, settings());
    this.live = built.resolver;
    this.commit(built.resolver, built.records);
    for (const entry of this.safe)
      this.deps.logger.error(
        `SAFE MODE: ${entry.field} could not start (${entry.problem}); running ${JSON.stringify(entry.using)} instead. Fix: ${entry.fix}`,
      );
    return built.resolver;
  }

  /** Stages that run on their built-in default because the stored configuration could not start. */
  safeMode(): SafeModeEntry[] {
    return structuredClone(this.safe);
  }

  /**
   * Refuses (InputError naming the field) a pipeline or plugin settings that could not start.
   * `before`/`beforePipeline` are what is stored: settings of other plugins are checked only where
   * they changed, and a stage already in safe mode that the write leaves as it is does not refuse
   * it (the person can change other settings before fixing that stage).
   */
  async check(
    pipeline: PipelineConfig,
    settings: PluginSettings,
    before: PluginSettings,
    beforePipeline: PipelineConfig,
  ): Promise<void> {
    for (const [pluginId, values] of Object.entries(settings)) {
      if (isDeepStrictEqual(values, before[pluginId])) continue;
      const manifest = this.catalog.infos.find((i) => i.manifest?.id === pluginId)?.manifest;
      const problem = manifest ? settingsProblem(manifest, structuredClone(values) as JsonObject) : null;
      if (problem) throw invalidConfig(problem.field, `Invalid value for "${problem.field}": ${problem.problem}`);
    }
    const prepared = await this.prepare(pipeline, settings, true);
    const unchangedInSafeMode = (key: string) =>
      this.safe.some((entry) => entry.field === key) &&
      isDeepStrictEqual(valueAt(pipeline, key), valueAt(beforePipeline, key));
    const first = prepared.problems.find((p) => !unchangedInSafeMode(p.offer.configKey));
    if (first) {
      const field = first.problem.field ?? first.offer.configKey;
      throw invalidConfig(field, `Invalid value for "${field}": ${problemText(first.problem)}`);
    }
  }

  /** Swaps the live chains to `pipeline` (already checked); the next job uses them. */
  async apply(pipeline: PipelineConfig, settings: PluginSettings): Promise<void> {
    const built = await this.build(pipeline, settings);
    this.live?.replaceWith(built.resolver);
    this.commit(built.resolver, built.records);
    this.deps.logger.info('pipeline changed: the next job uses the new configuration');
  }

  private commit(resolver: StageResolver, records: ImplementationRecord[]): void {
    this.deps.providers.replace(resolver.providerImpls());
    const loaded = new Set(records.map((r) => r.pluginId));
    for (const info of this.catalog.infos) {
      if (info.status !== 'invalid')
        info.status = info.manifest && loaded.has(info.manifest.id) ? 'loaded' : 'available';
    }
    this.registry.update(this.catalog.infos, new Map(records.map((r) => [offerKey(r.group, r.kind, r.id), r])));
    for (const record of records) this.deps.registered?.(record);
  }

  private async build(pipeline: PipelineConfig, settings: PluginSettings) {
    let effective = pipeline;
    let prepared = await this.prepare(effective, settings, false);
    const safe: SafeModeEntry[] = [];
    // A key that could not start goes back to its built-in default; if that fails too, to nothing.
    for (const fallback of ['default', 'empty'] as const) {
      if (prepared.problems.length === 0) break;
      for (const { offer, problem } of prepared.problems) {
        const using =
          fallback === 'default'
            ? (valueAt(PIPELINE_DEFAULT, offer.configKey) ?? emptyValue(offer.configKey))
            : emptyValue(offer.configKey);
        effective = withValueAt(effective, offer.configKey, using);
        const entry = safe.find((s) => s.field === offer.configKey);
        if (entry) entry.using = using;
        else
          safe.push({
            field: offer.configKey,
            problem: `${problem.subject}: ${problem.problem}`,
            fix: problem.fix,
            using,
          });
      }
      prepared = await this.prepare(effective, settings, false);
    }
    this.safe = safe;
    // Implementations no longer configured are let go (a running job's snapshot still holds its own).
    for (const key of [...this.instances.keys()]) if (!prepared.used.has(key)) this.instances.delete(key);
    const resolver = StageResolver.fromResolved(effective, (group, kind, id) =>
      prepared.resolved.get(offerKey(group, kind, id))!,
    );
    return { resolver, records: [...prepared.resolved.values()].map((r) => r.record) };
  }

  private async prepare(pipeline: PipelineConfig, settings: PluginSettings, lookAgain: boolean): Promise<Prepared> {
    const resolved = new Map<string, Resolved<unknown>>();
    const used = new Set<string>();
    const problems: Prepared['problems'] = [];
    let refreshed = !lookAgain;
    // Providers first, as stages may use them (they are looked up through the context at call time).
    const offers = requiredOffers(pipeline).sort(
      (a, b) => Number(a.group !== 'provider') - Number(b.group !== 'provider'),
    );
    for (const offer of offers) {
      let found = findOffer(this.catalog, offer);
      if ('problem' in found && !refreshed) {
        refreshed = true; // a plugin may have been added to a plugin folder since the last look
        await this.refreshCatalog();
        found = findOffer(this.catalog, offer);
      }
      if ('problem' in found) {
        problems.push({ offer, problem: found.problem });
        continue;
      }
      const result = await this.instance(found.candidate, offer, settings[found.candidate.manifest.id]);
      if ('problem' in result) problems.push({ offer, problem: result.problem });
      else {
        resolved.set(offerKey(offer.group, offer.kind, offer.id), result.resolved);
        used.add(result.key);
      }
    }
    return { resolved, used, problems };
  }

  private async instance(
    candidate: Candidate,
    offer: RequiredOffer,
    raw: Record<string, unknown> | undefined,
  ): Promise<{ resolved: Resolved<unknown>; key: string } | { problem: PluginProblem }> {
    const settingsKey = JSON.stringify(raw ?? {});
    const activationKey = `${candidate.pkg.dir}\0${settingsKey}`;
    if (!this.activations.has(activationKey))
      this.activations.set(activationKey, activatePlugin(candidate, raw, this.deps.roots.pluginsPaths));
    const activated = await this.activations.get(activationKey)!;
    if ('problem' in activated) {
      this.activations.delete(activationKey); // fixed code or settings may load next time
      return { problem: activated.problem };
    }
    const record = activated.records.find(
      (r) => r.group === offer.group && r.kind === offer.kind && r.id === offer.id,
    )!;
    const instanceKey = `${offerKey(offer.group, offer.kind, offer.id)}\0${activationKey}`;
    if (!this.instances.has(instanceKey)) {
      this.instances.set(
        instanceKey,
        Promise.resolve().then(async () => ({
          record,
          impl: await createImplementation(record, this.deps.contexts.setup(record)),
        })),
      );
    }
    try {
      return { resolved: await this.instances.get(instanceKey)!, key: instanceKey };
    } catch (error) {
      this.instances.delete(instanceKey);
      if (error instanceof PluginStartupError && error.problems[0]) return { problem: error.problems[0] };
      const message = errorMessage(error);
      return {
        problem: {
          subject: candidate.pkg.packageName,
          problem: `its ${offer.kind} "${offer.id}" failed to start: ${message}`,
          fix: `correct plugin_settings["${candidate.manifest.id}"] or fix the plugin in ${candidate.pkg.dir}`,
        },
      };
    }
  }

  /** Reads the plugin folders again (manifests only); plugins already imported keep their status. */
  private async refreshCatalog(): Promise<void> {
    const previous = new Map(this.catalog.infos.map((info) => [info.dir, info]));
    this.catalog = await catalogPlugins(this.deps.roots, this.deps.sdkVersion, this.deps.logger);
    for (const info of this.catalog.infos) {
      const before = previous.get(info.dir);
      if (before && info.status !== 'invalid' && before.status !== 'invalid') info.status = before.status;
    }
    const fresh = this.catalog.infos.flatMap((info) => (info.manifest && !this.declared.has(info.dir) ? [info] : []));
    for (const info of fresh) this.declared.add(info.dir);
    if (fresh.length > 0 || previous.size === 0) await this.deps.manifestsChecked(fresh.map((info) => info.manifest!));
  }
}
