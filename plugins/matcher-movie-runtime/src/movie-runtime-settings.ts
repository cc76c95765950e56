/** The matcher's thresholds and weights; defaults come from the settings schema in package.json (one source). */
import { applySettingsDefaults, settingsFromSchema } from '@spindle/plugin-sdk';
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

/** The defaults alone (what the core passes when nothing is set). */
export const DEFAULT_SETTINGS: Readonly<MovieRuntimeSettings> = Object.freeze(
  applySettingsDefaults<MovieRuntimeSettings>(manifest.spindle.settingsSchema),
);

/** The settings as given, type-checked, with the schema's defaults for what is missing or of the wrong type. */
export function readSettings(settings: Record<string, unknown> | undefined): MovieRuntimeSettings {
  return settingsFromSchema<MovieRuntimeSettings>(manifest.spindle.settingsSchema, settings);
}
