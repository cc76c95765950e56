/**
 * The settings side menu's section ids, in order, taken from the UI's own list
 * (ui/src/lib/settings-sections.ts). Loaded at run time: a static import would bring the UI's Svelte
 * rune modules into the root type check.
 */
import { fileURLToPath } from 'node:url';

const SOURCE = fileURLToPath(new URL('../../../ui/src/lib/settings-sections.ts', import.meta.url));

export async function settingsSections(): Promise<string[]> {
  const { SECTIONS } = (await import(SOURCE)) as { SECTIONS: readonly { id: string }[] };
  return SECTIONS.map((section) => section.id);
}
