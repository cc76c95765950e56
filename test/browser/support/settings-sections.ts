/**
 * The settings side menu's sections, in order, as a person finds them (the same ids as
 * ui/src/lib/settings-sections.ts; written out here because importing that file brings the UI's
 * Svelte rune modules into the root type check).
 */
export const SETTINGS_SECTIONS = [
  'folders',
  'tools',
  'identification',
  'matching',
  'library',
  'after-job',
  'notifications',
  'contributions',
  'advanced',
];
