import { describe, expect, it } from 'vitest';
import manifest from '../package.json' with { type: 'json' };
import { DEFAULT_SETTINGS, readSettings } from '../src/heuristic-settings.ts';

describe('heuristic settings', () => {
  it('takes its defaults from the settings schema in package.json', () => {
    expect(Object.keys(DEFAULT_SETTINGS).sort()).toEqual(
      Object.keys(manifest.spindle.settingsSchema.properties).sort(),
    );
    expect(DEFAULT_SETTINGS).toMatchObject({
      episode_min_minutes: 18,
      episode_max_minutes: 70,
      episode_tolerance_minutes: 2,
      min_episodes: 3,
      movie_min_minutes: 80,
      play_all_tolerance: 0.02,
      short_title_max_seconds: 120,
    });
  });

  it('fills missing or non-numeric settings with defaults', () => {
    expect(readSettings({ min_episodes: 4, movie_min_minutes: 'long' })).toEqual({
      ...DEFAULT_SETTINGS,
      min_episodes: 4,
    });
    expect(readSettings(undefined)).toEqual(DEFAULT_SETTINGS);
  });
});
