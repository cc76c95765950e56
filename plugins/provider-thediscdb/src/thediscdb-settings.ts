/** The provider's settings; defaults come from the settings schema in package.json (one source). */
import { settingsFromSchema } from '@spindle/plugin-sdk';
import manifest from '../package.json' with { type: 'json' };

export interface TheDiscDbSettings {
  endpoint: string;
  request_timeout_seconds: number;
  cache_ttl_hours: number;
  miss_ttl_hours: number;
  max_retry_wait_seconds: number;
}

/** The settings as given, type-checked, with the schema's defaults for what is missing or of the wrong type. */
export function readSettings(settings: Record<string, unknown> | undefined): TheDiscDbSettings {
  return settingsFromSchema<TheDiscDbSettings>(manifest.spindle.settingsSchema, settings);
}
