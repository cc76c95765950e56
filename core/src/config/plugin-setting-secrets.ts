/**
 * Plugin settings that are credentials (named like one: key, token, password, secret, credential —
 * the same rule the log redactor and bug reports use — or marked `"writeOnly": true` by the manifest)
 * are answered as "***" like the application's own secrets, and "***" sent back means "unchanged".
 */
import { SECRET_MASK } from './app-config-fields.ts';

export const CREDENTIAL_SETTING = /key|token|password|secret|credential/i;

/**
 * Settings that plugin manifests mark `"writeOnly": true` (e.g. a Discord webhook URL, whose path
 * is its token), by plugin id. Filled in from the discovered manifests at startup; a manifest is
 * the same for every service in the process, so one table serves them all.
 */
const writeOnlyByPlugin = new Map<string, Set<string>>();

export function declareWriteOnlySettings(pluginId: string, settingsSchema: unknown): void {
  const properties = (settingsSchema as { properties?: Record<string, { writeOnly?: unknown } | null> } | null | undefined)?.properties ?? {};
  const keys = Object.entries(properties).filter(([, schema]) => schema?.writeOnly === true).map(([key]) => key);
  if (keys.length > 0) writeOnlyByPlugin.set(pluginId, new Set(keys));
}

/** Named like a credential, or marked writeOnly by the plugin's manifest. */
export function isCredentialSetting(pluginId: string, key: string): boolean {
  return CREDENTIAL_SETTING.test(key) || (writeOnlyByPlugin.get(pluginId)?.has(key) ?? false);
}

type PluginSettings = Record<string, Record<string, unknown>>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function maskPluginSecrets(settings: PluginSettings): PluginSettings {
  return Object.fromEntries(
    Object.entries(settings).map(([plugin, values]) => [
      plugin,
      isObject(values)
        ? Object.fromEntries(Object.entries(values).map(([key, value]) => [key, isCredentialSetting(plugin, key) && typeof value === 'string' && value !== '' ? SECRET_MASK : value]))
        : values,
    ]),
  );
}

/** Incoming plugin settings with every "***" credential replaced by the stored value (or dropped when none is stored). */
export function keepMaskedPluginSecrets(incoming: unknown, current: unknown): unknown {
  if (!isObject(incoming)) return incoming;
  const stored = isObject(current) ? current : {};
  return Object.fromEntries(
    Object.entries(incoming).map(([plugin, values]) => {
      if (!isObject(values)) return [plugin, values];
      const before = isObject(stored[plugin]) ? stored[plugin] : {};
      const kept = Object.entries(values).flatMap(([key, value]) => {
        if (value !== SECRET_MASK || !isCredentialSetting(plugin, key)) return [[key, value]];
        return Object.hasOwn(before, key) ? [[key, before[key]]] : [];
      });
      return [plugin, Object.fromEntries(kept)];
    }),
  );
}
