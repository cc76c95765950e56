/**
 * The kind of disc a person declared, or a catalog answer before the heuristic named, decides how the
 * titles are read (the identify step lends the heuristic's hints only to an answer of the same kind):
 * a declared series folder of two episodes is episodes, not extras; a disc a catalog names as a movie
 * is never cut into episodes.
 */
import { describe, expect, it } from 'vitest';
import type { DiscScan, Identification, JobView } from '@spindle/plugin-sdk';
import { createFakeContext, sampleJob } from '@spindle/plugin-sdk/testing';
import { HeuristicIdentifier } from '../src/heuristic-identifier.ts';
import { catalogAnswer } from './support/catalog-answer.ts';

function scanOf(seconds: number[]): DiscScan {
  return {
    volumeLabel: 'DISC',
    discType: 'bluray',
    contentHash: null,
    titles: seconds.map((s, index) => ({ index, durationSeconds: s, sizeBytes: s * 4e6, resolution: '1080p' })),
  };
}

const catalogMovie = catalogAnswer('movie');

async function identify(seconds: number[], job: Partial<JobView> = {}, previous: Identification[] = []) {
  const ctx = await createFakeContext();
  try {
    return (await new HeuristicIdentifier().identify(
      { job: sampleJob({ volumeLabel: 'DISC', ...job }), scan: scanOf(seconds), previous },
      ctx,
    ))!;
  } finally {
    await ctx.dispose();
  }
}

const roles = (id: Identification) => id.titleHints.map((h) => h.role);

describe('the declared or catalog-named kind of disc', () => {
  // Two ~22-minute episodes a minute apart (4.5 %): more than the twin fractions, so by durations alone they are extras.
  const twoEpisodes = [22 * 60, 23 * 60];

  it('reads a declared series folder of two episodes of unequal length as two episodes', async () => {
    const alone = await identify(twoEpisodes);
    expect(alone.contentType).toBe('unknown');
    expect(roles(alone)).toEqual(['extra', 'extra']);
    const declared = await identify(twoEpisodes, { identityDeclared: true, contentType: 'tv' });
    expect(declared.contentType).toBe('tv');
    expect(roles(declared)).toEqual(['episode_candidate', 'episode_candidate']);
    expect(declared.titleHints.every((h) => h.rip)).toBe(true);
    expect(declared.reviewReason).toBeNull();
    expect(declared.evidence.join(' ')).toMatch(/declared identity names a series/);
  });

  it('reads one special of episode length on a declared series disc as an episode', async () => {
    const id = await identify([25 * 60 + 40, 90], { identityDeclared: true, contentType: 'tv' });
    expect(id.contentType).toBe('tv');
    expect(id.titleHints[0]!.role).toBe('episode_candidate');
  });

  it('an undeclared job type is not taken as declared', async () => {
    expect((await identify(twoEpisodes, { identityDeclared: false, contentType: 'tv' })).contentType).toBe('unknown');
  });

  it('does not cut a disc the catalog names as a movie into episodes: alike specials are feature candidates for review', async () => {
    const specials = [1515, 1532, 1510, 363, 1504, 1509, 1521, 13, 60];
    expect((await identify(specials)).contentType).toBe('tv');
    const id = await identify(specials, {}, [catalogMovie]);
    expect(id.contentType).toBe('movie');
    expect(roles(id).filter((r) => r === 'episode_candidate')).toEqual([]);
    expect(
      id.titleHints
        .filter((h) => h.role === 'main_feature_candidate')
        .map((h) => h.titleIndex)
        .sort(),
    ).toEqual([0, 1, 2, 4, 5, 6]);
    expect(id.ambiguousMovie).toBe(true);
    expect(id.reviewReason).toMatch(/6 titles could be the main feature/);
    expect(id.confidence).toBeLessThan(0.8);
  });

  it('keeps its own reading against a weak or contested catalog answer (the verdict weighs the two)', async () => {
    const specials = [1515, 1532, 1510, 1504, 1509, 1521];
    expect((await identify(specials, {}, [{ ...catalogMovie, confidence: 0.6 }])).contentType).toBe('tv');
    expect(
      (await identify(specials, {}, [{ ...catalogMovie, reviewReason: 'two movies fit equally' }])).contentType,
    ).toBe('tv');
  });

  it('a declared movie wins over a catalog answer of another kind before it', async () => {
    const id = await identify([44 * 60, 45 * 60, 43 * 60], { identityDeclared: true, contentType: 'movie' }, [
      { ...catalogMovie, contentType: 'tv', season: 1 },
    ]);
    expect(id.contentType).toBe('movie');
    expect(roles(id)).not.toContain('episode_candidate');
  });

  it('reads the lone feature-length title of a disc the catalog names as a show as an episode, not an extra', async () => {
    // Baseball (2021 Blu-ray) disc 7: one 2:11 inning beside menu clips (a miniseries' three-hour opening alike).
    const inning = [131 * 60 + 18, 81, 50, 50, 5, 6, 10, 10];
    expect((await identify(inning)).contentType).toBe('movie');
    const id = await identify(inning, {}, [catalogAnswer('tv')]);
    expect(id.contentType).toBe('tv');
    expect(id.titleHints[0]).toMatchObject({ role: 'episode_candidate', rip: true });
    expect(id.titleHints[0]!.reason).toMatch(/feature-length/);
    expect(id.reviewReason).toBeNull();
    // A series' bonus disc: its documentary among featurettes stays an extra.
    const bonus = await identify([109 * 60, 10 * 60, 8 * 60, 12 * 60, 6 * 60], {}, [catalogAnswer('tv')]);
    expect(bonus.contentType).toBe('tv');
    expect(roles(bonus)).not.toContain('episode_candidate');
  });

  it('keeps its own reading when the known kind agrees', async () => {
    const id = await identify([120 * 60, 10 * 60], {}, [catalogMovie]);
    expect(id.contentType).toBe('movie');
    expect(id.confidence).toBeGreaterThanOrEqual(0.8);
    expect(roles(id)).toEqual(['main_feature_candidate', 'extra']);
  });
});
