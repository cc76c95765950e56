/** TMDB's JSON (search results, details, seasons) → the SDK's catalog values. Unusable rows are skipped. */
import {
  IdentificationError,
  type CatalogEpisode,
  type CatalogMovie,
  type CatalogSeason,
  type CatalogShow,
  type JsonValue,
} from '@spindle/plugin-sdk';

type Row = Record<string, JsonValue>;

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: JsonValue | undefined): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;
const num = (value: JsonValue | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const id = (value: JsonValue | undefined): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/** "1999-03-31" → 1999; empty or malformed → null. */
export function yearOf(date: JsonValue | undefined): number | null {
  const m = typeof date === 'string' ? /^(\d{4})-\d{2}-\d{2}$/.exec(date) : null;
  return m ? Number(m[1]) : null;
}

function badShape(what: string): IdentificationError {
  return new IdentificationError(
    'catalog_bad_response',
    `catalog lookup failed: TMDB's ${what} answer has an unexpected shape`,
  );
}

/** The `results` array of a search answer. */
export function resultsOf(body: JsonValue | null, what: string): Row[] {
  if (body === null) return [];
  if (!isRow(body) || !Array.isArray(body.results)) throw badShape(what);
  return body.results.filter(isRow);
}

export function toMovie(row: Row): CatalogMovie | null {
  const movieId = id(row.id);
  const title = text(row.title) ?? text(row.original_title);
  if (movieId === null || title === null) return null;
  const runtime = num(row.runtime);
  return {
    id: movieId,
    title,
    originalTitle: text(row.original_title),
    year: yearOf(row.release_date),
    popularity: num(row.popularity) ?? 0,
    runtimeMinutes: runtime !== null && runtime > 0 ? runtime : null,
    overview: text(row.overview),
  };
}

export function toShow(row: Row): CatalogShow | null {
  const showId = id(row.id);
  const name = text(row.name) ?? text(row.original_name);
  if (showId === null || name === null) return null;
  const runTimes = Array.isArray(row.episode_run_time)
    ? row.episode_run_time.filter((n): n is number => typeof n === 'number' && n > 0)
    : [];
  return {
    id: showId,
    name,
    originalName: text(row.original_name),
    firstAirYear: yearOf(row.first_air_date),
    popularity: num(row.popularity) ?? 0,
    numberOfSeasons: num(row.number_of_seasons),
    episodeRunTimes: runTimes,
    overview: text(row.overview),
  };
}

export function toSeason(showId: number, requested: number, body: JsonValue | null): CatalogSeason | null {
  if (body === null) return null;
  if (!isRow(body) || !Array.isArray(body.episodes)) throw badShape('season');
  const season = num(body.season_number) ?? requested;
  const episodes: CatalogEpisode[] = body.episodes.filter(isRow).flatMap((e) => {
    const episode = num(e.episode_number);
    if (episode === null) return [];
    const runtime = num(e.runtime);
    return [
      {
        season,
        episode,
        name: text(e.name) ?? `Episode ${episode}`,
        runtimeMinutes: runtime !== null && runtime > 0 ? runtime : null,
        airDate: text(e.air_date),
      },
    ];
  });
  return { showId, season, episodes };
}

export function detailsRow(body: JsonValue | null, what: string): Row | null {
  if (body === null) return null;
  if (!isRow(body)) throw badShape(what);
  return body;
}
