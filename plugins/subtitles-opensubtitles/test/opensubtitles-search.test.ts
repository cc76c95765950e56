import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  srtFor,
  startOpenSubtitlesServer,
  TEST_API_KEY,
  TEST_PASSWORD,
  TEST_TOKEN,
  type FakeSubtitle,
  type OpenSubtitlesServer,
} from './support/opensubtitles-server.ts';
import { disposeSetups, episode, logText, providerFor, signal } from './support/provider-harness.ts';

const SHOW = 1399;
const ep = (id: number, season: number, episodeNumber: number, extra: Partial<FakeSubtitle> = {}): FakeSubtitle => ({
  id,
  fileId: 9000 + id,
  language: 'en',
  type: 'episode',
  parentTmdbId: SHOW,
  season,
  episode: episodeNumber,
  downloads: 100,
  ...extra,
});

let server: OpenSubtitlesServer;

beforeAll(async () => {
  server = await startOpenSubtitlesServer({ username: 'reader', password: TEST_PASSWORD, allowedDownloads: 20 });
});
afterAll(() => server.close());
afterEach(async () => {
  server.requests.length = 0;
  server.downloadsUsed = 0;
  server.subtitles = [];
  await disposeSetups();
});

describe('OpenSubtitles fetch: search, choose, download', () => {
  it('searches by show TMDB id, season and episode with the documented headers, downloads the link and returns the SRT text', async () => {
    server.subtitles = [ep(1, 1, 2, { content: srtFor('Winter is near.') })];
    const { provider } = await providerFor(server);
    const doc = await provider.fetch(episode(1, 2), signal());
    expect(doc).toEqual({
      season: 1,
      episode: 2,
      language: 'en',
      srt: srtFor('Winter is near.'),
      origin: 'opensubtitles file 9001 (release.1.srt)',
    });
    const [search, download, file] = server.requests;
    expect(search!.path).toBe(
      '/api/v1/subtitles?episode_number=2&languages=en&parent_tmdb_id=1399&season_number=1&type=episode',
    );
    expect(search!.headers['api-key']).toBe(TEST_API_KEY);
    expect(search!.headers['user-agent']).toBe('Spindle v1.2.3');
    expect(download).toMatchObject({ method: 'POST', path: '/api/v1/download' });
    expect(JSON.parse(download!.body)).toEqual({ file_id: 9001, sub_format: 'srt' });
    expect(download!.headers['content-type']).toBe('application/json');
    // The temporary link is fetched without any credential.
    expect(file!.path).toMatch(/^\/download\//);
    expect(file!.headers['api-key']).toBeUndefined();
    expect(file!.headers.authorization).toBeUndefined();
  });

  it('reports the quota OpenSubtitles returns with each download', async () => {
    server.subtitles = [ep(1, 1, 1)];
    const { provider } = await providerFor(server, { user_agent: 'MyApp v9' });
    expect(provider.quota()).toEqual({ remaining: null, resetsAt: null });
    await provider.fetch(episode(1, 1), signal());
    expect(provider.quota()).toEqual({ remaining: 19, resetsAt: server.resetTimeUtc });
    expect(server.requests[0]!.headers['user-agent']).toBe('MyApp v9');
  });

  it('chooses the wanted language, then human over machine/AI translation, then non-HI, then the most downloads', async () => {
    server.subtitles = [
      ep(1, 1, 3, { language: 'de', downloads: 9999 }),
      ep(2, 1, 3, { machineTranslated: true, downloads: 5000 }),
      ep(3, 1, 3, { aiTranslated: true, downloads: 4000 }),
      ep(4, 1, 3, { hearingImpaired: true, downloads: 3000 }),
      ep(5, 1, 3, { downloads: 200 }),
      ep(6, 1, 3, { downloads: 900 }),
      ep(7, 1, 3, { foreignPartsOnly: true, downloads: 99999 }),
    ];
    const { provider } = await providerFor(server, { languages: 'de, en' });
    expect((await provider.fetch(episode(1, 3), signal()))!.origin).toContain('9006');
    expect(server.requests[0]!.path).toContain('languages=de%2Cen');
    const hi = await providerFor(server, { prefer_hearing_impaired: true });
    expect((await hi.provider.fetch(episode(1, 3), signal()))!.origin).toContain('9004');
  });

  it('takes a machine-translated file of the wanted language over another language, and the configured languages when the query names none', async () => {
    server.subtitles = [ep(1, 1, 4, { machineTranslated: true }), ep(2, 1, 4, { language: 'fr', downloads: 1 })];
    const { provider } = await providerFor(server, { languages: 'fr' });
    expect(await provider.fetch(episode(1, 4, { language: '' }), signal())).toMatchObject({
      language: 'fr',
      origin: expect.stringContaining('9002'),
    });
    expect(server.requests[0]!.path).toContain('languages=fr&');
    expect(await provider.fetch(episode(1, 4), signal())).toMatchObject({
      language: 'en',
      origin: expect.stringContaining('9001'),
    });
  });

  it('drops results whose own season or episode disagree with the query (known data problems)', async () => {
    server.subtitles = [
      ep(1, 1, 5, { reportedSeason: 2, downloads: 5000 }),
      ep(2, 1, 5, { reportedEpisode: 6, downloads: 4000 }),
      ep(3, 1, 5, { downloads: 10 }),
    ];
    const { provider, setup } = await providerFor(server);
    expect((await provider.fetch(episode(1, 5), signal()))!.origin).toContain('9003');
    expect(logText(setup)).toContain('disagree');
    server.subtitles = [ep(1, 1, 5, { reportedSeason: 2 })];
    expect(await provider.fetch(episode(1, 5), signal())).toBeNull();
  });

  it('returns null without downloading when there are no results, and for queries it cannot search by TMDB id', async () => {
    const { provider } = await providerFor(server);
    expect(await provider.fetch(episode(1, 9), signal())).toBeNull();
    expect(server.requests.map((r) => r.path)).toEqual([
      '/api/v1/subtitles?episode_number=9&languages=en&parent_tmdb_id=1399&season_number=1&type=episode',
    ]);
    server.requests.length = 0;
    expect(await provider.fetch(episode(1, 9, { catalogId: null }), signal())).toBeNull();
    expect(await provider.fetch(episode(1, 9, { episode: null }), signal())).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('finds movie subtitles by the movie TMDB id and type=movie', async () => {
    server.subtitles = [
      {
        id: 50,
        fileId: 5050,
        language: 'en',
        type: 'movie',
        tmdbId: 603,
        downloads: 10,
        content: srtFor('There is no spoon.'),
      },
    ];
    const { provider } = await providerFor(server);
    const doc = await provider.fetch(
      { catalogId: 603, title: 'The Matrix', season: null, episode: null, language: 'en' },
      signal(),
    );
    expect(doc).toMatchObject({ season: null, episode: null, srt: srtFor('There is no spoon.') });
    expect(server.requests[0]!.path).toBe('/api/v1/subtitles?languages=en&tmdb_id=603&type=movie');
  });

  it('decodes a Windows-1252 file and strips a UTF-8 byte-order mark', async () => {
    server.subtitles = [
      ep(1, 2, 1, { content: Buffer.from(srtFor('Café crème'), 'latin1') }),
      ep(2, 2, 2, { content: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(srtFor('Naïve'), 'utf8')]) }),
    ];
    const { provider } = await providerFor(server);
    expect((await provider.fetch(episode(2, 1), signal()))!.srt).toBe(srtFor('Café crème'));
    expect((await provider.fetch(episode(2, 2), signal()))!.srt).toBe(srtFor('Naïve'));
  });
});

describe('OpenSubtitles login', () => {
  it('logs in once with username and password, then sends the Bearer token to the base_url /login names', async () => {
    server.subtitles = [ep(1, 1, 1), ep(2, 1, 2)];
    const { provider, setup } = await providerFor(server, { username: 'reader', password: TEST_PASSWORD });
    await provider.fetch(episode(1, 1), signal());
    await provider.fetch(episode(1, 2), signal());
    const [login, ...rest] = server.requests;
    expect(login).toMatchObject({ listener: 'main', method: 'POST', path: '/api/v1/login' });
    expect(JSON.parse(login!.body)).toEqual({ username: 'reader', password: TEST_PASSWORD });
    expect(server.requests.filter((r) => r.path === '/api/v1/login')).toHaveLength(1);
    const api = rest.filter((r) => r.path.startsWith('/api/v1/'));
    expect(api.length).toBe(4);
    for (const r of api)
      expect(r).toMatchObject({
        listener: 'vip',
        headers: { authorization: `Bearer ${TEST_TOKEN}`, 'api-key': TEST_API_KEY },
      });
    expect(logText(setup)).not.toContain(TEST_TOKEN);
    expect(logText(setup)).not.toContain(TEST_PASSWORD);
    expect(logText(setup)).not.toContain(TEST_API_KEY);
  });

  it('logs in again once when the token is refused', async () => {
    server.subtitles = [ep(1, 1, 1)];
    const { provider } = await providerFor(server, { username: 'reader', password: TEST_PASSWORD });
    await provider.fetch(episode(1, 1), signal());
    server.fail({ status: 401, body: { message: 'token expired' }, path: '/api/v1/subtitles' });
    expect(await provider.fetch(episode(1, 1), signal())).not.toBeNull();
    expect(server.requests.filter((r) => r.path === '/api/v1/login')).toHaveLength(2);
  });
});

describe('OpenSubtitles available()', () => {
  it('lists the distinct episodes of a season across every result page, without the episode filter', async () => {
    server.subtitles = [];
    for (let e = 1; e <= 8; e++)
      for (const lang of ['en', 'en', 'de'])
        server.subtitles.push(ep(server.subtitles.length + 1, 1, e, { language: lang }));
    server.subtitles.push(
      ep(100, 1, 9, { reportedSeason: 3 }),
      ep(101, 1, 10, { foreignPartsOnly: true }),
      ep(102, 2, 1),
    );
    const paged = await startOpenSubtitlesServer({ subtitles: server.subtitles, perPage: 5 });
    try {
      const { provider } = await providerFor(paged);
      const episodes = await provider.available!(episode(1, 4), signal());
      expect(episodes).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((e) => ({ season: 1, episode: e })));
      const searches = paged.requests.map((r) => r.path);
      expect(searches[0]).toBe('/api/v1/subtitles?languages=en&parent_tmdb_id=1399&season_number=1&type=episode');
      expect(searches.slice(1)).toEqual(
        [2, 3, 4].map(
          (p) => `/api/v1/subtitles?languages=en&page=${p}&parent_tmdb_id=1399&season_number=1&type=episode`,
        ),
      );
      expect(paged.downloadsUsed).toBe(0);
    } finally {
      await paged.close();
    }
  });

  it('answers an empty list for a season without results or a query without season', async () => {
    const { provider } = await providerFor(server);
    expect(await provider.available!(episode(4, 1), signal())).toEqual([]);
    expect(await provider.available!(episode(1, 1, { season: null, episode: null }), signal())).toEqual([]);
  });
});
