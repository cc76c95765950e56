/**
 * GET /api/catalog/search: a person looks a show or movie up in the configured catalog (TMDB) to
 * say what a disc is. Answers candidates with their year and a short summary; no catalog, or one
 * that refuses its key, is a clear 409, and a catalog that cannot answer now is a 503 — never a 500.
 */
import {
  errorMessage,
  SpindleError,
  type CatalogMovie,
  type CatalogProvider,
  type CatalogShow,
  type Logger,
} from '@spindle/plugin-sdk';
import { HttpError } from '../error-middleware.ts';
import { defineRoute, type RouteSpec } from '../route-spec.ts';

interface SearchQuery {
  query: string;
  content_type?: 'tv' | 'movie';
  year?: number;
}

export interface CatalogResult {
  catalog_id: number;
  title: string;
  year: number | null;
  content_type: 'tv' | 'movie';
  overview: string | null;
}

export interface CatalogRouteDeps {
  /** The configured catalog provider; null when none is configured. */
  catalog: () => CatalogProvider | null;
  logger: Logger;
}

/** Candidates per content type: enough to choose from, short enough to read. */
export const MAX_RESULTS = 10;
/** A summary is cut at this many characters (at a word boundary) with an ellipsis. */
export const OVERVIEW_CHARS = 280;

export function shortOverview(text: string | null | undefined): string | null {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (clean === '') return null;
  if (clean.length <= OVERVIEW_CHARS) return clean;
  const cut = clean.slice(0, OVERVIEW_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > OVERVIEW_CHARS / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

const fromShow = (show: CatalogShow): CatalogResult => ({
  catalog_id: show.id,
  title: show.name,
  year: show.firstAirYear,
  content_type: 'tv',
  overview: shortOverview(show.overview),
});

const fromMovie = (movie: CatalogMovie): CatalogResult => ({
  catalog_id: movie.id,
  title: movie.title,
  year: movie.year,
  content_type: 'movie',
  overview: shortOverview(movie.overview),
});

/** A provider's failure as an answer a person can act on. */
function searchFailure(error: unknown, logger: Logger): HttpError {
  if (SpindleError.is(error)) {
    // The catalog is set up wrongly (no key, a key of the wrong kind, a key it refuses): fix the settings.
    if (error.category === 'configuration' || error.kind === 'invalid_input' || error.kind === 'forbidden') {
      return new HttpError(409, error.code, error.message);
    }
    return new HttpError(503, 'catalog_unavailable', error.message);
  }
  logger.warn('catalog search failed', { error: errorMessage(error) });
  return new HttpError(
    503,
    'catalog_unavailable',
    'The catalog could not answer the search; try again later (the service log has the details)',
  );
}

const resultSchema = {
  type: 'object',
  required: ['catalog_id', 'title', 'year', 'content_type', 'overview'],
  properties: {
    catalog_id: { type: 'integer' },
    title: { type: 'string' },
    year: { type: ['integer', 'null'] },
    content_type: { enum: ['tv', 'movie'] },
    overview: { type: ['string', 'null'], description: `The catalog's summary, at most ${OVERVIEW_CHARS} characters` },
  },
};

export function catalogRoutes(deps: CatalogRouteDeps): RouteSpec[] {
  return [
    defineRoute<Record<string, never>, SearchQuery>({
      method: 'get',
      path: '/api/catalog/search',
      tag: 'jobs',
      operationId: 'searchCatalog',
      summary:
        'Search the configured catalog (TMDB) for a show or movie by title: candidates with year and a short summary, to say what a disc is',
      query: {
        type: 'object',
        required: ['query'],
        additionalProperties: false,
        properties: {
          query: { type: 'string', minLength: 1, maxLength: 200, description: 'the title to look for' },
          content_type: { enum: ['tv', 'movie'], description: 'shows or movies; both when left out' },
          year: {
            type: 'integer',
            minimum: 1870,
            maximum: 2200,
            description: 'first air year (TV) or release year (movie)',
          },
        },
      },
      response: {
        type: 'object',
        required: ['results'],
        properties: { results: { type: 'array', items: resultSchema } },
      },
      errors: [400, 409, 503],
      handler: async ({ query }) => {
        const text = query.query.trim();
        if (text === '')
          throw new HttpError(400, 'invalid_request', "query parameter 'query' must hold the title to look for");
        const catalog = deps.catalog();
        const status = catalog?.status();
        if (!catalog || status?.configured === false) {
          throw new HttpError(
            409,
            'catalog_not_configured',
            status?.message ??
              'No catalog is configured: choose TMDB as the catalog under Settings → Advanced (stages) and enter your TMDB Read Access Token under Settings → Identification',
          );
        }
        const year = query.year ?? null;
        const wantShows = query.content_type !== 'movie';
        const wantMovies = query.content_type !== 'tv';
        try {
          const [shows, movies] = await Promise.all([
            wantShows ? catalog.searchShows(text, year) : Promise.resolve([]),
            wantMovies ? catalog.searchMovies(text, year) : Promise.resolve([]),
          ]);
          return {
            results: [...shows.slice(0, MAX_RESULTS).map(fromShow), ...movies.slice(0, MAX_RESULTS).map(fromMovie)],
          };
        } catch (error) {
          throw searchFailure(error, deps.logger);
        }
      },
    }),
  ];
}
