/** The provider's settings; defaults come from the settings schema in package.json (one source). */
import manifest from '../package.json' with { type: 'json' };

export interface TmdbSettings {
  base_url: string;
  language: string;
  cache_ttl_hours: number;
  request_timeout_seconds: number;
  max_retries: number;
  max_retry_wait_seconds: number;
}

type SchemaProperties = Record<keyof TmdbSettings, { default: string | number }>;
const properties = manifest.spindle.settingsSchema.properties as SchemaProperties;

export const DEFAULT_SETTINGS: Readonly<TmdbSettings> = Object.freeze(
  Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, schema.default])) as unknown as TmdbSettings,
);

/** Settings as given (the core applies defaults; a bare test setup may not), with defaults filled in. */
export function readSettings(settings: Record<string, unknown> | undefined): TmdbSettings {
  const result: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof TmdbSettings)[]) {
    const value = settings?.[key];
    if (typeof value === typeof DEFAULT_SETTINGS[key] && (typeof value !== 'number' || Number.isFinite(value))) result[key] = value;
  }
  const read = result as unknown as TmdbSettings;
  return { ...read, base_url: read.base_url.replace(/\/+$/, '') };
}
