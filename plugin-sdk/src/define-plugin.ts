import type { PluginSetup, JsonObject } from './context.ts';
import { ConfigurationError } from './errors.ts';
import { PROVIDER_KINDS, type ProviderKind, type ProviderMap } from './providers/index.ts';
import { STAGE_KINDS, type StageKind, type StageMap } from './stages/index.ts';
import { PLUGIN_ENVELOPE_KIND, PLUGIN_ENVELOPE_VERSION, SDK_VERSION } from './version.ts';

type Awaitable<T> = T | Promise<T>;

export type StageFactory<K extends StageKind, S = JsonObject> = (setup: PluginSetup<S>) => Awaitable<StageMap[K]>;
export type ProviderFactory<K extends ProviderKind, S = JsonObject> = (
  setup: PluginSetup<S>,
) => Awaitable<ProviderMap[K]>;

export interface PluginDefinition<S = JsonObject> {
  /** Same as the `spindle.id` of the package.json. Lowercase letters, digits and dashes. */
  id: string;
  name?: string;
  /** Stage kind → implementation id → factory. */
  stages?: { [K in StageKind]?: Record<string, StageFactory<K, S>> };
  /** Provider kind → implementation id → factory. */
  providers?: { [K in ProviderKind]?: Record<string, ProviderFactory<K, S>> };
}

export interface PluginOffer {
  group: 'stage' | 'provider';
  kind: StageKind | ProviderKind;
  id: string;
}

/** What `definePlugin()` returns and a plugin package default-exports. */
export interface PluginEnvelope<S = JsonObject> {
  readonly kind: typeof PLUGIN_ENVELOPE_KIND;
  readonly envelopeVersion: typeof PLUGIN_ENVELOPE_VERSION;
  /** The SDK version the plugin was built against. */
  readonly sdkVersion: string;
  readonly definition: Readonly<PluginDefinition<S>>;
  /** Every stage and provider implementation the plugin offers. */
  readonly offers: readonly PluginOffer[];
}

export const ID_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

function invalid(pluginId: string, problem: string): ConfigurationError {
  return new ConfigurationError(
    'plugin_definition_invalid',
    `Plugin "${pluginId}" is not defined correctly: ${problem}`,
  );
}

function collectOffers<G extends 'stage' | 'provider'>(
  pluginId: string,
  group: G,
  table: Record<string, unknown> | undefined,
  allowed: readonly string[],
): PluginOffer[] {
  if (table === undefined) return [];
  if (typeof table !== 'object' || table === null || Array.isArray(table)) {
    throw invalid(pluginId, `"${group}s" must be an object of kind → { id: factory }`);
  }
  const offers: PluginOffer[] = [];
  for (const [kind, implementations] of Object.entries(table)) {
    if (!allowed.includes(kind)) {
      throw invalid(pluginId, `unknown ${group} kind "${kind}" (known: ${allowed.join(', ')})`);
    }
    if (typeof implementations !== 'object' || implementations === null || Array.isArray(implementations)) {
      throw invalid(pluginId, `${group} "${kind}" must map implementation ids to factory functions`);
    }
    for (const [id, factory] of Object.entries(implementations)) {
      if (!ID_PATTERN.test(id)) {
        throw invalid(pluginId, `${group} id "${id}" must be lowercase letters, digits and dashes`);
      }
      if (typeof factory !== 'function') {
        throw invalid(pluginId, `${group} "${kind}:${id}" must be a factory function, got ${typeof factory}`);
      }
      offers.push({ group, kind: kind as StageKind & ProviderKind, id });
    }
  }
  return offers;
}

/**
 * Declares a plugin. Validates its own shape (throws a ConfigurationError saying what is wrong)
 * and returns a frozen, versioned envelope for the core's loader.
 */
export function definePlugin<S = JsonObject>(definition: PluginDefinition<S>): PluginEnvelope<S> {
  if (typeof definition !== 'object' || definition === null) {
    throw invalid('?', 'definePlugin() needs an object');
  }
  const id = definition.id;
  if (typeof id !== 'string' || !ID_PATTERN.test(id)) {
    throw invalid(String(id), 'id must be lowercase letters, digits and dashes (e.g. "ripper-folder")');
  }
  const offers = [
    ...collectOffers(id, 'stage', definition.stages as Record<string, unknown> | undefined, STAGE_KINDS),
    ...collectOffers(id, 'provider', definition.providers as Record<string, unknown> | undefined, PROVIDER_KINDS),
  ];
  if (offers.length === 0) {
    throw invalid(id, 'it offers no stage and no provider');
  }
  return Object.freeze({
    kind: PLUGIN_ENVELOPE_KIND,
    envelopeVersion: PLUGIN_ENVELOPE_VERSION,
    sdkVersion: SDK_VERSION,
    definition: Object.freeze({ ...definition }),
    offers: Object.freeze(offers),
  });
}

/** Recognises an envelope made by any copy of the SDK. */
export function isPluginEnvelope(value: unknown): value is PluginEnvelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === PLUGIN_ENVELOPE_KIND &&
    typeof (value as { envelopeVersion?: unknown }).envelopeVersion === 'number' &&
    Array.isArray((value as { offers?: unknown }).offers)
  );
}
