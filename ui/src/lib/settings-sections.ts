/**
 * The settings screen's sections, by task, and where each plugin's settings appear: under the
 * section of the stage it serves (a ripper under Tools, a subtitle source under Matching, a
 * media-server refresher under After a job, notifiers on the Notifications page). Also the search
 * that filters settings by their labels and help.
 */
import type { PluginInfo } from './state/config.svelte.ts';

export interface SettingsSection {
  id: string;
  title: string;
}

/** In the order of the side menu. Field groups (config-fields.ts) share these ids. */
export const SECTIONS: readonly SettingsSection[] = [
  { id: 'folders', title: 'Folders' },
  { id: 'tools', title: 'Tools' },
  { id: 'identification', title: 'Identification' },
  { id: 'matching', title: 'Matching' },
  { id: 'library', title: 'Library' },
  { id: 'after-job', title: 'After a job' },
  { id: 'notifications', title: 'Notifications' },
  { id: 'contributions', title: 'Contributions' },
  { id: 'advanced', title: 'Advanced' },
];

export const DEFAULT_SECTION = 'folders';

/** Which section a stage or provider kind belongs to; the first kind of a plugin found here wins. */
const SECTION_OF_KIND: [kind: string, section: string][] = [
  ['notifier', 'notifications'],
  ['contributor', 'contributions'],
  ['library_refresher', 'after-job'],
  ['organizer', 'library'],
  ['transcoder', 'tools'],
  ['ripper', 'tools'],
  ['identifier', 'identification'],
  ['catalog', 'identification'],
  ['disc_lookup', 'identification'],
  ['ai', 'identification'],
  ['matcher', 'matching'],
  ['subtitles', 'matching'],
  ['transcriber', 'matching'],
  ['fingerprinter', 'matching'],
];

/** Detectors: the staging watcher works on a folder, the drive detectors on hardware. */
const DETECTOR_SECTION: Record<string, string> = { 'staging-watcher': 'folders' };

export function sectionOfPlugin(plugin: PluginInfo): string {
  const offers = {
    ...((plugin.stages ?? {}) as Record<string, string[]>),
    ...((plugin.providers ?? {}) as Record<string, string[]>),
  };
  for (const [kind, section] of SECTION_OF_KIND) if (offers[kind]?.length) return section;
  const detectors = offers.detector ?? [];
  if (detectors.length) return DETECTOR_SECTION[detectors[0]!] ?? 'tools';
  return 'advanced';
}

export function isSection(id: string): boolean {
  return SECTIONS.some((s) => s.id === id);
}

/** Every word of the query appears in one of the texts (case- and accent-insensitive); an empty query matches all. */
export function matchesSearch(query: string, ...texts: string[]): boolean {
  const fold = (t: string) => t.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(texts.join(' \n '));
  return words.every((w) => haystack.includes(w));
}

function sentenceCase(name: string): string {
  const text = name.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A plugin setting's label: its schema title, else its name in words; `stripPrefix` drops "Gotify: ". */
export function pluginFieldLabel(name: string, schema: { title?: unknown }, stripPrefix = false): string {
  const title = typeof schema.title === 'string' ? schema.title : sentenceCase(name);
  if (!stripPrefix) return title;
  const cut = title.replace(/^[^:]{1,24}: /, '');
  return cut.charAt(0).toUpperCase() + cut.slice(1);
}

/** An option of a plugin setting in words ("job_completed" → "Job completed"). */
export function pluginOptionLabel(value: string): string {
  return /_/.test(value) ? sentenceCase(value) : value;
}

/** Does one of the plugin's settings match the search (by its label, help or the plugin's name)? */
export function pluginSettingMatches(
  plugin: PluginInfo,
  query: string,
  only: readonly string[] | null = null,
): boolean {
  const props = Object.entries(
    ((plugin.settings_schema ?? {}) as { properties?: Record<string, { title?: unknown; description?: unknown }> })
      .properties ?? {},
  );
  return props.some(
    ([name, s]) =>
      (!only || only.includes(name)) &&
      matchesSearch(
        query,
        pluginFieldLabel(name, s),
        typeof s.description === 'string' ? s.description : '',
        plugin.display_name ?? '',
      ),
  );
}
