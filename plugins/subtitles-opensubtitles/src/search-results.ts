/**
 * Reads a page of GET /subtitles and picks the best file: the most wanted language, not machine-
 * or AI-translated, not hearing-impaired (unless preferred), then the most downloaded. Results
 * whose own season, episode or TMDB id disagree with the query are dropped (OpenSubtitles has
 * known data problems: wrong season numbers, episodes off by one around two-part pilots).
 */
import { SubtitleError, type SubtitleQuery } from '@spindle/plugin-sdk';

export interface SubtitleFile {
  fileId: number;
  fileName: string | null;
  language: string;
  downloads: number;
  hearingImpaired: boolean;
  /** Machine- or AI-translated, as flagged by OpenSubtitles. */
  translated: boolean;
  foreignPartsOnly: boolean;
  season: number | null;
  episode: number | null;
  /** The show's TMDB id (episodes) or the movie's (movies), when the result says. */
  tmdbId: number | null;
}

export interface ResultPage {
  files: SubtitleFile[];
  page: number;
  totalPages: number;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const intOrNull = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
};

function malformed(what: string): SubtitleError {
  return new SubtitleError('subtitle_bad_response', `OpenSubtitles answered /subtitles with ${what}`, {
    retryable: true,
  });
}

/** One file per result (its first file), with what the ranking needs. */
export function readResultPage(body: unknown, isMovie: boolean): ResultPage {
  if (!isObject(body) || !Array.isArray(body.data)) throw malformed('no data list');
  const files: SubtitleFile[] = [];
  for (const item of body.data) {
    const attributes = isObject(item) && isObject(item.attributes) ? item.attributes : null;
    const first = attributes && Array.isArray(attributes.files) ? attributes.files.find(isObject) : undefined;
    const fileId = first ? intOrNull(first.file_id) : null;
    if (!attributes || !first || fileId === null) continue;
    const feature = isObject(attributes.feature_details) ? attributes.feature_details : {};
    files.push({
      fileId,
      fileName: typeof first.file_name === 'string' ? first.file_name : null,
      language: typeof attributes.language === 'string' ? attributes.language.toLowerCase() : '',
      downloads: typeof attributes.download_count === 'number' ? attributes.download_count : 0,
      hearingImpaired: attributes.hearing_impaired === true,
      translated: attributes.machine_translated === true || attributes.ai_translated === true,
      foreignPartsOnly: attributes.foreign_parts_only === true,
      season: intOrNull(feature.season_number),
      episode: intOrNull(feature.episode_number),
      tmdbId: intOrNull(isMovie ? feature.tmdb_id : feature.parent_tmdb_id),
    });
  }
  const page = intOrNull(body.page) ?? 1;
  return { files, page, totalPages: Math.max(page, intOrNull(body.total_pages) ?? 1) };
}

/** False when the result's own numbers contradict the query (a number it leaves out does not count). */
export function agreesWithQuery(file: SubtitleFile, query: SubtitleQuery, checkEpisode: boolean): boolean {
  if (query.catalogId !== null && file.tmdbId !== null && file.tmdbId !== query.catalogId) return false;
  if (query.season !== null && file.season !== null && file.season !== query.season) return false;
  if (checkEpisode && query.episode !== null && file.episode !== null && file.episode !== query.episode) return false;
  return true;
}

export interface ChoicePreferences {
  /** Most wanted first. */
  languages: string[];
  preferHearingImpaired: boolean;
}

/** Files in a wanted language, with full dialogue (not "foreign parts only"), that agree with the query. */
export function usableFiles(
  files: readonly SubtitleFile[],
  query: SubtitleQuery,
  prefs: ChoicePreferences,
  checkEpisode: boolean,
): SubtitleFile[] {
  return files.filter(
    (f) => !f.foreignPartsOnly && prefs.languages.includes(f.language) && agreesWithQuery(f, query, checkEpisode),
  );
}

/** The best file among those that agree with the query, or null. */
export function chooseFile(
  files: readonly SubtitleFile[],
  query: SubtitleQuery,
  prefs: ChoicePreferences,
): SubtitleFile | null {
  const rank = (f: SubtitleFile) => prefs.languages.indexOf(f.language);
  const usable = usableFiles(files, query, prefs, true);
  const key = (f: SubtitleFile): number[] => [
    rank(f),
    f.translated ? 1 : 0,
    f.hearingImpaired === prefs.preferHearingImpaired ? 0 : 1,
    -f.downloads,
    f.fileId,
  ];
  const compare = (a: SubtitleFile, b: SubtitleFile) => {
    const [ka, kb] = [key(a), key(b)];
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
    return 0;
  };
  return [...usable].sort(compare)[0] ?? null;
}
