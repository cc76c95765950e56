/** The provider's settings; defaults come from the settings schema in package.json (one source). */
import manifest from '../package.json' with { type: 'json' };

export interface TheDiscDbSettings {
  endpoint: string;
  request_timeout_seconds: number;
  cache_ttl_hours: number;
  miss_ttl_hours: number;
  max_retry_wait_seconds: number;
}

type SchemaProperties = Record<keyof TheDiscDbSettings, { default: string | number }>;
const properties = manifest.spindle.settingsSchema.properties as SchemaProperties;

export const DEFAULT_SETTINGS: Readonly<TheDiscDbSettings> = Object.freeze(
  Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, schema.default])) as unknown as TheDiscDbSettings,
);

export function readSettings(settings: Record<string, unknown> | undefined): TheDiscDbSettings {
  const result: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof TheDiscDbSettings)[]) {
    const value = settings?.[key];
    if (typeof value === typeof DEFAULT_SETTINGS[key] && (typeof value !== 'number' || Number.isFinite(value))) result[key] = value;
  }
  return result as unknown as TheDiscDbSettings;
}
