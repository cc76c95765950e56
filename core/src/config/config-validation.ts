/**
 * Validation of configuration values against the field table (ajv), plus the existence check of
 * `mustExist` paths. Every failure is an InputError with code `invalid_config` whose message
 * names the field.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { InputError } from '@spindle/plugin-sdk';
import { APP_CONFIG_FIELD_NAMES, type AppConfigField } from './app-config-fields.ts';
import { fieldSpec } from './config-values.ts';

export function invalidConfig(field: string, message: string): InputError {
  return new InputError('invalid_config', message, { details: { field } });
}

export class ConfigValidator {
  private readonly byField = new Map<AppConfigField, ValidateFunction>();

  constructor() {
    const ajv = new Ajv({ allErrors: false, allowUnionTypes: true, strict: true });
    for (const field of APP_CONFIG_FIELD_NAMES) this.byField.set(field, ajv.compile(fieldSpec(field).schema));
  }

  /** True when `value` is valid for `field` (used for stored values at load). */
  isValid(field: AppConfigField, value: unknown): boolean {
    return this.byField.get(field)!(value) === true;
  }

  /** Throws InputError('invalid_config') naming the field (and the nested path) when invalid. */
  assertValid(field: AppConfigField, value: unknown): void {
    const validate = this.byField.get(field)!;
    if (validate(value)) return;
    throw invalidConfig(field, describe(field, validate.errors?.[0]));
  }
}

function describe(field: string, error: ErrorObject | undefined): string {
  if (!error) return `Invalid value for "${field}"`;
  const where = [field, ...error.instancePath.split('/').filter(Boolean)].join('.');
  if (error.keyword === 'additionalProperties') {
    return `Invalid value for "${where}": unknown property "${String(error.params.additionalProperty)}"`;
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ');
    return `Invalid value for "${where}": must be one of ${allowed}`;
  }
  return `Invalid value for "${where}": ${error.message ?? 'is invalid'}`;
}

/** Checks a `mustExist` field's path: absolute, existing, and of the right kind. Null is allowed. */
export async function assertPathExists(field: AppConfigField, value: unknown): Promise<void> {
  const kind = fieldSpec(field).mustExist;
  if (kind === undefined || value === null || typeof value !== 'string') return;
  if (!path.isAbsolute(value))
    throw invalidConfig(field, `Invalid value for "${field}": must be an absolute path, got "${value}"`);
  const info = await stat(value).catch(() => null);
  const noun = kind === 'dir' ? 'directory' : 'file';
  if (info === null) throw invalidConfig(field, `Invalid value for "${field}": ${noun} does not exist: ${value}`);
  if (kind === 'dir' ? !info.isDirectory() : !info.isFile()) {
    throw invalidConfig(field, `Invalid value for "${field}": not a ${noun}: ${value}`);
  }
}
