/** The plugin's settings; defaults come from the settings schema in package.json (one source). */
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

type SchemaProperties = Record<keyof OpenSubtitlesSettings, { default: string | number | boolean }>;
const properties = manifest.spindle.settingsSchema.properties as unknown as SchemaProperties;

export const DEFAULT_SETTINGS: Readonly<OpenSubtitlesSettings> = Object.freeze(
  Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, schema.default])) as unknown as OpenSubtitlesSettings,
);

/** Settings as given (the core applies defaults; a bare test setup may not), with defaults filled in. */
export function readSettings(settings: Record<string, unknown> | undefined): OpenSubtitlesSettings {
  const result: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const [key, fallback] of Object.entries(DEFAULT_SETTINGS)) {
    const value = settings?.[key];
    if (typeof value === typeof fallback && (typeof value !== 'number' || Number.isFinite(value))) result[key] = value;
  }
  const read = result as unknown as OpenSubtitlesSettings;
  return { ...read, base_url: read.base_url.replace(/\/+$/, ''), api_key: read.api_key.trim(), username: read.username.trim() };
}

/** The languages to ask for, most wanted first: the query's language, then the configured ones (lowercase, distinct). */
export function languagePreference(queryLanguage: string | null | undefined, configured: string): string[] {
  const all = [queryLanguage ?? '', ...configured.split(',')].map((l) => l.trim().toLowerCase()).filter((l) => /^[a-z]{2,3}(-[a-z]{2,4})?$/.test(l));
  return [...new Set(all)];
}
