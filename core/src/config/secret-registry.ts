/**
 * The one answer to "is this a secret?", used by masking (config-values.ts, plugin-setting-secrets.ts),
 * sealing at rest (sealed-config-repository.ts), secret binding (secret-binding.ts), log redaction
 * (the composition's persistence module) and the diagnostics report:
 *   - application fields marked `secret: true` in app-config-fields.ts (ripper_key, catalog_api_key, …);
 *   - plugin settings named like a credential (key, token, password, secret, credential);
 *   - plugin settings the plugin's manifest marks `"writeOnly": true` (e.g. a webhook URL whose path is its token).
 * The writeOnly table is filled from the discovered manifests at startup; a manifest is the same for
 * every service in the process, so one table serves them all.
 */
import {
  APP_CONFIG_FIELD_NAMES,
  APP_CONFIG_FIELDS,
  type AppConfig,
  type AppConfigField,
  type ConfigFieldSpec,
} from './app-config-fields.ts';

/** A plugin setting named like this is a secret whatever its manifest says. */
export const CREDENTIAL_NAME = /key|token|password|secret|credential/i;

/** The application fields that are secrets. */
export const SECRET_FIELD_NAMES: readonly AppConfigField[] = APP_CONFIG_FIELD_NAMES.filter(
  (field) => (APP_CONFIG_FIELDS[field] as ConfigFieldSpec).secret === true,
);

const writeOnlyByPlugin = new Map<string, Set<string>>();

/** Records the settings a plugin's settings schema marks `"writeOnly": true`. */
export function declareWriteOnlySettings(pluginId: string, settingsSchema: unknown): void {
  const properties =
    (settingsSchema as { properties?: Record<string, { writeOnly?: unknown } | null> } | null | undefined)
      ?.properties ?? {};
  const keys = Object.entries(properties)
    .filter(([, schema]) => schema?.writeOnly === true)
    .map(([key]) => key);
  if (keys.length > 0) writeOnlyByPlugin.set(pluginId, new Set(keys));
}

export function isSecretField(name: string): boolean {
  return (SECRET_FIELD_NAMES as readonly string[]).includes(name);
}

/** A plugin setting that is a secret: named like a credential, or marked writeOnly by the plugin's manifest. */
export function isSecretPluginSetting(pluginId: string, key: string): boolean {
  return CREDENTIAL_NAME.test(key) || (writeOnlyByPlugin.get(pluginId)?.has(key) ?? false);
}

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/** Every secret value the configuration holds now (application fields and plugin settings), non-empty. */
export function configuredSecretValues(config: AppConfig): string[] {
  const values: string[] = [];
  for (const field of SECRET_FIELD_NAMES) values.push(...stringsIn(config[field]));
  for (const [pluginId, settings] of Object.entries(config.plugin_settings ?? {})) {
    for (const [key, value] of Object.entries(settings ?? {})) {
      if (isSecretPluginSetting(pluginId, key)) values.push(...stringsIn(value));
    }
  }
  return values.filter((value) => value !== '');
}
