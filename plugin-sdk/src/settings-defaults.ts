/**
 * Fills in a plugin's settings from the `default`s of its `settingsSchema`, exactly as the core
 * does before it validates them and calls the plugin's factories. The core and the test kit
 * (`createStage`, `createProvider`, `createFakeSetup({ settingsSchema })`) both call this one
 * function, so a plugin sees the same settings in its tests as in the service.
 *
 * Rules (a subset of JSON Schema evaluated the way ajv's `useDefaults` does):
 * - an object with `properties`: every property that is absent (not `undefined`-valued: absent) and
 *   has a `default` gets a deep copy of it;
 * - then every present property whose schema is an object schema is filled in the same way, and so
 *   is every element of an array whose schema has a single `items` schema;
 * - `allOf` branches are applied in order; `anyOf`/`oneOf`/`not`/`$ref` are not followed (which
 *   branch applies is not known before validation).
 * The input is not changed; a filled-in copy is returned. Values that are not plain objects are
 * returned as they are (validation reports them).
 */
import type { JsonObject, JsonValue } from './context.ts';

type Schema = Record<string, unknown>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fill(schema: unknown, value: JsonValue | undefined): JsonValue | undefined {
  if (!isPlainObject(schema) || value === undefined) return value;
  let out: JsonValue = value;
  for (const branch of Array.isArray(schema.allOf) ? schema.allOf : []) out = fill(branch, out) as JsonValue;
  if (isPlainObject(out) && isPlainObject(schema.properties)) {
    const copy: JsonObject = { ...(out as JsonObject) };
    for (const [key, propertySchema] of Object.entries(schema.properties as Record<string, Schema>)) {
      if (!Object.hasOwn(copy, key) && isPlainObject(propertySchema) && Object.hasOwn(propertySchema, 'default')) {
        copy[key] = structuredClone(propertySchema.default) as JsonValue;
      }
      if (Object.hasOwn(copy, key)) copy[key] = fill(propertySchema, copy[key]) as JsonValue;
    }
    out = copy;
  }
  if (Array.isArray(out) && isPlainObject(schema.items)) out = out.map((item) => fill(schema.items, item) as JsonValue);
  return out;
}

/** The settings with every missing `default` of the schema filled in (a new object; the input is untouched). */
export function applySettingsDefaults<S = JsonObject>(settingsSchema: unknown, settings: unknown = {}): S {
  const start = (settings ?? {}) as JsonValue;
  return fill(settingsSchema, structuredClone(start)) as S;
}

/**
 * A plugin's settings read defensively, for code that may be handed settings the core did not
 * validate (a bare test setup): each top-level setting that has a schema `default` takes the given
 * value when it has the default's type (a finite number for a number), else the default. Settings
 * without a default are left out.
 */
export function settingsFromSchema<S>(settingsSchema: unknown, settings: unknown): S {
  const defaults = applySettingsDefaults<Record<string, JsonValue>>(settingsSchema, {});
  const given = isPlainObject(settings) ? settings : {};
  const result: Record<string, JsonValue> = { ...defaults };
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = given[key];
    if (typeof value === typeof fallback && (typeof value !== 'number' || Number.isFinite(value)))
      result[key] = structuredClone(value as JsonValue);
  }
  return result as S;
}
