/**
 * A local stand-in for the TMDB API (node:http on 127.0.0.1, random port) answering in TMDB's
 * documented shapes: /3/search/movie, /3/search/tv, /3/movie/{id}, /3/tv/{id},
 * /3/tv/{id}/season/{n}; 401 `{status_code: 7, …}` without the right Bearer token; 404
 * `{status_code: 34, …}`. Faults (429 + Retry-After, 5xx, malformed JSON) can be queued.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchesCatalogQuery } from '../../../../test/support/catalog-query.ts';
import { listenOnLoopback } from '../../../../test/support/loopback-server.ts';

export interface FakeMovie {
  id: number;
  title: string;
  original_title?: string;
  release_date?: string;
  popularity?: number;
  runtime?: number;
  overview?: string;
}

export interface FakeShow {
  id: number;
  name: string;
  original_name?: string;
  first_air_date?: string;
  popularity?: number;
  number_of_seasons?: number;
  episode_run_time?: number[];
  overview?: string;
  /** season number → episode runtimes in minutes */
  seasons?: Record<number, number[]>;
}

export interface Fault {
  status: number;
  headers?: Record<string, string>;
  /** Raw body; JSON-encoded when not a string. */
  body?: unknown;
}

export interface TmdbServer {
  url: string;
  token: string;
  /** Every request: path with query, and the Authorization header it carried. */
  requests: { path: string; authorization: string | undefined }[];
  /** The next requests answer with these faults, in order. */
  fail(...faults: Fault[]): void;
  movies: FakeMovie[];
  shows: FakeShow[];
  close(): Promise<void>;
}

export const UNAUTHORIZED_BODY = {
  status_code: 7,
  status_message: 'Invalid API key: You must be granted a valid key.',
  success: false,
};
const NOT_FOUND_BODY = {
  status_code: 34,
  status_message: 'The resource you requested could not be found.',
  success: false,
};

/** TMDB out of service: the fault the server answers with and the reason the provider gives for it. */
export const TMDB_OFFLINE = {
  fault: { status: 503, body: { status_code: 9, status_message: 'Service offline.' } },
  message: 'catalog lookup failed: TMDB answered HTTP 503 (Service offline.)',
};

/** A token shaped like TMDB's Read Access Token (a JWT). */
export const SAMPLE_TOKEN = `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ aud: 'spindle-test', scopes: ['api_read'] })).toString('base64url')}.c2lnbmF0dXJl`;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers });
  res.end(text);
}

export async function startTmdbServer(
  options: { token?: string; movies?: FakeMovie[]; shows?: FakeShow[] } = {},
): Promise<TmdbServer> {
  const token = options.token ?? SAMPLE_TOKEN;
  const faults: Fault[] = [];
  const requests: TmdbServer['requests'] = [];
  const state = { movies: options.movies ?? [], shows: options.shows ?? [] };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ path: `${url.pathname}${url.search}`, authorization: req.headers.authorization });
    const fault = faults.shift();
    if (fault)
      return send(
        res,
        fault.status,
        fault.body ?? { status_code: 25, status_message: 'Fault injected by the test.' },
        fault.headers,
      );
    if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, UNAUTHORIZED_BODY);
    const path = url.pathname.replace(/^\/3/, '');
    const query = url.searchParams.get('query') ?? '';
    const page = (results: object[]) => ({
      page: 1,
      results,
      total_pages: results.length > 0 ? 1 : 0,
      total_results: results.length,
    });
    let m: RegExpExecArray | null;
    if (path === '/search/movie') {
      const year = url.searchParams.get('year');
      const found = state.movies.filter(
        (movie) =>
          matchesCatalogQuery(query, movie.title, movie.original_title) &&
          (!year || movie.release_date?.startsWith(year)),
      );
      return send(
        res,
        200,
        page(
          found.map(({ runtime: _r, ...movie }) => ({
            adult: false,
            overview: '',
            poster_path: null,
            vote_count: 10,
            original_title: movie.title,
            ...movie,
          })),
        ),
      );
    }
    if (path === '/search/tv') {
      const year = url.searchParams.get('first_air_date_year');
      const found = state.shows.filter(
        (show) =>
          matchesCatalogQuery(query, show.name, show.original_name) && (!year || show.first_air_date?.startsWith(year)),
      );
      return send(
        res,
        200,
        page(
          found.map((s) => ({
            id: s.id,
            name: s.name,
            original_name: s.original_name ?? s.name,
            first_air_date: s.first_air_date ?? '',
            popularity: s.popularity ?? 1,
            origin_country: ['US'],
            overview: s.overview ?? '',
          })),
        ),
      );
    }
    if ((m = /^\/movie\/(\d+)$/.exec(path))) {
      const movie = state.movies.find((x) => x.id === Number(m![1]));
      return movie
        ? send(res, 200, { original_title: movie.title, runtime: null, ...movie })
        : send(res, 404, NOT_FOUND_BODY);
    }
    if ((m = /^\/tv\/(\d+)$/.exec(path))) {
      const show = state.shows.find((x) => x.id === Number(m![1]));
      if (!show) return send(res, 404, NOT_FOUND_BODY);
      const seasons = Object.keys(show.seasons ?? {}).map(Number);
      return send(res, 200, {
        id: show.id,
        name: show.name,
        original_name: show.original_name ?? show.name,
        first_air_date: show.first_air_date ?? '',
        popularity: show.popularity ?? 1,
        number_of_seasons: show.number_of_seasons ?? seasons.length,
        episode_run_time: show.episode_run_time ?? [],
        seasons: seasons.map((n) => ({ season_number: n, episode_count: show.seasons![n]!.length })),
      });
    }
    if ((m = /^\/tv\/(\d+)\/season\/(\d+)$/.exec(path))) {
      const show = state.shows.find((x) => x.id === Number(m![1]));
      const runtimes = show?.seasons?.[Number(m[2])];
      if (!runtimes) return send(res, 404, NOT_FOUND_BODY);
      return send(res, 200, {
        season_number: Number(m[2]),
        episodes: runtimes.map((runtime, i) => ({
          episode_number: i + 1,
          name: `Episode ${i + 1}`,
          overview: '',
          runtime,
          air_date: '2001-01-01',
        })),
      });
    }
    return send(res, 404, NOT_FOUND_BODY);
  };

  const { port, close } = await listenOnLoopback(handle);
  // The state object is the server itself, so a test that sets `movies` or `shows` changes what it answers.
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/3`,
    token,
    requests,
    fail: (...more: Fault[]) => void faults.push(...more),
    close,
  });
}
