/**
 * Settings that decide which code Spindle loads or which executable it runs are server-level:
 * they are set on the machine (the environment / `.env`, or `spindle config set --local`), never
 * through the HTTP API. The API answers them like any field and lists them in `read_only`, with
 * the variable or command that sets them.
 *
 * Application fields: `ripper_path`, `media_tool_path`, `plugins_path`. Plugin settings: every
 * setting whose schema in the plugin's manifest carries `"x-spindle-server-level"` (see
 * SERVER_LEVEL_KEYWORD in the SDK), e.g. the pocketsphinx `binary` or the drive detector's
 * `tool_search_path`.
 */
import { SERVER_LEVEL_KEYWORD } from '@spindle/plugin-sdk';
import { isDeepStrictEqual } from 'node:util';
import type { AppConfig, AppConfigField } from './app-config-fields.ts';
import { invalidConfig } from './config-validation.ts';

/** Application fields that are server-level, with the environment variable that sets each. */
export const SERVER_LEVEL_FIELDS = {
  ripper_path: { env: 'RIPPER_PATH', example: '/usr/bin/makemkvcon' },
  media_tool_path: { env: 'MEDIA_TOOL_PATH', example: '/usr/bin/ffmpeg' },
  plugins_path: { env: 'SPINDLE_PLUGINS_DIR', example: '/srv/spindle/plugins' },
} as const satisfies Partial<Record<AppConfigField, { env: string; example: string }>>;

export type ServerLevelField = keyof typeof SERVER_LEVEL_FIELDS;

export function isServerLevelField(field: string): field is ServerLevelField {
  return Object.hasOwn(SERVER_LEVEL_FIELDS, field);
}

/** One read-only setting as GET /api/config reports it. */
export interface ReadOnlySetting {
  /** The field, or `plugin_settings.<plugin>.<setting>`. */
  field: string;
  /** The environment variable (or `.env` line) that sets it, when there is one. */
  env: string | null;
  /** The command to run on the machine that sets it. */
  command: string;
  /** Where the current value comes from. */
  source: 'environment' | 'stored' | 'default';
}

/** Plugin settings their manifests mark server-level, by plugin id (filled in at startup, like writeOnly). */
const serverLevelByPlugin = new Map<string, Set<string>>();

export function declareServerLevelSettings(pluginId: string, settingsSchema: unknown): void {
  const properties =
    (settingsSchema as { properties?: Record<string, Record<string, unknown> | null> } | null | undefined)
      ?.properties ?? {};
  const keys = Object.entries(properties)
    .filter(
      ([, schema]) =>
        schema !== null &&
        typeof schema === 'object' &&
        schema[SERVER_LEVEL_KEYWORD] !== undefined &&
        schema[SERVER_LEVEL_KEYWORD] !== false,
    )
    .map(([key]) => key);
  if (keys.length > 0) serverLevelByPlugin.set(pluginId, new Set(keys));
  else serverLevelByPlugin.delete(pluginId);
}

export function isServerLevelPluginSetting(pluginId: string, key: string): boolean {
  return serverLevelByPlugin.get(pluginId)?.has(key) ?? false;
}

const localCommand = (field: string, example: string) => `spindle config set --local ${field} ${example}`;

/** Every server-level setting with how to set it (GET /api/config `read_only`). */
export function readOnlySettings(config: AppConfig, fromEnvironment: ReadonlySet<string>): ReadOnlySetting[] {
  const list: ReadOnlySetting[] = Object.entries(SERVER_LEVEL_FIELDS).map(([field, { env, example }]) => ({
    field,
    env,
    command: localCommand(field, example),
    source: fromEnvironment.has(field)
      ? 'environment'
      : config[field as ServerLevelField] === null
        ? 'default'
        : 'stored',
  }));
  for (const [pluginId, keys] of [...serverLevelByPlugin.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    for (const key of [...keys].sort()) {
      const field = `plugin_settings.${pluginId}.${key}`;
      const stored = Object.hasOwn(config.plugin_settings[pluginId] ?? {}, key);
      list.push({ field, env: null, command: localCommand(field, '<value>'), source: stored ? 'stored' : 'default' });
    }
  }
  return list;
}

const refusal = (field: string, env: string | null, example: string) =>
  invalidConfig(
    field,
    `"${field}" is a server-level setting and cannot be changed through the API: set it on the machine Spindle runs on with ` +
      `${env ? `${env}=… in the environment or .env, or ` : ''}\`${localCommand(field, example)}\`, then restart Spindle`,
  );

/** Refuses a change of a server-level application field (sending the current value back is fine). */
export function assertServerLevelFieldUnchanged(field: AppConfigField, incoming: unknown, current: unknown): void {
  if (!isServerLevelField(field) || isDeepStrictEqual(incoming, current)) return;
  const spec = SERVER_LEVEL_FIELDS[field];
  throw refusal(field, spec.env, spec.example);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Incoming `plugin_settings` from the API with every server-level setting kept as stored: a
 * setting left out keeps its stored value, the same value is accepted, another value is refused.
 */
export function keepServerLevelPluginSettings(
  incoming: unknown,
  current: Record<string, Record<string, unknown>>,
): unknown {
  if (!isObject(incoming)) return incoming;
  const result: Record<string, unknown> = { ...incoming };
  for (const [pluginId, keys] of serverLevelByPlugin) {
    const sent = result[pluginId];
    const stored = current[pluginId] ?? {};
    if (sent !== undefined && !isObject(sent)) continue; // the schema check names it
    const merged: Record<string, unknown> = { ...(sent ?? {}) };
    for (const key of keys) {
      const field = `plugin_settings.${pluginId}.${key}`;
      if (Object.hasOwn(merged, key) && !isDeepStrictEqual(merged[key], stored[key]))
        throw refusal(field, null, '<value>');
      if (Object.hasOwn(stored, key)) merged[key] = stored[key];
      else delete merged[key];
    }
    if (sent !== undefined || Object.keys(merged).length > 0) result[pluginId] = merged;
  }
  return result;
}
