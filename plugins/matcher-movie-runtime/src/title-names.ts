/**
 * What a title's file name says about it: an edition ("Director's Cut", "Extended", "Theatrical")
 * or a kind of extra ("Trailer", "Deleted Scenes", …), and its resolution. The movie's own title is
 * taken out of the name first, so "Uncut Gems" is not read as an Uncut edition.
 */
import type { ExtraType } from '@spindle/plugin-sdk';

/** An edition named by the file: `label` null means the theatrical cut. */
export interface NamedEdition {
  label: string | null;
}

export function nameWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The words of a file's name, without its folder, extension, MakeMKV's `_t00` suffix and the movie's title. */
export function titleNameWords(filePath: string | null, movieTitles: readonly (string | null)[]): string[] {
  if (!filePath) return [];
  const base = filePath
    .split(/[\\/]/)
    .pop()!
    .replace(/\.[a-z0-9]{2,4}$/i, '')
    .replace(/_t\d{2,3}$/i, '');
  let found = nameWords(base);
  for (const title of movieTitles) {
    const t = title ? nameWords(title) : [];
    if (t.length === 0) continue;
    const at = found.findIndex((_, i) => t.every((w, j) => found[i + j] === w));
    if (at >= 0) found = [...found.slice(0, at), ...found.slice(at + t.length)];
  }
  return found;
}

const EDITIONS: [RegExp, string | null][] = [
  [/ directors? cut /, "Director's Cut"],
  [/ final cut /, 'Final Cut'],
  [/ ultimate (?:cut|edition) /, 'Ultimate Edition'],
  [/ extended (?!scenes? )/, 'Extended'],
  [/ unrated /, 'Unrated'],
  [/ uncut /, 'Uncut'],
  [/ special edition /, 'Special Edition'],
  [/ imax /, 'IMAX'],
  [/ theatrical /, null],
];

const EXTRAS: [RegExp, ExtraType][] = [
  [/ (?:trailers?|teasers?|tv ?spots?) /, 'trailer'],
  [/ (?:deleted|alternate ending|extended scenes?) /, 'deleted_scene'],
  [/ featurettes? /, 'featurette'],
  [/ (?:behind the scenes|making of|bts|documentary) /, 'behind_the_scenes'],
  [/ interviews? /, 'interview'],
  [/ short films? /, 'short'],
  [/ scenes? /, 'scene'],
  [/ (?:gag reels?|bloopers|outtakes|extras?|bonus) /, 'other'],
];

export function editionFromName(words: readonly string[]): NamedEdition | null {
  const text = ` ${words.join(' ')} `;
  for (const [pattern, label] of EDITIONS) if (pattern.test(text)) return { label };
  return null;
}

export function extraTypeFromName(words: readonly string[]): ExtraType | null {
  const text = ` ${words.join(' ')} `;
  for (const [pattern, type] of EXTRAS) if (pattern.test(text)) return type;
  return null;
}
