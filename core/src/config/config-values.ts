/**
 * Value helpers over the AppConfig field table: defaults, normalization, masking, comparison.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  APP_CONFIG_FIELD_NAMES,
  APP_CONFIG_FIELDS,
  PIPELINE_DEFAULT,
  SECRET_MASK,
  type AppConfig,
  type AppConfigField,
  type ConfigFieldSpec,
  type PipelineConfig,
} from './app-config-fields.ts';
import { applyMergePatch, canonicalPipeline } from './merge-patch.ts';
import { keepMaskedPluginSecrets, maskPluginSecrets } from './plugin-setting-secrets.ts';
import { SECRET_FIELD_NAMES } from './secret-registry.ts';

type FieldTable = typeof APP_CONFIG_FIELDS;
type FieldsWith<Flag extends keyof ConfigFieldSpec> = {
  [K in AppConfigField]: FieldTable[K] extends Record<Flag, true> ? K : never;
}[AppConfigField];

export type SecretField = FieldsWith<'secret'>;
/** AppConfig as the API shows it: secrets are "***" when set, null when unset. */
export type MaskedAppConfig = Omit<AppConfig, SecretField> & { [K in SecretField]: typeof SECRET_MASK | null };

export function fieldSpec(field: AppConfigField): ConfigFieldSpec {
  return APP_CONFIG_FIELDS[field] as ConfigFieldSpec;
}

const fieldsWhere = (flag: 'secret' | 'restartRequired' | 'persistDefault'): AppConfigField[] =>
  APP_CONFIG_FIELD_NAMES.filter((field) => fieldSpec(field)[flag] === true);

/** The secret application fields (secret-registry.ts), typed. */
export const SECRET_FIELDS = SECRET_FIELD_NAMES as SecretField[];
export const RESTART_REQUIRED_FIELDS = fieldsWhere('restartRequired');
export const PERSIST_DEFAULT_FIELDS = fieldsWhere('persistDefault');

export function isConfigField(name: string): name is AppConfigField {
  return Object.hasOwn(APP_CONFIG_FIELDS, name);
}

/** A fresh default value (function defaults are evaluated on every call). */
export function defaultValue(field: AppConfigField): unknown {
  const value = fieldSpec(field).default;
  return typeof value === 'function' ? (value as () => unknown)() : structuredClone(value);
}

function acceptsNullString(field: AppConfigField): boolean {
  const type = fieldSpec(field).schema.type;
  return Array.isArray(type) && type.includes('string') && type.includes('null');
}

/**
 * Brings an incoming or stored value to its canonical shape: blank strings of nullable string
 * fields become null; `pipeline` is merged over `base` (a partial pipeline keeps the other keys).
 */
export function normalizeFieldValue(field: AppConfigField, value: unknown, base: unknown): unknown {
  if (typeof value === 'string' && value.trim() === '' && acceptsNullString(field)) return null;
  if (field === 'pipeline' && isPlainObject(value)) {
    const current = (isPlainObject(base) ? base : PIPELINE_DEFAULT) as PipelineConfig;
    const incoming = value as Partial<PipelineConfig>;
    return {
      ...structuredClone(current),
      ...structuredClone(incoming),
      rippers: { ...current.rippers, ...(incoming.rippers ?? {}) },
      providers: structuredClone(incoming.providers ?? current.providers),
    };
  }
  if (field === 'plugin_settings') return keepMaskedPluginSecrets(value, base);
  return value;
}

/**
 * The value a merge patch leaves for one field: `pipeline` and `plugin_settings` are merged into
 * the current value (RFC 7396; "***" credentials keep the stored ones), other fields are replaced,
 * and `null` on a field that cannot be null (nor is generated once) brings back its default.
 */
export function patchedFieldValue(field: AppConfigField, patch: unknown, current: unknown): unknown {
  if (field === 'pipeline' && isPlainObject(patch)) return canonicalPipeline(applyMergePatch(current, patch));
  if (field === 'plugin_settings' && isPlainObject(patch))
    return applyMergePatch(current, keepMaskedPluginSecrets(patch, current));
  const spec = fieldSpec(field);
  if (patch === null && !acceptsNull(spec.schema) && spec.persistDefault !== true) return defaultValue(field);
  return normalizeFieldValue(field, patch, current);
}

function acceptsNull(schema: Record<string, unknown>): boolean {
  const type = schema.type;
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  return Array.isArray(schema.anyOf) && (schema.anyOf as Record<string, unknown>[]).some(acceptsNull);
}

export function maskConfig(config: AppConfig): MaskedAppConfig {
  const masked = structuredClone(config) as unknown as Record<string, unknown>;
  for (const field of SECRET_FIELDS) {
    const value = config[field];
    masked[field] = value === null || value === '' ? null : SECRET_MASK;
  }
  masked.plugin_settings = maskPluginSecrets(config.plugin_settings);
  return masked as MaskedAppConfig;
}

export function sameValue(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(a, b);
}

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
