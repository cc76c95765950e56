import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFakeSetup, MemoryKeyValueStore, type FakeSetup } from '@spindle/plugin-sdk/testing';
import { TmdbCatalog } from '../src/tmdb-catalog.ts';
import { retryAfterSeconds } from '../src/tmdb-client.ts';
import { DEEP_SPACE_NINE, DUNE_2021 } from './support/tmdb-samples.ts';
import { SAMPLE_TOKEN, startTmdbServer, TMDB_OFFLINE, type TmdbServer } from './support/tmdb-server.ts';

let server: TmdbServer;
const setups: FakeSetup[] = [];

beforeAll(async () => {
  server = await startTmdbServer({
    movies: [
      { ...DUNE_2021, overview: 'Paul Atreides travels to Arrakis.' },
      { id: 841, title: 'Dune', release_date: '1984-12-14', popularity: 30.1, runtime: 137 },
    ],
    shows: [{ ...DEEP_SPACE_NINE, seasons: { ...DEEP_SPACE_NINE.seasons, 2: [45, 44] } }],
  });
});
afterAll(() => server.close());
afterEach(async () => {
  server.requests.length = 0;
  await Promise.all(setups.splice(0).map((s) => s.dispose()));
});

interface Options {
  key?: string | null;
  settings?: Record<string, unknown>;
  store?: MemoryKeyValueStore;
  sleeps?: number[];
  now?: () => number;
}

