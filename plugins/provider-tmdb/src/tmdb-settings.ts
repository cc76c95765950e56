/** The provider's settings; defaults come from the settings schema in package.json (one source). */
import { settingsFromSchema } from '@spindle/plugin-sdk';
import manifest from '../package.json' with { type: 'json' };

export interface TmdbSettings {
  base_url: string;
  language: string;
  cache_ttl_hours: number;
  request_timeout_seconds: number;
  max_retries: number;
  max_retry_wait_seconds: number;
}

/** The settings as given, type-checked, with the schema's defaults for what is missing or of the wrong type. */
export function readSettings(settings: Record<string, unknown> | undefined): TmdbSettings {
  const read = settingsFromSchema<TmdbSettings>(manifest.spindle.settingsSchema, settings);
  return { ...read, base_url: read.base_url.replace(/\/+$/, '') };
}
