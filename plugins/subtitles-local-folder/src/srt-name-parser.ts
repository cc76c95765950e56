/**
 * What an .srt file name says: the episode (`S01E02`, `s1e2`, `S01E02-E03`, `1x02`, or `E02`
 * inside a "Season 1" folder), the words before it (the show), and trailing tags for the
 * language (`.en`, `.eng`, `.English`), hearing-impaired (`.sdh`, `.hi`, `.cc`) and forced subtitles.
 */
import { seasonOfFolder, words } from './name-words.ts';

export interface ParsedSrtName {
  season: number | null;
  episode: number | null;
  /** Last episode of a file that covers several ("S01E01-E02"), else null. */
  episodeEnd: number | null;
  /** The name without its trailing tags. */
  name: string;
  /** Words before the episode code (the show's name when the file says it). */
  showWords: string[];
  /** ISO 639-1 language of a trailing tag, else null. */
  language: string | null;
  hearingImpaired: boolean;
  forced: boolean;
}

const LANGUAGES: Record<string, string> = {};
for (const [code, ...names] of [
  ['en', 'eng', 'english'],
  ['de', 'ger', 'deu', 'german', 'deutsch'],
  ['fr', 'fre', 'fra', 'french', 'francais'],
  ['es', 'spa', 'spanish', 'espanol'],
  ['it', 'ita', 'italian'],
  ['nl', 'dut', 'nld', 'dutch'],
  ['pt', 'por', 'portuguese'],
  ['sv', 'swe', 'swedish'],
  ['da', 'dan', 'danish'],
  ['no', 'nor', 'nob', 'norwegian'],
  ['fi', 'fin', 'finnish'],
  ['pl', 'pol', 'polish'],
  ['ru', 'rus', 'russian'],
  ['ja', 'jpn', 'japanese'],
  ['zh', 'chi', 'zho', 'chinese'],
  ['ko', 'kor', 'korean'],
  ['cs', 'cze', 'ces', 'czech'],
  ['hu', 'hun', 'hungarian'],
  ['tr', 'tur', 'turkish'],
  ['el', 'gre', 'ell', 'greek'],
  ['he', 'heb', 'hebrew'],
  ['ar', 'ara', 'arabic'],
] as const) {
  for (const name of [code, ...names]) LANGUAGES[name] = code;
}
const HEARING_IMPAIRED = new Set(['sdh', 'hi', 'cc']);
const OTHER_TAGS = new Set(['forced', 'default', 'full']);

/** Trailing `.tag` segments (never the first segment of the name). */
function splitTags(baseName: string): {
  name: string;
  language: string | null;
  hearingImpaired: boolean;
  forced: boolean;
} {
  const parts = baseName.split(/(?=[._ ])/);
  let language: string | null = null;
  let hearingImpaired = false;
  let forced = false;
  while (parts.length > 1) {
    const tag = parts[parts.length - 1]!.replace(/^[._ ]/, '').toLowerCase();
    const regional = /^([a-z]{2})-[a-z]{2}$/.exec(tag);
    const tagLanguage = LANGUAGES[tag] ?? (regional ? LANGUAGES[regional[1]!] : undefined);
    if (tagLanguage) language ??= tagLanguage;
    else if (HEARING_IMPAIRED.has(tag)) hearingImpaired = true;
    else if (tag === 'forced') forced = true;
    else if (!OTHER_TAGS.has(tag)) break;
    parts.pop();
  }
  return { name: parts.join(''), language, hearingImpaired, forced };
}

const SXXEYY = /(?<![a-z0-9])s(\d{1,3})[ ._-]*e(\d{1,3})(?!\d)(?:[ ._-]*-?[ ._-]*e(\d{1,3})(?!\d))?/i;
const NXNN = /(?<![a-z0-9])(\d{1,2})x(\d{2,3})(?![\d])/i;
const EPISODE_ONLY = /(?<![a-z0-9])(?:e|ep|episode)[ ._-]*(\d{1,3})(?!\d)/i;

/** Parses a file's base name (no `.srt`); `folders` are its folders below the root, outermost first. */
export function parseSrtName(baseName: string, folders: readonly string[] = []): ParsedSrtName {
  const tags = splitTags(baseName);
  const base = { ...tags, season: null, episode: null, episodeEnd: null, showWords: [] as string[] };
  const sxe = SXXEYY.exec(tags.name);
  const nxn = sxe ? null : NXNN.exec(tags.name);
  const match = sxe ?? (nxn && !['264', '265'].includes(nxn[2]!) ? nxn : null);
  if (match) {
    const [season, episode] = [Number(match[1]), Number(match[2])];
    const end = match[3] === undefined ? null : Number(match[3]);
    return {
      ...base,
      season,
      episode,
      episodeEnd: end !== null && end > episode ? end : null,
      showWords: words(tags.name.slice(0, match.index)),
    };
  }
  const folderSeason =
    [...folders]
      .reverse()
      .map(seasonOfFolder)
      .find((s) => s !== null) ?? null;
  const only = folderSeason === null ? null : EPISODE_ONLY.exec(tags.name);
  if (only && folderSeason !== null) {
    return {
      ...base,
      season: folderSeason,
      episode: Number(only[1]),
      showWords: words(tags.name.slice(0, only.index)),
    };
  }
  return base;
}

/** True when the file covers the episode. */
export const coversEpisode = (p: ParsedSrtName, season: number, episode: number) =>
  p.season === season &&
  p.episode !== null &&
  (p.episode === episode || (p.episodeEnd !== null && p.episode <= episode && episode <= p.episodeEnd));
