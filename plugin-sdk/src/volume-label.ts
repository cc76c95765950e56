/**
 * Reads a show or movie name, season, disc, volume and year out of a disc's volume label
 * (`SHOW_NAME_S2_D1`, `SHOWNAME_SEASON3`, `Doctor Who Series 5 Disc 1`, `27DRESSES_WS`, …).
 * Shared by identifiers so they all read labels the same way. Pure: no I/O.
 */

export interface VolumeLabelFacts {
  /** Cleaned, title-cased name; null when the label is generic (`DVD_VIDEO`) or a catalogue number. */
  title: string | null;
  season: number | null;
  discNumber: number | null;
  year: number | null;
  /** Volume of a release (`NARUTO_VOL_5`); anime and cartoon sets number their discs this way. */
  volume: number | null;
  /** A publisher catalogue number (`BBCDVD1550`) when the label is one instead of a name. */
  catalogueNumber: string | null;
}

const GENERIC_LABELS = new Set([
  'DVD',
  'DVD VIDEO',
  'DVDVIDEO',
  'VIDEO TS',
  'BDROM',
  'BD ROM',
  'BLURAY',
  'BLU RAY',
  'BDMV',
  'DISC',
  'VOLUME',
  'LOGICAL VOLUME ID',
  'NO LABEL',
  'UNTITLED',
  'MOVIE',
  '4K UHD',
  'UHD',
]);
const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'vs']);
const ROMAN = /^(?:II|III|IV|VI|VII|VIII|IX|XI|XII|XIII)$/;
/** Format and packaging words that are never part of a name (dropped unless nothing else is left). */
const NOISE = new Set([
  'WS',
  'FS',
  'WIDESCREEN',
  'FULLSCREEN',
  'FF',
  'LB',
  'LETTERBOX',
  'PS',
  'NTSC',
  'PAL',
  'BD',
  'BLURAY',
  'UHD',
  '4K',
  'HDR',
  'HD',
  'DTS',
  'AC3',
  '16X9',
  '4X3',
  'UNRATED',
  'UNCUT',
  'REMASTERED',
  'EXTENDED',
  'THEATRICAL',
  'DISC',
  'DISK',
  'DVD',
]);
/** `<word> EDITION` / `DIRECTORS CUT` pairs, dropped together. */
const EDITION_FIRST = new Set([
  'SPECIAL',
  'COLLECTORS',
  "COLLECTOR'S",
  'ANNIVERSARY',
  'LIMITED',
  'DELUXE',
  'ULTIMATE',
  'DEFINITIVE',
  'EXTENDED',
]);
const CUT_FIRST = new Set(['DIRECTORS', "DIRECTOR'S", 'EXTENDED']);
const NUMBER_WORDS: Record<string, number> = {
  ONE: 1,
  TWO: 2,
  THREE: 3,
  FOUR: 4,
  FIVE: 5,
  SIX: 6,
  SEVEN: 7,
  EIGHT: 8,
  NINE: 9,
  TEN: 10,
};

const SEASON_AND_DISC = /^S(\d{1,2})D(\d{1,2})$/;
const SEASON_AND_EPISODE = /^S(\d{1,2})E(\d{1,3})$/;
const SEASON = /^(?:S|SEASON|SERIES|SSN)(\d{1,2})$/;
const DISC = /^(?:D|DISC|DISK|DVD|BD|CD)(\d{1,2})(?:OF\d{1,2})?$/;
const VOLUME = /^(?:VOL|VOLUME)(\d{1,2})$/;
const SEASON_WORDS = new Set(['SEASON', 'SERIES']);
const DISC_WORDS = new Set(['DISC', 'DISK', 'D']);
const VOLUME_WORDS = new Set(['VOL', 'VOLUME']);
const NUMBER = /^\d{1,2}$/;
const YEAR = /^(?:19|20)\d\d$/;
const CATALOGUE = /^[A-Z]{2,6}(?:DVD|BD|BRD|BR)\d{3,6}[A-Z]?$/;
const DIGITS_THEN_WORD = /^(\d{1,4})([A-Z]{3,})$/;

function numberOf(token: string | undefined): number | null {
  if (token === undefined) return null;
  if (NUMBER.test(token)) return Number(token);
  return NUMBER_WORDS[token] ?? null;
}

