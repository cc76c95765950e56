/** Reads a show or movie name, season, disc number and year out of a disc's volume label. */

export interface LabelFacts {
  /** Cleaned, title-cased name; null when the label is generic (e.g. "DVD_VIDEO"). */
  title: string | null;
  season: number | null;
  discNumber: number | null;
  year: number | null;
}

const GENERIC_LABELS = new Set(['DVD', 'DVD VIDEO', 'DVDVIDEO', 'VIDEO TS', 'BDROM', 'BD ROM', 'BLURAY', 'BLU RAY', 'BDMV', 'DISC', 'VOLUME', 'LOGICAL VOLUME ID', 'NO LABEL']);
const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'vs']);

const SEASON_AND_DISC = /^S(\d{1,2})D(\d{1,2})$/;
const SEASON = /^(?:S|SEASON|SERIES)(\d{1,2})$/;
const DISC = /^(?:D|DISC|DISK|DVD|BD)(\d{1,2})$/;
const SEASON_WORDS = new Set(['SEASON', 'SERIES']);
const DISC_WORDS = new Set(['DISC', 'DISK']);
const NUMBER = /^\d{1,2}$/;
const YEAR = /^(?:19|20)\d\d$/;

function titleCase(words: string[]): string {
  return words
    .map((word, i) => {
      const lower = word.toLowerCase();
      if (i > 0 && SMALL_WORDS.has(lower)) return lower;
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
}

export function parseVolumeLabel(label: string, now: Date = new Date()): LabelFacts {
  const tokens = label.toUpperCase().split(/[\s_.\-]+/).filter((t) => t !== '');
  const facts: LabelFacts = { title: null, season: null, discNumber: null, year: null };
  const words: string[] = [];
  const years: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    let m: RegExpExecArray | null;
    if ((m = SEASON_AND_DISC.exec(token))) {
      facts.season ??= Number(m[1]);
      facts.discNumber ??= Number(m[2]);
    } else if ((m = SEASON.exec(token))) {
      facts.season ??= Number(m[1]);
    } else if ((m = DISC.exec(token))) {
      facts.discNumber ??= Number(m[1]);
    } else if (SEASON_WORDS.has(token) && next && NUMBER.test(next)) {
      facts.season ??= Number(next);
      i++;
    } else if (DISC_WORDS.has(token) && next && NUMBER.test(next)) {
      facts.discNumber ??= Number(next);
      i++;
    } else if (YEAR.test(token) && Number(token) <= now.getFullYear() + 1) {
      years.push(token);
    } else {
      words.push(token);
    }
  }
  if (words.length === 0) {
    words.push(...years); // a label that is only a year ("1917") is the name
  } else if (years.length > 0) {
    facts.year = Number(years.at(-1));
  }
  if (facts.discNumber === 0) facts.discNumber = null;
  const name = words.join(' ');
  facts.title = name === '' || GENERIC_LABELS.has(name) ? null : titleCase(words);
  return facts;
}