async function catalog(options: Options = {}) {
  const setup = await createFakeSetup({
    settings: { base_url: server.url, ...options.settings },
    appSettings: options.key === null ? {} : { catalog_api_key: options.key ?? SAMPLE_TOKEN },
    ...(options.store ? { store: options.store } : {}),
  });
  setups.push(setup);
  const sleeps = options.sleeps;
  const provider = new TmdbCatalog(setup, {
    ...(sleeps ? { sleep: async (ms: number) => void sleeps.push(ms) } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  return { provider, setup };
}

describe('TmdbCatalog searches and details', () => {
  it('searches movies with the Read Access Token as Bearer and maps release years, popularity and the overview', async () => {
    const { provider } = await catalog();
    expect(await provider.searchMovies('Dune')).toEqual([
      {
        id: 438631,
        title: 'Dune',
        originalTitle: 'Dune',
        year: 2021,
        popularity: 120.5,
        runtimeMinutes: null,
        overview: 'Paul Atreides travels to Arrakis.',
      },
      {
        id: 841,
        title: 'Dune',
        originalTitle: 'Dune',
        year: 1984,
        popularity: 30.1,
        runtimeMinutes: null,
        overview: null,
      },
    ]);
    expect(server.requests[0]).toEqual({
      path: '/3/search/movie?include_adult=false&language=en-US&page=1&query=Dune',
      authorization: `Bearer ${SAMPLE_TOKEN}`,
    });
    expect(await provider.searchMovies('Dune', 1984)).toMatchObject([{ id: 841 }]);
    expect(server.requests[1]!.path).toContain('year=1984');
  });

  it('reads movie runtimes, shows, and seasons with episode runtimes', async () => {
    const { provider } = await catalog();
    expect(await provider.getMovie(438631)).toMatchObject({ id: 438631, runtimeMinutes: 155, year: 2021 });
    expect(await provider.searchShows('Deep Space Nine')).toEqual([
      {
        id: 580,
        name: 'Star Trek: Deep Space Nine',
        originalName: 'Star Trek: Deep Space Nine',
        firstAirYear: 1993,
        popularity: 60,
        numberOfSeasons: null,
        episodeRunTimes: [],
        overview: null,
      },
    ]);
    expect(await provider.getShow(580)).toMatchObject({ numberOfSeasons: 2, episodeRunTimes: [45] });
    expect(await provider.getSeason(580, 2)).toEqual({
      showId: 580,
      season: 2,
      episodes: [
        { season: 2, episode: 1, name: 'Episode 1', runtimeMinutes: 45, airDate: '2001-01-01' },
        { season: 2, episode: 2, name: 'Episode 2', runtimeMinutes: 44, airDate: '2001-01-01' },
      ],
    });
    expect(server.requests.map((r) => r.path.split('?')[0])).toEqual([
      '/3/movie/438631',
      '/3/search/tv',
      '/3/tv/580',
      '/3/tv/580/season/2',
    ]);
  });

  it('answers null for an unknown movie, show or season, and [] for an empty search', async () => {
    const { provider } = await catalog();
    expect(await provider.getMovie(999)).toBeNull();
    expect(await provider.getShow(999)).toBeNull();
    expect(await provider.getSeason(580, 9)).toBeNull();
    expect(await provider.searchMovies('Nothing Like This')).toEqual([]);
    expect(await provider.searchShows('Nothing Like This')).toEqual([]);
  });
});

describe('TmdbCatalog cache', () => {
  it('keeps answers in the store: a second provider on the same store asks TMDB nothing', async () => {
    const store = new MemoryKeyValueStore();
    await (await catalog({ store })).provider.searchMovies('Dune');
    await (await catalog({ store })).provider.searchMovies('Dune');
    expect(server.requests).toHaveLength(1);
    const keys = Object.keys(store.snapshot());
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^cache:[0-9a-f]{8}:\/search\/movie\?/);
    expect(JSON.stringify(store.snapshot())).not.toContain(SAMPLE_TOKEN);
  });

  it('asks again once the entry is older than cache_ttl_hours', async () => {
    let now = 1_000_000;
    const store = new MemoryKeyValueStore();
    const { provider } = await catalog({ store, settings: { cache_ttl_hours: 1 }, now: () => now });
    await provider.getMovie(841);
    now += 59 * 60_000;
    await provider.getMovie(841);
    expect(server.requests).toHaveLength(1);
    now += 2 * 60_000;
    await provider.getMovie(841);
    expect(server.requests).toHaveLength(2);
  });

  it('does not cache failures', async () => {
    const { provider } = await catalog();
    server.fail({ status: 503 });
    await expect(provider.searchMovies('Dune')).rejects.toMatchObject({ code: 'catalog_unavailable' });
    expect(await provider.searchMovies('Dune')).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
  });
});

describe('TmdbCatalog credentials and status', () => {
  it('is not configured without catalog_api_key, and sends nothing', async () => {
    const { provider } = await catalog({ key: null });
    expect(provider.status()).toEqual({
      healthy: false,
      configured: false,
      message: 'catalog not configured: enter your TMDB Read Access Token under Settings → Identification',
    });
    await expect(provider.searchMovies('Dune')).rejects.toMatchObject({
      code: 'catalog_not_configured',
      category: 'configuration',
    });
    expect(server.requests).toEqual([]);
  });

  it('is degraded with a short v3 API key, and never sends it', async () => {
    const { provider } = await catalog({ key: '0123456789abcdef0123456789abcdef' });
    expect(provider.status()).toMatchObject({ healthy: false, configured: true });
    expect(provider.status().message).toMatch(/^catalog degraded: the TMDB key entered looks like a short v3 API key/);
    await expect(provider.searchShows('Anything')).rejects.toMatchObject({ code: 'catalog_wrong_credential' });
    expect(server.requests).toEqual([]);
  });

  it('is degraded after a 401, says TMDB’s reason, and recovers when the token changes', async () => {
    const wrong = `${SAMPLE_TOKEN}x`;
    const appSettings = { catalog_api_key: wrong };
    const setup = await createFakeSetup({ settings: { base_url: server.url }, appSettings });
    setups.push(setup);
    let key = wrong;
    const provider = new TmdbCatalog({ ...setup, setting: (name) => (name === 'catalog_api_key' ? key : undefined) });
    expect(provider.status().healthy).toBe(true);
    const error = await provider.searchMovies('Dune').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'catalog_unauthorized', category: 'configuration' });
    const expected =
      'catalog degraded: TMDB refused the Read Access Token (HTTP 401: Invalid API key: You must be granted a valid key.); check the token under Settings → Identification';
    expect((error as Error).message).toBe(expected);
    expect(provider.status()).toEqual({ healthy: false, configured: true, message: expected });
    expect(setup.logger.messages('warn')).toContain(expected);
    key = SAMPLE_TOKEN;
    expect(provider.status().healthy).toBe(true);
    expect(await provider.searchMovies('Dune')).toHaveLength(2);
    expect(JSON.stringify(setup.logger.entries)).not.toContain(SAMPLE_TOKEN.slice(20));
  });
});

