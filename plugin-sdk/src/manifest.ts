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
  /** JSON Schema (draft 2020-12 subset) of the plugin's settings; `"writeOnly": true` marks a secret. */
  settingsSchema?: JsonObject;
  /** Application (AppConfig) settings the plugin reads through `ctx.setting()`. */
  appSettings?: string[];
}

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
