/** The plugin's thresholds; defaults come from the settings schema in package.json (one source). */
import manifest from '../package.json' with { type: 'json' };

export interface HeuristicSettings {
  short_title_max_seconds: number;
  episode_min_minutes: number;
  episode_max_minutes: number;
  episode_tolerance_minutes: number;
  episode_tolerance_fraction: number;
  min_episodes: number;
  short_episode_min_minutes: number;
  min_short_episodes: number;
  movie_min_minutes: number;
  play_all_tolerance: number;
  main_feature_tolerance: number;
}

type SchemaProperties = Record<keyof HeuristicSettings, { default: number }>;
const properties = manifest.spindle.settingsSchema.properties as SchemaProperties;

export const DEFAULT_SETTINGS: Readonly<HeuristicSettings> = Object.freeze(
  Object.fromEntries(
    Object.entries(properties).map(([key, schema]) => [key, schema.default]),
  ) as unknown as HeuristicSettings,
);

/** Settings as given (the core applies defaults; a bare test context may not), with defaults filled in. */
export function readSettings(settings: Record<string, unknown> | undefined): HeuristicSettings {
  const result = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof HeuristicSettings)[]) {
    const value = settings?.[key];
    if (typeof value === 'number' && Number.isFinite(value)) result[key] = value;
  }
  return result;
}
