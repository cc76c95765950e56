import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFakeSetup, MemoryKeyValueStore, type FakeSetup } from '@spindle/plugin-sdk/testing';
import { parseDuration, parseEpisodeNumber } from '../src/disc-mappings.ts';
import { TheDiscDbLookup } from '../src/thediscdb-lookup.ts';
import {
  startTheDiscDbServer,
  THEDISCDB_BAD_GATEWAY,
  type TheDiscDbServer,
  type WireItem,
} from './support/thediscdb-server.ts';

const HASH = '0123456789ABCDEF0123456789ABCDEF';
const OTHER_HASH = 'FEDCBA9876543210FEDCBA9876543210';

const item: WireItem = {
  id: 7,
  title: 'Cartoon Show',
  year: 1994,
  slug: 'cartoon-show-1994',
  type: 'Series',
  externalids: { tmdb: '4242', imdb: 'tt0108700' },
  releases: [
    {
      slug: 'volume-1',
      discs: [
        { index: 1, name: 'Disc 1', format: 'DVD', slug: 'disc-1', contentHash: OTHER_HASH, titles: [] },
        {
          index: 2,
          name: 'Disc 2',
          format: 'DVD',
          slug: 'disc-2',
          contentHash: HASH.toLowerCase(),
          titles: [
            { index: 0, duration: '0:00:11', size: 1, sourceFile: '01', segmentMap: '1', item: null },
            {
              index: 1,
              duration: '0:23:26',
              size: 2,
              sourceFile: '03',
              segmentMap: '1,2',
              item: { title: 'A & B', season: '2', episode: '11-12', type: 'Episode' },
            },
            {
              index: 2,
              duration: '0:11:44',
              size: 3,
              sourceFile: '05',
              segmentMap: '2',
              item: { title: 'B', season: '2', episode: '12', type: 'Episode' },
            },
            {
              index: 3,
              duration: '0:46:00',
              size: 4,
              sourceFile: '06',
              segmentMap: '1-4',
              item: { title: 'Episodes - Play All', season: null, episode: null, type: 'Trailer' },
            },
            {
              index: 4,
              duration: '0:04:00',
              size: 5,
              sourceFile: '07',
              segmentMap: '9',
              item: { title: 'Making Of', season: '2', episode: null, type: 'BehindTheScenes' },
            },
            {
              index: 5,
              duration: '0:00:12',
              size: 6,
              sourceFile: '08',
              segmentMap: '10',
              item: { title: 'logo', season: null, episode: null, type: 'Other' },
            },
            {
              index: 6,
              duration: '0:01:40',
              size: 7,
              sourceFile: '09',
              segmentMap: '11',
              item: { title: 'B Deleted Scene 2', season: '2', episode: '12', type: 'Episode' },
            },
          ],
        },
      ],
    },
  ],
};

let server: TheDiscDbServer;
const setups: FakeSetup[] = [];
beforeAll(async () => (server = await startTheDiscDbServer({ items: [item] })));
afterAll(() => server.close());
afterEach(async () => {
  server.requests.length = 0;
  server.schema = 'junction';
  await Promise.all(setups.splice(0).map((s) => s.dispose()));
});

async function lookup(options: { store?: MemoryKeyValueStore; endpoint?: string; now?: () => number } = {}) {
  const setup = await createFakeSetup({
    settings: { endpoint: options.endpoint ?? server.url },
    ...(options.store ? { store: options.store } : {}),
  });
  setups.push(setup);
  return new TheDiscDbLookup(setup, options.now);
}

