/** The provider's settings; defaults come from the settings schema in package.json (one source). */
import manifest from '../package.json' with { type: 'json' };

export interface OpenAiSettings {
  base_url: string | null;
  api_key: string | null;
  model: string | null;
  response_format: 'json_schema' | 'json_object';
  temperature: number;
  request_timeout_seconds: number;
  max_retry_wait_seconds: number;
}

const properties = manifest.spindle.settingsSchema.properties;
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const number = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

export function readSettings(settings: Record<string, unknown> | undefined): OpenAiSettings {
  const s = settings ?? {};
  return {
    base_url: text(s.base_url)?.replace(/\/+$/, '') ?? null,
    api_key: text(s.api_key),
    model: text(s.model),
    response_format: s.response_format === 'json_object' ? 'json_object' : 'json_schema',
    temperature: number(s.temperature, properties.temperature.default),
    request_timeout_seconds: number(s.request_timeout_seconds, properties.request_timeout_seconds.default),
    max_retry_wait_seconds: number(s.max_retry_wait_seconds, properties.max_retry_wait_seconds.default),
  };
}