/** Mis-decoded apostrophes (`DAY?��S`, `DAY’S`) become `'`; separators become spaces. */
function tokenize(label: string): string[] {
  const cleaned = label
    .normalize('NFC')
    .replace(/([A-Za-z])[?\uFFFD’‘`´']+([A-Za-z])/g, "$1'$2")
    .replace(/^[’‘`´]/, "'")
    .toUpperCase();
  const raw = cleaned.split(/[\s_.\-:,;!()[\]/]+/).filter((t) => t !== '' && t !== "'");
  const tokens: string[] = [];
  raw.forEach((token, i) => {
    const glued = DIGITS_THEN_WORD.exec(token);
    const tv = i === 0 && raw.length > 1 ? /^TV(\d{1,3})$/.exec(token) : null;
    if (glued) tokens.push(glued[1]!, glued[2]!);
    else if (tv) tokens.push(tv[1]!);
    else tokens.push(token);
  });
  return tokens;
}

function titleCase(words: string[]): string {
  return words
    .map((word, i) => {
      if (ROMAN.test(word) || (word.length <= 4 && /\d/.test(word) && /[A-Z]/.test(word))) return word; // DS9, R2D2
      const lower = word.toLowerCase();
      if (i > 0 && SMALL_WORDS.has(lower)) return lower;
      const first = lower.search(/[a-z]/);
      return first < 0 ? lower : lower.slice(0, first) + lower.charAt(first).toUpperCase() + lower.slice(first + 1);
    })
    .join(' ');
}

/** Drops format, packaging and edition words, unless that would leave no name at all. */
function withoutNoise(words: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const next = words[i + 1];
    if ((next === 'EDITION' && EDITION_FIRST.has(word)) || (next === 'CUT' && CUT_FIRST.has(word))) {
      i++;
      continue;
    }
    if (NOISE.has(word) || /^R[1-6]$/.test(word)) continue;
    kept.push(word);
  }
  return kept.length > 0 ? kept : words;
}

/** What a label that says nothing tells: every fact null. */
export const NO_LABEL_FACTS: Readonly<VolumeLabelFacts> = Object.freeze({
  title: null,
  season: null,
  discNumber: null,
  year: null,
  volume: null,
  catalogueNumber: null,
});

export function parseVolumeLabel(label: string, now: Date = new Date()): VolumeLabelFacts {
  const facts: VolumeLabelFacts = { ...NO_LABEL_FACTS };
  const tokens = tokenize(label);
  if (tokens.length === 1 && CATALOGUE.test(tokens[0]!)) {
    facts.catalogueNumber = tokens[0]!;
    return facts;
  }
  const words: string[] = [];
  const years: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    const nextNumber = numberOf(next);
    let m: RegExpExecArray | null;
    if ((m = SEASON_AND_DISC.exec(token))) {
      facts.season ??= Number(m[1]);
      facts.discNumber ??= Number(m[2]);
    } else if ((m = SEASON_AND_EPISODE.exec(token)) || (m = SEASON.exec(token))) {
      facts.season ??= Number(m[1]);
    } else if ((m = DISC.exec(token))) {
      facts.discNumber ??= Number(m[1]);
    } else if ((m = VOLUME.exec(token))) {
      facts.volume ??= Number(m[1]);
    } else if (SEASON_WORDS.has(token) && nextNumber !== null) {
      facts.season ??= nextNumber;
      i++;
    } else if (DISC_WORDS.has(token) && nextNumber !== null && (token !== 'D' || i > 0)) {
      facts.discNumber ??= nextNumber;
      i++;
      if (tokens[i + 1] === 'OF' && numberOf(tokens[i + 2]) !== null) i += 2; // "DISC 1 OF 6"
    } else if (VOLUME_WORDS.has(token) && nextNumber !== null) {
      facts.volume ??= nextNumber;
      i++;
    } else if (YEAR.test(token) && i > 0 && Number(token) <= now.getFullYear() + 1) {
      years.push(token);
    } else {
      words.push(token);
    }
  }
  if (words.length === 0)
    words.push(...years); // a label that is only a year ("1917") is the name
  else if (years.length > 0) facts.year = Number(years.at(-1));
  if (facts.discNumber === 0) facts.discNumber = null;
  if (GENERIC_LABELS.has(words.join(' '))) return facts;
  const name = withoutNoise(words);
  const joined = name.join(' ');
  facts.title = joined === '' || GENERIC_LABELS.has(joined) ? null : titleCase(name);
  return facts;
}
