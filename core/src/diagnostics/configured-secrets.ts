/**
 * Every secret value currently configured: the secret AppConfig fields (ripper_key,
 * catalog_api_key, any later one) and plugin settings that are secrets — marked `writeOnly` in
 * the plugin's settings schema, or named like a credential (key, token, password, secret).
 */
import type { AppConfig } from '../config/app-config-fields.ts';
import { SECRET_FIELDS } from '../config/config-values.ts';
import type { PluginInfo } from '../plugins/plugin-registry.ts';

const CREDENTIAL_NAME = /key|token|password|secret|credential/i;

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

function writeOnlyKeys(plugin: PluginInfo | undefined): Set<string> {
  const properties = (plugin?.manifest?.settingsSchema as { properties?: Record<string, { writeOnly?: unknown }> } | undefined)?.properties;
  return new Set(Object.entries(properties ?? {}).filter(([, schema]) => schema?.writeOnly === true).map(([key]) => key));
}

export function configuredSecrets(config: AppConfig, plugins: readonly PluginInfo[]): string[] {
  const values: string[] = [];
  for (const field of SECRET_FIELDS) {
    const value = config[field];
    if (typeof value === 'string' && value !== '') values.push(value);
  }
  for (const [pluginId, settings] of Object.entries(config.plugin_settings)) {
    const marked = writeOnlyKeys(plugins.find((p) => p.id === pluginId));
    for (const [key, value] of Object.entries(settings ?? {})) {
      if (marked.has(key) || CREDENTIAL_NAME.test(key)) values.push(...stringsIn(value));
    }
  }
  return values;
}
