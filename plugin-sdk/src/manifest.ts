/**
 * The `"spindle"` field of a plugin's package.json. The core reads it before running any plugin
 * code: it names the plugin, the SDK range it was built for, what it offers, the JSON Schema of
 * its settings (the UI renders forms from it), and which application settings it may read.
 */
import type { JsonObject } from './context.ts';
import { PROVIDER_KINDS } from './providers/index.ts';

export interface PluginManifest {
  id: string;
  /** Semver range of the SDK, e.g. "^1". */
  apiVersion: string;
  displayName?: string;
  description?: string;
  /** Stage kind → implementation ids. */
  stages?: Partial<Record<string, string[]>>;
  /** Provider kind → implementation ids. */
  providers?: Partial<Record<string, string[]>>;
  /**
   * JSON Schema (draft 2020-12 subset) of the plugin's settings; `"writeOnly": true` marks a secret,
   * `"x-spindle-server-level"` (SERVER_LEVEL_KEYWORD) a setting that names an executable or a folder of code.
   */
  settingsSchema?: JsonObject;
  /** Application (AppConfig) settings the plugin reads through `ctx.setting()`. */
  appSettings?: string[];
}

/**
 * Annotation on a setting's schema in `settingsSchema.properties`: the setting names an executable
 * to run (`"executable"`) or a folder whose code or programs are run (`"code_folder"`). Such a
 * setting is server-level: the core refuses to change it through its HTTP API and reports it
 * read-only; the owner sets it on the machine (`spindle config set --local plugin_settings.<id>.<key> …`).
 */
export const SERVER_LEVEL_KEYWORD = 'x-spindle-server-level';
export type ServerLevelKind = 'executable' | 'code_folder';

const idList = {
  type: 'object',
  additionalProperties: {
    type: 'array',
    minItems: 1,
    uniqueItems: true,
    items: { type: 'string', pattern: '^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$' },
  },
} as const;

/** JSON Schema of PluginManifest, for validators (the core uses ajv; authors may too). */
export const pluginManifestSchema = {
  $id: 'https://spindle.local/schemas/plugin-manifest.json',
  type: 'object',
  required: ['id', 'apiVersion'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', pattern: '^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$', maxLength: 64 },
    apiVersion: { type: 'string', minLength: 1, maxLength: 64 },
    displayName: { type: 'string', maxLength: 100 },
    description: { type: 'string', maxLength: 1000 },
    stages: {
      ...idList,
      propertyNames: { enum: ['detector', 'identifier', 'ripper', 'matcher', 'organizer', 'contributor'] },
    },
    providers: {
      ...idList,
      propertyNames: { enum: [...PROVIDER_KINDS] },
    },
    settingsSchema: { type: 'object' },
    appSettings: { type: 'array', uniqueItems: true, items: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' } },
  },
} as const;
