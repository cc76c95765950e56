import { describe, expect, it } from 'vitest';
import type { DiscScan, Identification } from '@spindle/plugin-sdk';
import { createFakeContext, sampleJob } from '@spindle/plugin-sdk/testing';
import { HeuristicIdentifier } from '../src/heuristic-identifier.ts';

interface Layout {
  name: string;
  label: string;
  /** Title durations in minutes, in title-index order. */
  minutes: number[];
  /** Source files (MakeMKV's `00001.mpls` / `00305.m2ts`), when the layout depends on them. */
  files?: string[];
  settings?: Record<string, number>;
  expect: {
    contentType: Identification['contentType'];
    band: 'high' | 'medium' | 'low';
    /** Title index → hint role (only the listed ones are checked). */
    roles?: Record<number, string>;
    ambiguous?: boolean;
    season?: number | null;
    disc?: number | null;
    title?: string | null;
  };
}

const band = (c: number) => (c >= 0.8 ? 'high' : c >= 0.5 ? 'medium' : 'low');

const layouts: Layout[] = [
  {
    name: 'four sitcom episodes, a Play All and a menu clip',
    label: 'SHOW_NAME_S2_D1',
    minutes: [22, 21.5, 22.4, 22.1, 88, 0.5],
    expect: {
      contentType: 'tv',
      band: 'high',
      roles: { 0: 'episode_candidate', 3: 'episode_candidate', 4: 'play_all', 5: 'short' },
      season: 2,
      disc: 1,
      title: 'Show Name',
    },
  },
  {
    name: 'three drama episodes, the minimum cluster',
    label: 'DRAMA_SEASON3_DISC2',
    minutes: [44, 45, 43],
    expect: { contentType: 'tv', band: 'high', season: 3, disc: 2, title: 'Drama' },
  },
  {
    name: 'six hour-long episodes with varied lengths',
    label: 'EPIC_S1_D1',
    minutes: [43, 47, 45, 44.5, 46, 45.5],
    expect: { contentType: 'tv', band: 'high', roles: { 1: 'episode_candidate', 4: 'episode_candidate' } },
  },
  {
    name: 'five episodes with a full and a partial Play All',
    label: 'CARTOON_S1',
    minutes: [22, 22, 22.5, 21.8, 22.2, 110.5, 44],
    expect: { contentType: 'tv', band: 'high', roles: { 5: 'play_all', 6: 'play_all' } },
  },
  {
    name: 'two episodes without a season in the label',
    label: 'SOMETHING',
    minutes: [22, 23],
    expect: { contentType: 'unknown', band: 'low', season: null },
  },
  {
    name: 'two episodes with a season in the label',
    label: 'SOMETHING_S4_D3',
    minutes: [22, 23],
    expect: { contentType: 'tv', band: 'medium', season: 4, disc: 3 },
  },
  {
    name: 'one movie with two featurettes and a trailer',
    label: 'GREAT_MOVIE_2019',
    minutes: [123, 10, 5, 1.5],
    expect: {
      contentType: 'movie',
      band: 'high',
      roles: { 0: 'main_feature_candidate', 1: 'extra', 3: 'short' },
      ambiguous: false,
      title: 'Great Movie',
      season: null,
    },
  },
  {
    name: 'theatrical cut and director’s cut',
    label: 'GREAT_MOVIE',
    minutes: [121, 134, 12],
    expect: {
      contentType: 'movie',
      band: 'medium',
      roles: { 0: 'main_feature_candidate', 1: 'main_feature_candidate', 2: 'extra' },
      ambiguous: true,
    },
  },
  {
    name: 'obfuscated Blu-ray with several near-identical playlists',
    label: 'BIG_RELEASE',
    minutes: [118.2, 118.4, 118.3, 3],
    expect: { contentType: 'movie', band: 'medium', ambiguous: true },
  },
  {
    name: 'a movie and a feature-length documentary well below it',
    label: 'LONG_MOVIE',
    minutes: [150, 85, 20],
    expect: {
      contentType: 'movie',
      band: 'high',
      roles: { 0: 'main_feature_candidate', 1: 'extra' },
      ambiguous: false,
    },
  },
  {
    name: 'a movie with three similar featurettes',
    label: 'MOVIE_WITH_FEATURETTES',
    minutes: [120, 20, 21, 19.5],
    expect: {
      contentType: 'movie',
      band: 'medium',
      roles: { 0: 'main_feature_candidate', 1: 'extra' },
      ambiguous: false,
    },
  },
  {
    name: 'four episodes and a title twice as long that no two episodes add up to: a double-length episode',
    label: 'SHOW_S5',
    minutes: [45, 44, 46, 45, 95],
    expect: { contentType: 'tv', band: 'high', roles: { 0: 'episode_candidate', 4: 'episode_candidate' } },
  },
  {
    name: 'only menu clips',
    label: 'DVD_VIDEO',
    minutes: [0.3, 1, 0.1],
    expect: { contentType: 'unknown', band: 'low', roles: { 0: 'short', 1: 'short' }, title: null },
  },
  {
    name: 'three long episodes above the episode range',
    label: 'MINISERIES',
    minutes: [75, 76, 75.5],
    expect: { contentType: 'unknown', band: 'low' },
  },
  {
    name: 'the same long episodes with a wider episode range setting',
    label: 'MINISERIES',
    minutes: [75, 76, 75.5],
    settings: { episode_max_minutes: 80 },
    expect: { contentType: 'tv', band: 'high' },
  },
  {
    name: 'a Play All just outside the 2% tolerance: still TV, the long title is ripped as an extra',
    label: 'SHOW_S1',
    minutes: [22, 22, 22, 22, 90.5],
    expect: { contentType: 'tv', band: 'medium', roles: { 0: 'episode_candidate', 4: 'extra' } },
  },
  {
    name: 'anime disc of eight short-form episodes and a credits clip',
    label: 'ANIME_SHORTS_VOL_2',
    minutes: [11.5, 11.4, 11.6, 11.5, 11.3, 11.5, 11.6, 11.4, 1.5],
    expect: {
      contentType: 'tv',
      band: 'medium',
      roles: { 0: 'episode_candidate', 7: 'episode_candidate', 8: 'short' },
      disc: 2,
      title: 'Anime Shorts',
    },
  },
  {
    name: 'anime shorts with their Play All',
    label: 'SHORTS_S1',
    minutes: [12, 12.1, 11.9, 12, 12.2, 11.8, 72],
    expect: { contentType: 'tv', band: 'medium', roles: { 0: 'episode_candidate', 6: 'play_all' }, season: 1 },
  },
  {
    name: 'cartoon segments too few to be a short-form cluster',
    label: 'CARTOONS',
    minutes: [11, 11.2, 11.1],
    expect: { contentType: 'unknown', band: 'low' },
  },
  {
    name: 'single-episode disc with the season in the label',
    label: 'SHOW_S1_D5',
    minutes: [44, 3],
    expect: { contentType: 'tv', band: 'medium', roles: { 0: 'episode_candidate', 1: 'extra' }, season: 1, disc: 5 },
  },
  {
    name: 'one 44-minute title and nothing else: a short film or special, with low confidence',
    label: 'PILOT',
    minutes: [44],
    expect: { contentType: 'movie', band: 'low', roles: { 0: 'main_feature_candidate' }, ambiguous: false },
  },
  {
    name: 'one 44-minute documentary among featurettes of 5 to 15 minutes: a bonus disc, nothing taken for the feature',
    label: 'FILM_BONUS',
    minutes: [44, 5, 6, 12, 15, 8, 0.3],
    expect: { contentType: 'movie', band: 'low', roles: { 0: 'extra', 1: 'extra', 6: 'short' }, ambiguous: false },
  },
  {
    name: 'one 44-minute title with two short extras: still a short film or special',
    label: 'PILOT',
    minutes: [44, 5, 8],
    expect: { contentType: 'movie', band: 'low', roles: { 0: 'main_feature_candidate', 1: 'extra' }, ambiguous: false },
  },
  {
    name: 'one 75-minute title on a disc whose label names a season: an episode or special of that season',
    label: 'MY_SHOW_S1_D1',
    minutes: [75],
    expect: { contentType: 'tv', band: 'medium', season: 1, disc: 1, title: 'My Show' },
  },
  {
    name: 'two episodes and their Play All (kept: by length alone it could be a double episode)',
    label: 'MINI',
    minutes: [44, 45, 89],
    expect: {
      contentType: 'tv',
      band: 'medium',
      roles: { 0: 'episode_candidate', 1: 'episode_candidate', 2: 'play_all' },
    },
  },
  {
    name: 'double-feature disc',
    label: 'DOUBLE_FEATURE',
    minutes: [95, 110, 8],
    expect: {
      contentType: 'movie',
      band: 'medium',
      roles: { 0: 'main_feature_candidate', 1: 'main_feature_candidate', 2: 'extra' },
      ambiguous: true,
    },
  },
  {
    name: 'triple-feature disc',
    label: 'TRILOGY',
    minutes: [88, 92, 90, 5],
    expect: { contentType: 'movie', band: 'medium', ambiguous: true },
  },
  {
    name: 'Blu-ray main movie listed as its playlist and as its raw stream',
    label: 'A HARD DAY?S NIGHT',
    minutes: [87.68, 0.02, 0.33, 2.2, 2.67, 87.68],
    files: ['00001.mpls', '00230.m2ts', '00231.m2ts', '00295.m2ts', '00304.m2ts', '00305.m2ts'],
    expect: {
      contentType: 'movie',
      band: 'high',
      roles: { 0: 'main_feature_candidate', 5: 'extra' },
      ambiguous: false,
    },
  },
  {
    name: 'hour-long drama disc with logo and warning clips',
    label: 'TV24_D3',
    minutes: [42.8, 42.6, 42.6, 42.75, 0.12, 0.27],
    expect: {
      contentType: 'tv',
      band: 'high',
      roles: { 0: 'episode_candidate', 4: 'short', 5: 'short' },
      disc: 3,
      title: '24',
    },
  },
  {
    name: 'cartoon disc of double episodes and their single segments',
    label: 'NICKELODEON_VAULT_AGAIN',
    minutes: [
      0.18, 0.1, 23.43, 11.73, 23.67, 11.83, 23.65, 11.8, 23.65, 11.8, 23.6, 11.78, 23.6, 11.8, 22.33, 24.1, 11.73,
      23.57, 11.73, 23.62, 11.8,
    ],
    expect: { contentType: 'tv', band: 'high', roles: { 2: 'episode_candidate', 3: 'extra', 0: 'short' } },
  },
  {
    name: 'two hour-long episodes of one broadcast slot (same length to the second) and a profile featurette: TV',
    label: 'DISC 4',
    minutes: [0.03, 2.2, 50.08, 11.05, 50.08, 1.6],
    expect: {
      contentType: 'tv',
      band: 'medium',
      roles: { 2: 'episode_candidate', 4: 'episode_candidate', 3: 'extra' },
    },
  },
  {
    name: 'two documentaries half a minute apart are not a broadcast slot: no episodes, a bonus disc (of a movie set)',
    label: 'BONUS DISC',
    minutes: [57.6, 58.05, 29.1, 9.5],
    expect: { contentType: 'movie', band: 'low', roles: { 0: 'extra', 1: 'extra', 2: 'extra', 3: 'extra' } },
  },
  {
    name: 'a bonus disc whose label names a season: the series\u2019 bonus disc',
    label: 'SHOW_S2_BONUS',
    minutes: [14, 5, 7, 12],
    expect: { contentType: 'tv', band: 'low', season: 2, roles: { 0: 'extra', 1: 'extra', 2: 'extra', 3: 'extra' } },
  },
  {
    name: 'two episodes, an extended cut of the second and a Play All of the three (no structure): TV, the Play All not ripped',
    label: 'SEASON THREE DISC THREE',
    minutes: [45.05, 43.65, 70.05, 158.75, 5.6, 20.8],
    expect: {
      contentType: 'tv',
      band: 'medium',
      roles: { 0: 'episode_candidate', 1: 'episode_candidate', 2: 'episode_candidate', 3: 'play_all', 5: 'extra' },
    },
  },
  {
    name: 'five-minute featurettes beside two hour-long documentaries are not short-form episodes',
    label: 'EPIC BONUS DISC',
    minutes: [57.6, 0.2, 58.05, 5.13, 6.98, 11.45, 5.57, 5.12, 29.1, 9.5],
    expect: { contentType: 'movie', band: 'low', roles: { 0: 'extra', 2: 'extra', 3: 'extra', 4: 'extra' } },
  },
];

async function identify(layout: Layout) {
  const ctx = await createFakeContext({ settings: layout.settings ?? {} });
  const scan: DiscScan = {
    volumeLabel: layout.label,
    discType: 'dvd',
    contentHash: null,
    titles: layout.minutes.map((m, index) => ({
      index,
      durationSeconds: m * 60,
      sizeBytes: Math.round(m * 60e6),
      resolution: '480p',
      ...(layout.files ? { sourceFile: layout.files[index]! } : {}),
    })),
  };
  try {
    return await new HeuristicIdentifier().identify(
      { job: sampleJob({ volumeLabel: layout.label }), scan, previous: [] },
      ctx,
    );
  } finally {
    await ctx.dispose();
  }
}

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
    if (id.ambiguousMovie) expect(id.reviewReason).toMatch(/could be the main feature/);
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