describe('TmdbCatalog errors', () => {
  it('waits for Retry-After after a 429 and retries', async () => {
    const sleeps: number[] = [];
    const { provider } = await catalog({ sleeps });
    server.fail({
      status: 429,
      headers: { 'Retry-After': '3' },
      body: { status_code: 25, status_message: 'Your request count (41) is over the allowed limit of 40.' },
    });
    expect(await provider.searchMovies('Dune')).toHaveLength(2);
    expect(sleeps).toEqual([3000]);
    expect(server.requests).toHaveLength(2);
  });

  it('really waits: a one-second Retry-After delays the answer by about a second', async () => {
    const { provider } = await catalog();
    server.fail({ status: 429, headers: { 'Retry-After': '1' } });
    const started = Date.now();
    expect(await provider.getMovie(841)).toMatchObject({ id: 841 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('gives up at once when Retry-After is longer than max_retry_wait_seconds', async () => {
    const sleeps: number[] = [];
    const { provider } = await catalog({ sleeps });
    server.fail({ status: 429, headers: { 'Retry-After': '600' } });
    await expect(provider.searchMovies('Dune')).rejects.toMatchObject({
      code: 'catalog_rate_limited',
      retryable: true,
      message: 'catalog lookup failed: TMDB is rate limiting requests (HTTP 429, retry after 600 s)',
    });
    expect(sleeps).toEqual([]);
  });

  it('gives up after max_retries rate limits in a row', async () => {
    const sleeps: number[] = [];
    const { provider } = await catalog({ sleeps, settings: { max_retries: 2 } });
    server.fail(...[1, 2, 3].map(() => ({ status: 429, headers: { 'Retry-After': '1' } })));
    await expect(provider.searchShows('Deep')).rejects.toMatchObject({ code: 'catalog_rate_limited' });
    expect(sleeps).toEqual([1000, 1000]);
    expect(server.requests).toHaveLength(3);
  });

  it.each([
    [
      { status: 500, body: 'Internal Server Error' },
      'catalog_unavailable',
      'catalog lookup failed: TMDB answered HTTP 500 (Internal Server Error)',
    ],
    [TMDB_OFFLINE.fault, 'catalog_unavailable', TMDB_OFFLINE.message],
    [
      { status: 200, body: '{"page": 1, "results": [' },
      'catalog_bad_response',
      'catalog lookup failed: TMDB answered /search/movie with malformed JSON',
    ],
    [
      { status: 200, body: { page: 1, results: 'none' } },
      'catalog_bad_response',
      "catalog lookup failed: TMDB's movie search answer has an unexpected shape",
    ],
  ])('turns %j into a coded error', async (fault, code, message) => {
    const { provider } = await catalog();
    server.fail(fault);
    await expect(provider.searchMovies('Dune')).rejects.toMatchObject({ code, message });
  });

  it('says when TMDB cannot be reached', async () => {
    const { provider } = await catalog({ settings: { base_url: 'http://127.0.0.1:9/3', request_timeout_seconds: 5 } });
    await expect(provider.getShow(1)).rejects.toMatchObject({ code: 'catalog_unavailable', retryable: true });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterSeconds('7')).toBe(7);
    expect(retryAfterSeconds(new Date(Date.UTC(2030, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(30);
    expect(retryAfterSeconds(undefined)).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
  });
});
