/** The matcher's thresholds and weights; defaults come from the settings schema in package.json (one source). */
import manifest from '../package.json' with { type: 'json' };

export interface MovieRuntimeSettings {
  extra_max_minutes: number;
  feature_min_minutes: number;
  main_feature_tolerance: number;
  runtime_tolerance_minutes: number;
  edition_min_extra_minutes: number;
  edition_max_extra_minutes: number;
  pal_speedup: boolean;
  duplicate_tolerance_seconds: number;
  duplicate_size_tolerance: number;
  weight_runtime_agreement: number;
  weight_length_rank: number;
  weight_uniqueness: number;
  weight_name_hint: number;
  max_confidence: number;
}

type SchemaProperties = Record<keyof MovieRuntimeSettings, { default: number | boolean }>;
const properties = manifest.spindle.settingsSchema.properties as SchemaProperties;

export const DEFAULT_SETTINGS: Readonly<MovieRuntimeSettings> = Object.freeze(
  Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, schema.default])) as unknown as MovieRuntimeSettings,
);

/** Settings as given (the core applies defaults; a bare test context may not), with defaults filled in. */
export function readSettings(settings: Record<string, unknown> | undefined): MovieRuntimeSettings {
  const result: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const [key, fallback] of Object.entries(DEFAULT_SETTINGS)) {
    const value = settings?.[key];
    if (typeof value === typeof fallback && (typeof value !== 'number' || Number.isFinite(value))) result[key] = value;
  }
  return result as unknown as MovieRuntimeSettings;
}
