import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DiscMapping, MatchInput } from '@spindle/plugin-sdk';
import { createFakeContext, sampleJob, sampleTvScan, titleViewOf, type FakeContext } from '@spindle/plugin-sdk/testing';
import { DiscLookupMatcher } from '../src/disc-lookup-matcher.ts';

let ctx: FakeContext;
beforeEach(async () => (ctx = await createFakeContext()));
afterEach(() => ctx.dispose());

const mapping = (titleIndex: number, fields: Partial<DiscMapping>): DiscMapping => ({
  titleIndex,
  assignment: 'episode',
  season: 1,
  episode: 1,
  episodeEnd: null,
  name: null,
  ...fields,
});

function input(titleIndex: number, mappings: DiscMapping[] | null, detectedSeason: number | null = 2): MatchInput {
  const scanned = sampleTvScan().titles[titleIndex]!;
  return {
    job: sampleJob({ discMappings: mappings, detectedSeason }),
    title: titleViewOf(scanned),
    siblings: [],
    previous: [],
  };
}

describe('DiscLookupMatcher', () => {
  it('turns an episode mapping into a match with one named component', async () => {
    const result = await new DiscLookupMatcher().match(
      input(2, [mapping(2, { season: 3, episode: 7, name: 'Pilot' })]),
      ctx,
    );
    expect(result).toEqual({
      kind: 'episode',
      season: 3,
      episode: 7,
      episodeEnd: null,
      edition: null,
      confidence: 0.95,
      source: 'local_disc_lookup',
      components: [{ name: 'disc_lookup_mapping', value: 1, weight: 1, detail: 'title 2 → S03E07 ("Pilot")' }],
      candidates: [{ kind: 'episode', season: 3, episode: 7, episodeEnd: null, edition: null, score: 0.95 }],
    });
  });

  it('keeps a combined episode range', async () => {
    const result = await new DiscLookupMatcher().match(input(0, [mapping(0, { episode: 11, episodeEnd: 12 })]), ctx);
    expect(result).toMatchObject({ kind: 'episode', season: 1, episode: 11, episodeEnd: 12 });
    expect(result!.components[0]!.detail).toBe('title 0 → S01E11-E12');
  });

  it('takes the season from the job when the mapping has none', async () => {
    expect(
      await new DiscLookupMatcher().match(input(1, [mapping(1, { season: null, episode: 4 })], 5), ctx),
    ).toMatchObject({ season: 5, episode: 4 });
  });

  it.each([
    ['main_movie', { kind: 'main_movie', season: null, episode: null, episodeEnd: null }],
    ['extra', { kind: 'extra', season: null, episode: null, episodeEnd: null }],
    ['discarded', { kind: 'discarded', season: null, episode: null, episodeEnd: null }],
  ] as const)('maps a %s assignment', async (assignment, expected) => {
    const result = await new DiscLookupMatcher().match(
      input(0, [mapping(0, { assignment, season: null, episode: null })]),
      ctx,
    );
    expect(result).toMatchObject({ ...expected, confidence: 0.95, source: 'local_disc_lookup' });
  });

  it('carries the kind of extra the lookup names (it decides the extras folder); an extra of no named kind has none', async () => {
    const matcher = new DiscLookupMatcher();
    const typed = await matcher.match(
      input(0, [mapping(0, { assignment: 'extra', season: null, episode: null, extraType: 'deleted_scene' })]),
      ctx,
    );
    expect(typed).toMatchObject({ kind: 'extra', extraType: 'deleted_scene' });
    expect(typed!.candidates[0]).not.toHaveProperty('extraType');
    expect(
      await matcher.match(input(0, [mapping(0, { assignment: 'extra', season: null, episode: null })]), ctx),
    ).toMatchObject({ kind: 'extra', extraType: null });
    expect(
      await matcher.match(input(0, [mapping(0, { season: 2, episode: 3, extraType: 'trailer' })]), ctx),
    ).not.toHaveProperty('extraType');
  });

  it('answers null when the title has no mapping, the job has none, or the episode is unnumbered', async () => {
    const matcher = new DiscLookupMatcher();
    expect(await matcher.match(input(3, [mapping(0, {})]), ctx)).toBeNull();
    expect(await matcher.match(input(0, null), ctx)).toBeNull();
    expect(await matcher.match(input(0, []), ctx)).toBeNull();
    expect(await matcher.match(input(0, [mapping(0, { season: null })], null), ctx)).toBeNull();
    expect(await matcher.match(input(0, [mapping(0, { episode: null })]), ctx)).toBeNull();
    expect(ctx.logger.messages('warn')).toHaveLength(2);
  });

  it('rejects with an AbortedError once aborted', async () => {
    ctx.abort();
    await expect(new DiscLookupMatcher().match(input(0, [mapping(0, {})]), ctx)).rejects.toMatchObject({
      code: 'aborted',
    });
  });
});
