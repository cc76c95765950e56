/** The plugin's settings; defaults come from the settings schema in package.json (one source). */
import { settingsFromSchema } from '@spindle/plugin-sdk';
import manifest from '../package.json' with { type: 'json' };

export interface OpenSubtitlesSettings {
  api_key: string;
  username: string;
  password: string;
  base_url: string;
  user_agent: string;
  languages: string;
  prefer_hearing_impaired: boolean;
  request_timeout_seconds: number;
  max_retries: number;
  max_retry_wait_seconds: number;
  max_search_pages: number;
}

/** The settings as given, type-checked, with the schema's defaults for what is missing or of the wrong type. */
export function readSettings(settings: Record<string, unknown> | undefined): OpenSubtitlesSettings {
  const read = settingsFromSchema<OpenSubtitlesSettings>(manifest.spindle.settingsSchema, settings);
  return {
    ...read,
    base_url: read.base_url.replace(/\/+$/, ''),
    api_key: read.api_key.trim(),
    username: read.username.trim(),
  };
}

/** The languages to ask for, most wanted first: the query's language, then the configured ones (lowercase, distinct). */
export function languagePreference(queryLanguage: string | null | undefined, configured: string): string[] {
  const all = [queryLanguage ?? '', ...configured.split(',')]
    .map((l) => l.trim().toLowerCase())
    .filter((l) => /^[a-z]{2,3}(-[a-z]{2,4})?$/.test(l));
  return [...new Set(all)];
}
