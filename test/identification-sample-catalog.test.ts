/**
 * The catalog identifier with the real TMDB provider (against the local TMDB stand-in holding the
 * sample's titles and look-alikes) on the real volume labels and title lengths of TheDiscDB's
 * sample discs: right and confident where the label names the title, never confidently wrong
 * where it does not (CHRISCRL, NICKELODEON_VAULT_AGAIN, CHARLIE_BROWN_VOL3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogProvider, DiscScan, Identification } from '@spindle/plugin-sdk';
import {
  createFakeContext,
  createFakeSetup,
  createStage,
  sampleUnknownJob,
  type FakeSetup,
} from '@spindle/plugin-sdk/testing';
import catalogIdentifier from '../plugins/identifier-catalog/src/index.ts';
import tmdbPlugin from '../plugins/provider-tmdb/src/index.ts';
import { SAMPLE_TOKEN, startTmdbServer, type TmdbServer } from '../plugins/provider-tmdb/test/support/tmdb-server.ts';
import { SAMPLE_AVAILABLE, type SampleDisc, sampleDiscs, sampleTitles } from './support/sample-discs.ts';

const discs = sampleDiscs();

/** Stem prefix → the catalog entry the disc is (kind, id), or null when the label cannot tell. */
const TRUTH: [string, ['tv' | 'movie', number] | null][] = [
  ['24_', ['tv', 1973]],
  ['30_Rock', ['tv', 4608]],
  ['Aaahh', null],
  ["'Round", ['movie', 42010]],
  ['2001_', ['movie', 62]],
  ['27_Dresses', ['movie', 6557]],
  ['A_Charlie_Brown_Christmas', null],
  ['A_Charlie_Brown_Thanksgiving', null],
  ['A_Christmas_Carol', null],
  ["A_Hard_Day's", ['movie', 704]],
];

let tmdb: TmdbServer;
let setup: FakeSetup;
let catalog: CatalogProvider;

beforeAll(async () => {
  tmdb = await startTmdbServer({
    shows: [
      {
        id: 1973,
        name: '24',
        first_air_date: '2001-11-06',
        popularity: 90,
        seasons: { 1: [43, 42, 43, 42, 42, 43, 42, 43, 43, 42, 43, 43, 42, 42, 43, 42] },
      },
      { id: 67026, name: '24: Legacy', first_air_date: '2017-02-05', popularity: 20, seasons: { 1: [43] } },
      {
        id: 4608,
        name: '30 Rock',
        first_air_date: '2006-10-11',
        popularity: 70,
        seasons: { 1: [22, 21, 22, 22, 22, 21, 22, 22, 22, 21, 22, 22, 22, 22] },
      },
      {
        id: 2412,
        name: 'Aaahh!!! Real Monsters',
        first_air_date: '1994-10-29',
        popularity: 30,
        seasons: { 2: [23, 23] },
      },
      { id: 9999, name: 'Rock Story', first_air_date: '2016-01-01', popularity: 4 },
    ],
    movies: [
      { id: 42010, title: "'Round Midnight", release_date: '1986-10-03', popularity: 8, runtime: 131 },
      { id: 62, title: '2001: A Space Odyssey', release_date: '1968-04-02', popularity: 60, runtime: 149 },
      { id: 4437, title: '2010', release_date: '1984-12-06', popularity: 15, runtime: 116 },
      { id: 6557, title: '27 Dresses', release_date: '2008-01-10', popularity: 40, runtime: 111 },
      { id: 13187, title: 'A Charlie Brown Christmas', release_date: '1965-12-09', popularity: 30, runtime: 25 },
      { id: 13351, title: 'A Charlie Brown Thanksgiving', release_date: '1973-11-20', popularity: 12, runtime: 25 },
      { id: 17979, title: 'A Christmas Carol', release_date: '2009-11-04', popularity: 50, runtime: 96 },
      { id: 16716, title: 'A Christmas Carol', release_date: '1984-12-17', popularity: 12, runtime: 100 },
      { id: 704, title: "A Hard Day's Night", release_date: '1964-07-06', popularity: 18, runtime: 88 },
    ],
  });
  setup = await createFakeSetup({ settings: { base_url: tmdb.url }, appSettings: { catalog_api_key: SAMPLE_TOKEN } });
  catalog = await tmdbPlugin.definition.providers!.catalog!.tmdb!(setup);
});
afterAll(async () => {
  await setup?.dispose();
  await tmdb?.close();
});

async function identify(disc: SampleDisc): Promise<Identification | null> {
  const scan: DiscScan = {
    volumeLabel: disc.volumeLabel,
    discType: 'dvd',
    contentHash: null,
    titles: sampleTitles(disc),
  };
  const identifier = await createStage(catalogIdentifier, 'identifier', 'catalog');
  const ctx = await createFakeContext({ providers: { catalog } });
  try {
    const job = sampleUnknownJob(disc.volumeLabel);
    return await identifier.identify({ job, scan, previous: [] }, ctx);
  } finally {
    await ctx.dispose();
  }
}

describe.skipIf(!SAMPLE_AVAILABLE)('catalog identification of the real sample labels', () => {
  it.each(discs.map((d) => [`${d.stem} (${d.volumeLabel})`, d] as const))('%s', async (_name, disc) => {
    const truth = TRUTH.find(([prefix]) => disc.stem.startsWith(prefix))![1];
    const answer = await identify(disc);
    if (truth) {
      expect(answer).toMatchObject({ source: 'catalog', contentType: truth[0], catalogId: truth[1] });
      expect(answer!.confidence).toBeGreaterThanOrEqual(0.8);
      expect(answer!.reviewReason).toBeNull();
    } else {
      // It cannot know from this label: it may guess, but never confidently and never without a person looking.
      const confidentlyWrong = answer !== null && answer.confidence >= 0.8 && !answer.reviewReason;
      expect(confidentlyWrong).toBe(false);
    }
  });
});
