/**
 * Every disc of TheDiscDB's real sample (../shared/thediscdb-sample), served by the local stand-in
 * in TheDiscDB's wire shape, looked up by its content hash: the mappings must say what TheDiscDB's
 * own record says each title is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscMapping } from '@spindle/plugin-sdk';
import { createFakeSetup, type FakeSetup } from '@spindle/plugin-sdk/testing';
import { TheDiscDbLookup } from '../src/thediscdb-lookup.ts';
import { loadSampleDiscs, SAMPLE_AVAILABLE, SAMPLE_MISSING_MESSAGE, type SampleTitle } from './support/sample-discs.ts';
import { itemsFromSample, startTheDiscDbServer, type TheDiscDbServer } from './support/thediscdb-server.ts';

const discs = loadSampleDiscs();
if (!SAMPLE_AVAILABLE) console.warn(SAMPLE_MISSING_MESSAGE);

/** What TheDiscDB's record says, in the terms of a DiscMapping (independent of the provider's code). */
function truth(t: SampleTitle): Pick<DiscMapping, 'assignment' | 'season' | 'episode' | 'episodeEnd'> | null {
  if (!t.Item) return null;
  if (t.Item.Type === 'Episode') {
    const [first, last] = (t.Item.Episode ?? '').split('-').map(Number);
    return { assignment: 'episode', season: Number(t.Item.Season), episode: first!, episodeEnd: last ?? null };
  }
  if (t.Item.Type === 'MainMovie') return { assignment: 'main_movie', season: null, episode: null, episodeEnd: null };
  if (t.Item.Type === 'Other' || /play all/i.test(t.Item.Title ?? ''))
    return { assignment: 'discarded', season: null, episode: null, episodeEnd: null };
  return { assignment: 'extra', season: t.Item.Season ? Number(t.Item.Season) : null, episode: null, episodeEnd: null };
}

describe.skipIf(!SAMPLE_AVAILABLE)('TheDiscDB lookups of the real sample discs', () => {
  let server: TheDiscDbServer;
  let setup: FakeSetup;
  beforeAll(async () => {
    server = await startTheDiscDbServer({ items: itemsFromSample(discs) });
    setup = await createFakeSetup({ settings: { endpoint: server.url } });
  });
  afterAll(async () => {
    await setup.dispose();
    await server.close();
  });

  it.each(discs.map((d) => [d.stem, d] as const))('%s', async (_stem, disc) => {
    const result = await new TheDiscDbLookup(setup).lookupByContentHash(disc.contentHash.toLowerCase());
    expect(result).not.toBeNull();
    expect(result).toMatchObject({
      contentType: disc.kind === 'series' ? 'tv' : 'movie',
      title: disc.mediaTitle,
      year: disc.year,
      discIndex: disc.record.Index,
    });
    if (disc.record.Slug) expect(result!.discSlug).toBe(disc.record.Slug);
    const expected = disc.record.Titles.flatMap((t) => {
      const what = truth(t);
      return what ? [{ titleIndex: t.Index, ...what }] : [];
    });
    expect(
      result!.mappings.map(({ titleIndex, assignment, season, episode, episodeEnd }) => ({
        titleIndex,
        assignment,
        season,
        episode,
        episodeEnd,
      })),
    ).toEqual(expected);
  });

  it('maps the combined "11-12" episode of the Real Monsters disc and its single segment', async () => {
    const disc = discs.find((d) => d.stem.startsWith('Aaahh'))!;
    const result = await new TheDiscDbLookup(setup).lookupByContentHash(disc.contentHash);
    expect(
      result!.mappings
        .filter((m) => m.assignment === 'episode')
        .map((m) => [m.titleIndex, m.season, m.episode, m.episodeEnd]),
    ).toEqual([
      [2, 2, 11, 12],
      [3, 2, 12, null],
      [4, 2, 25, 26],
      [5, 2, 26, null],
    ]);
  });

  it('discards the Play All items of the 27 Dresses DVD and keeps its featurettes as extras', async () => {
    const disc = discs.find((d) => d.stem.startsWith('27_Dresses'))!;
    const result = await new TheDiscDbLookup(setup).lookupByContentHash(disc.contentHash);
    const by = (i: number) => result!.mappings.find((m) => m.titleIndex === i)!;
    expect([1, 8, 12].map((i) => by(i).assignment)).toEqual(['discarded', 'discarded', 'discarded']);
    expect(by(0).assignment).toBe('main_movie');
    expect(by(4)).toMatchObject({ assignment: 'extra', extraType: 'featurette', name: 'The Wedding Party' });
    expect(by(9)).toMatchObject({ assignment: 'extra', extraType: 'deleted_scene' });
  });
});
