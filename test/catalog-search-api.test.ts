/**
 * GET /api/catalog/search through the real service and the real TMDB provider, talking to a local
 * TMDB stand-in that answers in TMDB's documented search shapes: candidates with year and a short
 * summary for TV, movies or both; the year passed on; bad input 400; no catalog, a v3 key or a
 * refused token a clear 409 (the token never in the answer); TMDB failing a 503 — never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_TOKEN, startTmdbServer, type TmdbServer } from '../plugins/provider-tmdb/test/support/tmdb-server.ts';
import { apiClient } from './support/http-client.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from './support/service-harness.ts';

let svc: TestService;
let bare: TestService;
let api: ReturnType<typeof apiClient>;
let tmdb: TmdbServer;

const LONG_OVERVIEW = `${'A crew of archivists travels from shelf to shelf, rescuing every disc they find before the light fades. '.repeat(5)}The end.`;

beforeAll(async () => {
  tmdb = await startTmdbServer({
    shows: [
      {
        id: 2316,
        name: 'The Office',
        first_air_date: '2005-03-24',
        popularity: 80,
        overview: 'A mockumentary on a group of office workers.',
      },
      { id: 2996, name: 'The Office', first_air_date: '2001-07-09', popularity: 30, overview: LONG_OVERVIEW },
      { id: 4000, name: 'Office Space Stories', first_air_date: '', popularity: 1 },
    ],
    movies: [
      {
        id: 1542,
        title: 'Office Space',
        release_date: '1999-02-19',
        popularity: 20,
        overview: 'Three workers plan to rip off their company.',
      },
    ],
  });
  [svc, bare] = await Promise.all([
    startTestService({
      config: {
        pipeline: { detectors: [] },
        plugin_settings: { 'provider-tmdb': { base_url: tmdb.url, max_retry_wait_seconds: 1, max_retries: 0 } },
      },
    }),
    startTestService({ config: { pipeline: EMPTY_PIPELINE } }),
  ]);
  api = apiClient(svc.url);
}, 60_000);
afterAll(async () => {
  await Promise.all([svc?.close(), bare?.close()]);
  await tmdb?.close();
});

const setKey = (key: string | null) => api.put('/api/config', { catalog_api_key: key });
const search = (params: Record<string, string>) => api.get(`/api/catalog/search?${new URLSearchParams(params)}`);

describe('GET /api/catalog/search without a usable catalog', () => {
  it('answers 409 when no catalog provider is in the pipeline', async () => {
    const res = await apiClient(bare.url).get('/api/catalog/search?query=Office');
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('catalog_not_configured');
    expect(res.body.error.message).toMatch(/TMDB Read Access Token under Settings → Identification/);
  });

  it('answers 409 with what to set when the TMDB provider has no key, asking TMDB nothing', async () => {
    const res = await search({ query: 'Office', content_type: 'tv' });
    expect(res).toMatchObject({
      status: 409,
      body: {
        error: {
          code: 'catalog_not_configured',
          message: 'catalog not configured: enter your TMDB Read Access Token under Settings → Identification',
        },
      },
    });
    expect(tmdb.requests).toEqual([]);
  });

  it('answers 409 for a short v3 key, without sending it', async () => {
    await setKey('0123456789abcdef0123456789abcdef');
    const res = await search({ query: 'Office' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('catalog_wrong_credential');
    expect(res.body.error.message).toMatch(/Read Access Token/);
    expect(tmdb.requests).toEqual([]);
  });

  it('answers 409 when TMDB refuses the token, and never echoes the token', async () => {
    const refused = `${SAMPLE_TOKEN}x`;
    await setKey(refused);
    const res = await search({ query: 'Office', content_type: 'movie' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('catalog_unauthorized');
    expect(res.body.error.message).toMatch(/HTTP 401/);
    expect(JSON.stringify(res.body)).not.toContain(refused);
    expect(tmdb.requests.at(-1)!.authorization).toBe(`Bearer ${refused}`);
  });
});

describe('GET /api/catalog/search with a good token', () => {
  beforeAll(async () => {
    await setKey(SAMPLE_TOKEN);
    tmdb.requests.length = 0;
  });

  it('finds shows with their first air year and a summary', async () => {
    const res = await search({ query: 'the office', content_type: 'tv' });
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(2);
    expect(res.body.results[0]).toEqual({
      catalog_id: 2316,
      title: 'The Office',
      year: 2005,
      content_type: 'tv',
      overview: 'A mockumentary on a group of office workers.',
    });
    expect(res.body.results[1]).toMatchObject({ catalog_id: 2996, year: 2001, content_type: 'tv' });
    expect(tmdb.requests.map((r) => r.path.split('?')[0])).toEqual(['/3/search/tv']);
    expect(new URL(tmdb.requests[0]!.path, 'http://x').searchParams.get('query')).toBe('the office');
  });

  it('cuts a long summary at a word with an ellipsis, and gives null for none', async () => {
    const long = (await search({ query: 'the office', content_type: 'tv' })).body.results[1].overview as string;
    expect(long.length).toBeLessThanOrEqual(281);
    expect(long.endsWith('…')).toBe(true);
    expect(LONG_OVERVIEW.startsWith(long.slice(0, -1))).toBe(true);
    const none = await search({ query: 'office space stories', content_type: 'tv' });
    expect(none.body.results).toEqual([
      { catalog_id: 4000, title: 'Office Space Stories', year: null, content_type: 'tv', overview: null },
    ]);
  });

  it('passes the year on (first_air_date_year for TV, year for movies)', async () => {
    tmdb.requests.length = 0;
    const tv = await search({ query: 'The Office', content_type: 'tv', year: '2001' });
    expect(tv.body.results.map((r: { catalog_id: number }) => r.catalog_id)).toEqual([2996]);
    const movie = await search({ query: 'Office', content_type: 'movie', year: '1999' });
    expect(movie.body.results).toEqual([
      {
        catalog_id: 1542,
        title: 'Office Space',
        year: 1999,
        content_type: 'movie',
        overview: 'Three workers plan to rip off their company.',
      },
    ]);
    const params = tmdb.requests.map((r) => new URL(r.path, 'http://x').searchParams);
    expect(params[0]!.get('first_air_date_year')).toBe('2001');
    expect(params[1]!.get('year')).toBe('1999');
  });

  it('searches shows and movies when no content type is given', async () => {
    const res = await search({ query: 'Office Space' });
    expect(
      res.body.results.map((r: { content_type: string; catalog_id: number }) => `${r.content_type}:${r.catalog_id}`),
    ).toEqual(['tv:4000', 'movie:1542']);
    expect((await search({ query: 'Nothing Like This' })).body).toEqual({ results: [] });
  });

  it.each([
    ['', "Missing query parameter 'query'"],
    ['query=', null],
    ['query=%20%20', "query parameter 'query' must hold the title to look for"],
    ['query=Office&content_type=cartoon', null],
    ['query=Office&year=20x1', null],
    ['query=Office&year=1200', null],
    ['query=Office&season=2', "Unknown query parameter 'season'"],
  ])('answers 400 for ?%s', async (qs, message) => {
    const res = await api.get(`/api/catalog/search?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBeTypeOf('string');
    if (message) expect(res.body.error.message).toBe(message);
  });

  it('answers 503 with what happened when TMDB fails or answers garbage', async () => {
    tmdb.fail({ status: 500 });
    const down = await search({ query: 'Failing Show One', content_type: 'tv' });
    expect(down).toMatchObject({ status: 503, body: { error: { code: 'catalog_unavailable' } } });
    expect(down.body.error.message).toMatch(/HTTP 500/);
    tmdb.fail({ status: 200, body: 'not json {' });
    const garbage = await search({ query: 'Failing Show Two', content_type: 'movie' });
    expect(garbage).toMatchObject({ status: 503, body: { error: { code: 'catalog_unavailable' } } });
    expect(garbage.body.error.message).toMatch(/malformed JSON/);
    tmdb.fail({ status: 429, headers: { 'retry-after': '30' } });
    const limited = await search({ query: 'Failing Show Three', content_type: 'tv' });
    expect(limited.status).toBe(503);
    expect(limited.body.error.message).toMatch(/rate limiting/);
    // and it works again afterwards
    expect((await search({ query: 'The Office', content_type: 'tv' })).status).toBe(200);
  });
});
