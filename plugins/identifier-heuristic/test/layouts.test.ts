import { describe, expect, it } from 'vitest';
import { band, identify, type Layout } from './support/disc-layout.ts';
import { clusterLayouts } from './support/layouts-clusters.ts';
import { specialCaseLayouts } from './support/layouts-special-cases.ts';

const layouts: Layout[] = [...clusterLayouts, ...specialCaseLayouts];

describe('heuristic identifier layouts', () => {
  it.each(layouts.map((l) => [l.name, l] as const))('%s', async (_name, layout) => {
    const answer = await identify(layout);
    expect(answer).not.toBeNull();
    const id = answer!;
    expect(id.source).toBe('heuristic');
    expect(id.contentType).toBe(layout.expect.contentType);
    expect(band(id.confidence)).toBe(layout.expect.band);
    expect(id.titleHints.map((h) => h.titleIndex)).toEqual(layout.minutes.map((_, i) => i));
    for (const [index, role] of Object.entries(layout.expect.roles ?? {}))
      expect(id.titleHints[Number(index)]!.role, `title ${index}`).toBe(role);
    // Not ripped: clips, duplicates and Play Alls — except a "Play All" only as long as two episodes (it may be a double episode).
    for (const hint of id.titleHints) {
      const keptForReview = hint.role === 'play_all' && /ripped for review/.test(hint.reason ?? '');
      expect(hint.rip).toBe(
        keptForReview || (hint.role !== 'play_all' && hint.role !== 'short' && !hint.reason?.startsWith('duplicate')),
      );
    }
    if (layout.expect.ambiguous !== undefined) expect(id.ambiguousMovie).toBe(layout.expect.ambiguous);
    if (layout.expect.open) expect(id.reviewReason).toMatch(/^episodes of a show, or a collection of specials/);
    else if (id.ambiguousMovie) expect(id.reviewReason).toMatch(/could be the main feature/);
    else if (id.contentType === 'unknown' || band(id.confidence) === 'low')
      expect(id.reviewReason ?? '').toMatch(/^$|bonus disc/);
    else expect(id.reviewReason).toBeNull();
    if (layout.expect.season !== undefined) expect(id.season).toBe(layout.expect.season);
    if (layout.expect.disc !== undefined) expect(id.discNumber).toBe(layout.expect.disc);
    if (layout.expect.title !== undefined) expect(id.title).toBe(layout.expect.title);
    expect(id.evidence.length).toBeGreaterThan(0);
  });

  it('says why a movie is ambiguous', async () => {
    const id = await identify(layouts.find((l) => l.name === 'theatrical cut and director’s cut')!);
    expect(id!.reviewReason).toBe('2 titles could be the main feature: title 1 (2:14:00), title 0 (2:01:00)');
  });

  it('covers at least 20 disc layouts', () => expect(layouts.length).toBeGreaterThanOrEqual(20));

  it('does not rip a raw stream that repeats the main playlist', async () => {
    const id = await identify(layouts.find((l) => l.name.startsWith('Blu-ray main movie'))!);
    expect(id!.titleHints[5]).toMatchObject({
      role: 'extra',
      rip: false,
      reason: 'duplicate of title 0 (same length and size)',
    });
  });

  it('lets the short-form thresholds be configured', async () => {
    const layout = layouts.find((l) => l.name === 'cartoon segments too few to be a short-form cluster')!;
    expect((await identify({ ...layout, settings: { min_short_episodes: 3 } }))!.contentType).toBe('tv');
    const anime = layouts.find((l) => l.name.startsWith('anime disc'))!;
    expect((await identify({ ...anime, settings: { short_episode_min_minutes: 12 } }))!.contentType).toBe('unknown');
  });

  it('says a disc of documentaries and featurettes only is a bonus disc', async () => {
    for (const name of [
      'two documentaries half a minute apart',
      'five-minute featurettes beside',
      'a bonus disc whose label',
      'one 44-minute documentary among',
    ]) {
      const id = await identify(layouts.find((l) => l.name.startsWith(name))!);
      expect(id!.reviewReason).toMatch(/bonus disc/);
    }
  });

  it('reads the year from the label for a movie', async () => {
    expect((await identify(layouts.find((l) => l.label === 'GREAT_MOVIE_2019')!))!.year).toBe(2019);
  });

  it('has nothing to say about a disc without titles', async () => {
    expect(
      await identify({ name: 'empty', label: 'EMPTY', minutes: [], expect: { contentType: 'unknown', band: 'low' } }),
    ).toBeNull();
  });
});
