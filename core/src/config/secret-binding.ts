/**
 * A stored secret belongs to the place it is sent. When a write changes where a plugin sends its
 * credentials (a URL-like setting: `base_url`, `jellyfin_url`, `ntfy_server`, `endpoint`, …) to
 * another origin, the credentials bound to that URL are cleared unless the same write sends new
 * ones; the answer lists what was cleared, and the owner enters the secret again.
 *
 * Which secrets go with which URL, by name: `<prefix>_url` / `<prefix>_server` / `<prefix>_host`
 * bind the plugin's credential settings that start with `<prefix>_` (`jellyfin_url` →
 * `jellyfin_api_key`); an unprefixed URL (`base_url`, `endpoint`, `url`, `server`) binds every
 * credential setting of the plugin that no prefixed URL claims, plus the application secrets
 * the plugin reads through `appSettings` (provider-tmdb's `base_url` → `catalog_api_key`).
 */
import { SECRET_MASK } from './app-config-fields.ts';
import { isSecretPluginSetting } from './secret-registry.ts';

const UNPREFIXED_URLS = new Set(['base_url', 'api_url', 'server_url', 'url', 'server', 'host', 'endpoint', 'address']);
const PREFIXED_URL = /^(.+)_(?:url|server|host|endpoint|address)$/;

/** For a URL-like setting: null when it is the plugin's main URL, else the prefix it shares with its secrets. Undefined for other settings. */
function urlPrefix(key: string): string | null | undefined {
  if (UNPREFIXED_URLS.has(key)) return null;
  return PREFIXED_URL.exec(key)?.[1];
}
const isUrlSetting = (key: string) => urlPrefix(key) !== undefined;

interface PluginUrlFacts {
  /** Defaults of the plugin's URL-like settings (what a missing value means). */
  defaults: Record<string, unknown>;
  /** Application secret fields the plugin reads (its manifest's appSettings ∩ secrets). */
  appSecrets: string[];
}

const factsByPlugin = new Map<string, PluginUrlFacts>();

/** Learns a plugin's URL defaults and the application secrets it reads (from its manifest, at startup). */
export function declareSecretDestinations(
  pluginId: string,
  settingsSchema: unknown,
  appSecrets: readonly string[],
): void {
  const properties =
    (settingsSchema as { properties?: Record<string, { default?: unknown } | null> } | null | undefined)?.properties ??
    {};
  const defaults = Object.fromEntries(
    Object.entries(properties)
      .filter(([key]) => isUrlSetting(key))
      .map(([key, schema]) => [key, schema?.default ?? null]),
  );
  factsByPlugin.set(pluginId, { defaults, appSecrets: [...appSecrets] });
}

/** Where a URL-like value sends things: its origin, or the trimmed text when it is not a URL. Null when empty. */
function destination(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    return url.origin !== 'null' ? url.origin.toLowerCase() : value.trim();
  } catch {
    return value.trim();
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface SecretClearing {
  /** Plugin settings without the secrets whose destination changed. */
  pluginSettings: Record<string, Record<string, unknown>>;
  /** Application secret fields to clear (set to null). */
  appFields: string[];
  /** Everything cleared, as dotted names (`catalog_api_key`, `plugin_settings.refresher-media-server.jellyfin_api_key`). */
  cleared: string[];
}

/**
 * Compares the plugin settings before and after a write and clears the credentials whose
 * destination moved. `sent` is what the write itself carried (a credential in it is new and kept);
 * `sentAppFields` the application fields it carried.
 */
export function clearMovedSecrets(
  before: Record<string, Record<string, unknown>>,
  after: Record<string, Record<string, unknown>>,
  sent: unknown,
  sentAppFields: ReadonlySet<string>,
  storedAppSecrets: ReadonlySet<string>,
): SecretClearing {
  const pluginSettings: Record<string, Record<string, unknown>> = { ...after };
  const appFields = new Set<string>();
  const cleared: string[] = [];
  const sentSettings = isObject(sent) ? sent : {};
  for (const pluginId of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = before[pluginId] ?? {};
    const next = after[pluginId] ?? {};
    const facts = factsByPlugin.get(pluginId);
    const sentHere = isObject(sentSettings[pluginId]) ? (sentSettings[pluginId] as Record<string, unknown>) : {};
    const urlKeys = new Set(
      [...Object.keys(facts?.defaults ?? {}), ...Object.keys(old), ...Object.keys(next)].filter(isUrlSetting),
    );
    const prefixes = [...urlKeys].map(urlPrefix).filter((p): p is string => typeof p === 'string');
    let copy: Record<string, unknown> | null = null;
    for (const urlKey of urlKeys) {
      const fallback = facts?.defaults[urlKey] ?? null;
      const from = destination(Object.hasOwn(old, urlKey) ? old[urlKey] : fallback);
      const to = destination(Object.hasOwn(next, urlKey) ? next[urlKey] : fallback);
      if (from === null || from === to) continue; // nothing was being sent anywhere, or it still goes to the same place
      const prefix = urlPrefix(urlKey);
      const bound = Object.keys(next).filter(
        (key) =>
          key !== urlKey &&
          isSecretPluginSetting(pluginId, key) &&
          (typeof prefix === 'string' ? key.startsWith(`${prefix}_`) : !prefixes.some((p) => key.startsWith(`${p}_`))),
      );
      for (const key of bound) {
        const sentNew = Object.hasOwn(sentHere, key) && sentHere[key] !== SECRET_MASK;
        if (sentNew || next[key] === null || next[key] === '') continue; // a new secret came with the write, or none is stored
        copy ??= { ...next };
        delete copy[key];
        cleared.push(`plugin_settings.${pluginId}.${key}`);
      }
      if (prefix === null) {
        for (const field of facts?.appSecrets ?? []) {
          if (sentAppFields.has(field) || !storedAppSecrets.has(field) || appFields.has(field)) continue;
          appFields.add(field);
          cleared.push(field);
        }
      }
    }
    if (copy) pluginSettings[pluginId] = copy;
  }
  return { pluginSettings, appFields: [...appFields], cleared: [...new Set(cleared)].sort() };
}
