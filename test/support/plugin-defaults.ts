/** The defaults a plugin's settingsSchema declares, as the core would apply them. */
import type { JsonObject } from '@spindle/plugin-sdk';
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';

export function pluginSettings(packageJsonPath: string, overrides: JsonObject = {}): JsonObject {
  const pkg = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { spindle: { settingsSchema?: object } };
  const settings = structuredClone(overrides);
  const validate = new Ajv({ useDefaults: true, strict: false }).compile(pkg.spindle.settingsSchema ?? {});
  if (!validate(settings)) throw new Error(`invalid settings: ${JSON.stringify(validate.errors)}`);
  return settings;
}