describe('TheDiscDbLookup', () => {
  it('finds the disc whose hash matches (any case) and maps its titles', async () => {
    const result = await (await lookup()).lookupByContentHash(HASH);
    expect(result).toEqual({
      contentType: 'tv',
      title: 'Cartoon Show',
      year: 1994,
      catalogId: 4242,
      titleSlug: 'cartoon-show-1994',
      discSlug: 'disc-2',
      discIndex: 2,
      mappings: [
        {
          titleIndex: 1,
          assignment: 'episode',
          season: 2,
          episode: 11,
          episodeEnd: 12,
          name: 'A & B',
          durationSeconds: 1406,
        },
        {
          titleIndex: 2,
          assignment: 'episode',
          season: 2,
          episode: 12,
          episodeEnd: null,
          name: 'B',
          durationSeconds: 704,
        },
        {
          titleIndex: 3,
          assignment: 'discarded',
          season: null,
          episode: null,
          episodeEnd: null,
          name: 'Episodes - Play All',
          durationSeconds: 2760,
        },
        {
          titleIndex: 4,
          assignment: 'extra',
          season: 2,
          episode: null,
          episodeEnd: null,
          name: 'Making Of',
          extraType: 'behind_the_scenes',
          durationSeconds: 240,
        },
        {
          titleIndex: 5,
          assignment: 'discarded',
          season: null,
          episode: null,
          episodeEnd: null,
          name: 'logo',
          durationSeconds: 12,
        },
        // Filed by its contributor under episode 12, but named a deleted scene: an extra of that kind.
        {
          titleIndex: 6,
          assignment: 'extra',
          season: 2,
          episode: null,
          episodeEnd: null,
          name: 'B Deleted Scene 2',
          extraType: 'deleted_scene',
          durationSeconds: 100,
        },
      ],
    });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.query).toContain('discs: { some: { disc: { contentHash: { eq: $hash } } } }');
    expect(server.requests[0]!.variables).toEqual({ hash: HASH });
  });

  it('sends the hash in upper case when asked in lower case', async () => {
    server.items = [
      { ...item, releases: [{ ...item.releases[0]!, discs: [{ ...item.releases[0]!.discs[1]!, contentHash: HASH }] }] },
    ];
    try {
      expect(await (await lookup()).lookupByContentHash(HASH.toLowerCase())).toMatchObject({ discSlug: 'disc-2' });
      expect(server.requests[0]!.variables).toEqual({ hash: HASH });
    } finally {
      server.items = [item];
    }
  });

  it('falls back to the flat filter form when the server refuses the junction form', async () => {
    server.schema = 'flat';
    expect(await (await lookup()).lookupByContentHash(HASH)).toMatchObject({
      title: 'Cartoon Show',
      discSlug: 'disc-2',
    });
    expect(server.requests.map((r) => /disc: \{ contentHash/.test(r.query))).toEqual([true, false]);
  });

  it('answers null for an unknown disc and remembers that for miss_ttl_hours', async () => {
    let now = 5_000_000;
    const store = new MemoryKeyValueStore();
    const provider = await lookup({ store, now: () => now });
    expect(await provider.lookupByContentHash('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    expect(await provider.lookupByContentHash('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    expect(server.requests).toHaveLength(1);
    now += 25 * 3_600_000;
    await provider.lookupByContentHash('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(server.requests).toHaveLength(2);
  });

  it('keeps a found disc in the store: another provider on the same store asks nothing', async () => {
    const store = new MemoryKeyValueStore();
    const first = await (await lookup({ store })).lookupByContentHash(HASH);
    const second = await (await lookup({ store })).lookupByContentHash(HASH);
    expect(second).toEqual(first);
    expect(server.requests).toHaveLength(1);
    expect(Object.keys(store.snapshot())).toEqual([`hash:${HASH}`]);
  });

  it('asks nothing for something that is not a content hash', async () => {
    expect(await (await lookup()).lookupByContentHash('not-a-hash')).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it.each([
    [THEDISCDB_BAD_GATEWAY.fault, 'disc_lookup_unavailable', THEDISCDB_BAD_GATEWAY.message],
    [
      { status: 200, body: '{"data": {"mediaItems": ' },
      'disc_lookup_bad_response',
      'disc lookup failed: TheDiscDB answered with malformed JSON',
    ],
    [
      { status: 200, body: '{"data": {}}' },
      'disc_lookup_bad_response',
      'disc lookup failed: TheDiscDB answer has no data.mediaItems.nodes',
    ],
  ])('turns %j into a coded error', async (fault, code, message) => {
    server.fail(fault);
    await expect((await lookup()).lookupByContentHash(HASH)).rejects.toMatchObject({ code, message });
  });

  it('waits once for Retry-After after a 429, then gives up with a coded error', async () => {
    const setup = await createFakeSetup({ settings: { endpoint: server.url } });
    setups.push(setup);
    const sleeps: number[] = [];
    const provider = new TheDiscDbLookup(setup, Date.now, async (ms) => void sleeps.push(ms));
    server.fail({ status: 429, headers: { 'Retry-After': '2' }, body: 'Too Many Requests' });
    expect(await provider.lookupByContentHash(HASH)).toMatchObject({ discSlug: 'disc-2' });
    expect(sleeps).toEqual([2000]);
    server.fail(...[1, 2].map(() => ({ status: 429, headers: { 'Retry-After': '1' }, body: 'Too Many Requests' })));
    await expect(
      new TheDiscDbLookup(setup, Date.now, async () => undefined).lookupByContentHash(OTHER_HASH),
    ).rejects.toMatchObject({
      code: 'disc_lookup_unavailable',
      retryable: true,
      message: 'disc lookup failed: TheDiscDB answered HTTP 429',
    });
  });

  it('says what TheDiscDB said when both filter forms fail', async () => {
    const error = JSON.stringify({ errors: [{ message: 'Query too complex.' }] });
    server.fail({ status: 400, body: error }, { status: 400, body: error });
    await expect((await lookup()).lookupByContentHash(HASH)).rejects.toMatchObject({
      code: 'disc_lookup_failed',
      message: 'disc lookup failed: TheDiscDB answered with an error (Query too complex.)',
    });
    expect(server.requests).toHaveLength(2);
  });

  it('says when TheDiscDB cannot be reached', async () => {
    await expect(
      (await lookup({ endpoint: 'http://127.0.0.1:9/graphql/' })).lookupByContentHash(HASH),
    ).rejects.toMatchObject({ code: 'disc_lookup_unavailable', retryable: true });
  });

  it('reads episode numbers and durations as TheDiscDB writes them', () => {
    expect(parseEpisodeNumber('7')).toEqual({ episode: 7, episodeEnd: null });
    expect(parseEpisodeNumber('11-12')).toEqual({ episode: 11, episodeEnd: 12 });
    expect(parseEpisodeNumber(' 3 - E4 ')).toEqual({ episode: 3, episodeEnd: 4 });
    expect(parseEpisodeNumber('special')).toBeNull();
    expect(parseDuration('1:13:14')).toBe(4394);
    expect(parseDuration('52:01')).toBe(3121);
    expect(parseDuration('soon')).toBeNull();
  });
});
