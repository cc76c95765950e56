/** Words of file and folder names, and how well a name fits a show or movie title. */

/** Lowercase ASCII words: accents dropped, `&` read as "and", apostrophes removed ("Director's" → "directors"). */
export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const FILLER = new Set(['the', 'a', 'an', 'and', 'of']);
const YEAR = /^(19|20)\d{2}$/;
export const isYear = (word: string) => YEAR.test(word);

/** Words that name a release, not a title: the title ends before the first of them. */
const RELEASE_TAGS = new Set([
  '480p',
  '576p',
  '720p',
  '1080p',
  '2160p',
  '4k',
  'uhd',
  'bluray',
  'bdrip',
  'brrip',
  'bdremux',
  'remux',
  'webrip',
  'webdl',
  'web',
  'hdtv',
  'dvdrip',
  'dvd',
  'x264',
  'x265',
  'h264',
  'h265',
  'hevc',
  'avc',
  'hdr',
  '10bit',
  'proper',
  'repack',
  'aac',
  'ac3',
  'dts',
  'internal',
]);

/** The title words of a name: up to the first release tag (never empty when the name has words). */
export function titleWords(name: string): string[] {
  const all = words(name);
  const end = all.findIndex((w, i) => i > 0 && RELEASE_TAGS.has(w));
  return end === -1 ? all : all.slice(0, end);
}

/**
 * Readings of a movie name as title + year: "Blade Runner 2049 (2017)" is read as
 * (blade runner 2049, 2017), (blade runner, 2049) and (blade runner 2049 2017, no year).
 */
export function titleYearReadings(name: string): { title: string[]; year: number | null }[] {
  const title = titleWords(name);
  const readings: { title: string[]; year: number | null }[] = [{ title, year: null }];
  title.forEach((w, i) => {
    if (i > 0 && isYear(w)) readings.push({ title: title.slice(0, i), year: Number(w) });
  });
  return readings;
}

/** Same title, ignoring a leading article. */
export function sameTitle(a: readonly string[], b: readonly string[]): boolean {
  const strip = (t: readonly string[]) => (t.length > 1 && FILLER.has(t[0]!) ? t.slice(1) : [...t]);
  const [x, y] = [strip(a), strip(b)];
  return x.length > 0 && x.length === y.length && x.every((w, i) => w === y[i]);
}

/**
 * How well a show name (folder or file-name prefix) fits the wanted title, 0–1: the share of
 * distinct words they have in common (filler words and years aside). A name wholly contained in
 * the title (or the title in the name) fits even with a low share; anything else below 0.5 is 0.
 */
export function showNameScore(name: readonly string[], title: readonly string[]): number {
  const content = (t: readonly string[]) => new Set(t.filter((w) => !FILLER.has(w) && !isYear(w)));
  const [a, b] = [content(name), content(title)];
  if (a.size === 0 || b.size === 0) return 0;
  const common = [...a].filter((w) => b.has(w)).length;
  const share = common / (a.size + b.size - common);
  const contained = common > 0 && (common === a.size || common === b.size);
  return share >= 0.5 || contained ? share : 0;
}

const SEASON_FOLDER = /^(?:season|series|staffel|saison|temporada|s)[ ._-]*(\d{1,3})$/i;
const GENERIC_FOLDER =
  /^(?:subs?|subtitles?|srts?|english|eng|en|specials?|extras?|tv|tv shows|shows|series|movies|films)$/i;

/** The season a folder is named for ("Season 2", "S02", "Specials" → 0), else null. */
export function seasonOfFolder(name: string): number | null {
  const m = SEASON_FOLDER.exec(name.trim());
  if (m) return Number(m[1]);
  return /^specials?$/i.test(name.trim()) ? 0 : null;
}

/** True for folders that say nothing about the show (season folders, "Subs", …). */
export const isGenericFolder = (name: string) => seasonOfFolder(name) !== null || GENERIC_FOLDER.test(name.trim());
