import { describe, expect, it } from 'vitest';
import { configGroups, humanizeFieldNames } from '../src/lib/config-fields.ts';
import {
  matchesSearch,
  pluginFieldLabel,
  pluginOptionLabel,
  pluginSettingMatches,
  SECTIONS,
  sectionOfPlugin,
} from '../src/lib/settings-sections.ts';
import type { PluginInfo } from '../src/lib/state/config.svelte.ts';
import { parseRoute } from '../src/lib/state/router.svelte.ts';

const plugin = (
  id: string,
  offers: { stages?: Record<string, string[]>; providers?: Record<string, string[]> },
  properties: Record<string, unknown> = {},
): PluginInfo => ({
  id,
  package: `@x/${id}`,
  version: '1.0.0',
  status: 'loaded',
  display_name: id,
  ...offers,
  settings_schema: { type: 'object', properties },
});

describe('settings sections', () => {
  it('has a section for every field group, in the order of the task list, plus Notifications and Advanced', () => {
    const ids = SECTIONS.map((s) => s.id);
    expect(ids).toEqual([
      'folders',
      'tools',
      'identification',
      'matching',
      'library',
      'after-job',
      'notifications',
      'contributions',
      'advanced',
    ]);
    for (const group of configGroups()) if (group.id !== 'other') expect(ids, group.id).toContain(group.id);
  });

  it('puts a plugin under the step it serves', () => {
    expect(sectionOfPlugin(plugin('ripper-makemkv', { stages: { ripper: ['makemkv'] } }))).toBe('tools');
    expect(sectionOfPlugin(plugin('transcoder-ffmpeg', { providers: { transcoder: ['ffmpeg'] } }))).toBe('tools');
    expect(sectionOfPlugin(plugin('detector-staging-watcher', { stages: { detector: ['staging-watcher'] } }))).toBe(
      'folders',
    );
    expect(sectionOfPlugin(plugin('detector-linux-drive', { stages: { detector: ['linux-drive'] } }))).toBe('tools');
    expect(sectionOfPlugin(plugin('provider-tmdb', { providers: { catalog: ['tmdb'] } }))).toBe('identification');
    expect(sectionOfPlugin(plugin('subtitles-opensubtitles', { providers: { subtitles: ['opensubtitles'] } }))).toBe(
      'matching',
    );
    expect(sectionOfPlugin(plugin('refresher-media-server', { providers: { library_refresher: ['jellyfin'] } }))).toBe(
      'after-job',
    );
    expect(sectionOfPlugin(plugin('notifier-webhook', { providers: { notifier: ['gotify'] } }))).toBe('notifications');
    // A contributor that also matches belongs with the contributions.
    expect(
      sectionOfPlugin(plugin('contributor-fingerprint-network', { stages: { contributor: ['x'], matcher: ['x'] } })),
    ).toBe('contributions');
    expect(sectionOfPlugin(plugin('something-new', { stages: { brand_new_kind: ['x'] } }))).toBe('advanced');
  });

  it('searches every word, ignoring case and accents', () => {
    expect(matchesSearch('', 'anything')).toBe(true);
    expect(matchesSearch('days KEEP', 'Days to keep staging files')).toBe(true);
    expect(matchesSearch('resume', 'Résumé of the job')).toBe(true);
    expect(matchesSearch('days gotify', 'Days to keep staging files')).toBe(false);
    const p = plugin(
      'identifier-heuristic',
      { stages: { identifier: ['heuristic'] } },
      { min_short_episodes: { type: 'integer', title: 'Short titles of similar length needed to call a disc TV' } },
    );
    expect(pluginSettingMatches(p, 'short similar')).toBe(true);
    expect(pluginSettingMatches(p, 'gotify')).toBe(false);
  });

  it('labels plugin settings and options in words', () => {
    expect(pluginFieldLabel('gotify_priority', { title: 'Gotify: priority (0–10)' }, true)).toBe('Priority (0–10)');
    expect(pluginFieldLabel('timeout_seconds', {})).toBe('Timeout seconds');
    expect(pluginOptionLabel('job_completed')).toBe('Job completed');
    expect(pluginOptionLabel('hevc')).toBe('hevc');
  });

  it('replaces field names in API messages by their labels', () => {
    expect(humanizeFieldNames('Invalid value for "staging_path": directory does not exist: /x')).toBe(
      'Invalid value for “Staging folder”: directory does not exist: /x',
    );
    expect(humanizeFieldNames('library_movies_path (/a) and library_tv_path (/b) are nested')).toBe(
      '“Movies library folder” (/a) and “TV library folder” (/b) are nested',
    );
  });

  it('routes /settings and /settings/<section>', () => {
    expect(parseRoute('/settings')).toEqual({ name: 'settings', section: null });
    expect(parseRoute('/settings/notifications/')).toEqual({ name: 'settings', section: 'notifications' });
    expect(parseRoute('/settings/a/b')).toEqual({ name: 'not_found' });
  });
});
