/**
 * When the catalog identifier before the heuristic named the show and season, the season's episode
 * runtimes tell which titles are episodes where lengths alone cannot. The catalog is an in-process
 * CatalogProvider answering as TMDB's season details do (whole-minute runtimes, some missing).
 */
import { describe, expect, it } from 'vitest';
import type { CatalogProvider, CatalogSeason, CatalogStatus, DiscScan, Identification } from '@spindle/plugin-sdk';
import { createFakeContext, sampleJob } from '@spindle/plugin-sdk/testing';
import { HeuristicIdentifier } from '../src/heuristic-identifier.ts';

class SeasonCatalog implements CatalogProvider {
  readonly asked: [number, number][] = [];
  constructor(
    private readonly runtimes: (number | null)[] | Error,
    private readonly state: CatalogStatus = { healthy: true, message: null },
  ) {}
  async searchMovies() {
    return [];
  }
  async searchShows() {
    return [];
  }
  async getMovie() {
    return null;
  }
  async getShow() {
    return null;
  }
  async getSeason(showId: number, season: number): Promise<CatalogSeason | null> {
    this.asked.push([showId, season]);
    if (this.runtimes instanceof Error) throw this.runtimes;
    return {
      showId,
      season,
      episodes: this.runtimes.map((runtimeMinutes, i) => ({
        season,
        episode: i + 1,
        name: `Episode ${i + 1}`,
        runtimeMinutes,
        airDate: null,
      })),
    };
  }
  status() {
    return this.state;
  }
}

const catalogAnswer: Identification = {
  contentType: 'tv',
  source: 'catalog',
  confidence: 0.9,
  title: 'Drama',
  year: 2014,
  season: 2,
  discNumber: null,
  catalogId: 4711,
  catalogTitle: 'Drama',
  discLookup: null,
  titleHints: [],
  ambiguousMovie: false,
  reviewReason: null,
  evidence: ['catalog'],
};

function scanOf(minutes: number[]): DiscScan {
  return {
    volumeLabel: 'DRAMA',
    discType: 'dvd',
    contentHash: null,
    titles: minutes.map((m, index) => ({
      index,
      durationSeconds: m * 60,
      sizeBytes: Math.round(m * 60e6),
      resolution: '480p',
    })),
  };
}

async function identify(
  minutes: number[],
  catalog: CatalogProvider | null,
  previous: Identification[] = [catalogAnswer],
) {
  const ctx = await createFakeContext(catalog ? { providers: { catalog } } : {});
  try {
    return (await new HeuristicIdentifier().identify(
      { job: sampleJob({ volumeLabel: 'DRAMA' }), scan: scanOf(minutes), previous },
      ctx,
    ))!;
  } finally {
    await ctx.dispose();
  }
}

const roles = (id: Identification) => id.titleHints.map((h) => h.role);

describe('episode runtimes of the catalog\u2019s season', () => {
  it('makes a shorter episode beside the cluster an episode (by length alone it is an extra)', async () => {
    const minutes = [52, 53, 51, 38, 12];
    expect(roles(await identify(minutes, null))).toEqual([
      'episode_candidate',
      'episode_candidate',
      'episode_candidate',
      'extra',
      'extra',
    ]);
    const catalog = new SeasonCatalog([52, 53, 51, 39, null, 55]);
    const id = await identify(minutes, catalog);
    expect(catalog.asked).toEqual([[4711, 2]]);
    expect(id.contentType).toBe('tv');
    expect(roles(id)).toEqual([
      'episode_candidate',
      'episode_candidate',
      'episode_candidate',
      'episode_candidate',
      'extra',
    ]);
    expect(id.evidence.join('\n')).toMatch(/title 3: fits an episode runtime of the catalog's season \(39 min\)/);
  });

  it('makes TV of two episodes of unlike length that durations alone cannot call', async () => {
    const minutes = [44, 63, 9];
    expect((await identify(minutes, null, [])).contentType).not.toBe('tv');
    const id = await identify(minutes, new SeasonCatalog([45, 45, 62]));
    expect(id.contentType).toBe('tv');
    expect(roles(id)).toEqual(['episode_candidate', 'episode_candidate', 'extra']);
  });

  it('does not ask the catalog without a show and season before it, and goes on by durations when the catalog fails or is off', async () => {
    const minutes = [52, 53, 51, 38, 12];
    const byDurations = roles(await identify(minutes, null));
    const untouched = new SeasonCatalog([38]);
    // A movie answer is no season to ask about; the titles are then read as a movie's (known-type.test.ts).
    expect(roles(await identify(minutes, untouched, [{ ...catalogAnswer, contentType: 'movie' }]))).not.toContain(
      'episode_candidate',
    );
    expect(roles(await identify(minutes, untouched, [{ ...catalogAnswer, season: null }]))).toEqual(byDurations);
    expect(untouched.asked).toEqual([]);
    expect(roles(await identify(minutes, new SeasonCatalog(new Error('503 from the catalog'))))).toEqual(byDurations);
    const off = new SeasonCatalog([38], { healthy: true, message: null, configured: false });
    expect(roles(await identify(minutes, off))).toEqual(byDurations);
    expect(off.asked).toEqual([]);
  });

  it('does not trust runtimes that none of the episode cluster fits (a catalog listing the broadcast slot)', async () => {
    const minutes = [36, 37, 36, 59, 12];
    const byDurations = roles(await identify(minutes, null));
    expect(byDurations[3]).not.toBe('episode_candidate');
    expect(roles(await identify(minutes, new SeasonCatalog([60, 60, 60, 60])))).toEqual(byDurations);
  });

  it('calls a bonus disc of varied extras by the kind the catalog named (a series\u2019 bonus disc without a season on its label)', async () => {
    const minutes = [14, 5, 7, 12];
    expect((await identify(minutes, null, [])).contentType).toBe('movie');
    const id = await identify(minutes, new SeasonCatalog([44, 44]), [{ ...catalogAnswer, season: null }]);
    expect(id.contentType).toBe('tv');
    expect(id.reviewReason).toMatch(/bonus disc/);
    expect(id.titleHints.every((h) => h.role === 'extra' && h.rip)).toBe(true);
  });

  it('leaves clips, Play Alls and a title of another picture size alone', async () => {
    const scan = scanOf([44, 45, 44, 133, 1.5]);
    scan.titles.push({ index: 5, durationSeconds: 45 * 60, sizeBytes: 1, resolution: '1080p' });
    const ctx = await createFakeContext({ providers: { catalog: new SeasonCatalog([44, 45, 44, 1.5]) } });
    try {
      const id = (await new HeuristicIdentifier().identify(
        { job: sampleJob({ volumeLabel: 'DRAMA' }), scan, previous: [catalogAnswer] },
        ctx,
      ))!;
      expect(roles(id)).toEqual([
        'episode_candidate',
        'episode_candidate',
        'episode_candidate',
        'play_all',
        'short',
        'extra',
      ]);
    } finally {
      await ctx.dispose();
    }
  });
});
