/** Layouts of lone titles, multi-feature discs, raw streams, broadcast slots and bonus discs, with the expected answers. */
import type { Layout } from './disc-layout.ts';

export const specialCaseLayouts: Layout[] = [
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
      open: true,
    },
  },
  {
    name: 'cartoon disc of double episodes and their single segments',
    label: 'NICKELODEON_VAULT_AGAIN',
    minutes: [
      0.18, 0.1, 23.43, 11.73, 23.67, 11.83, 23.65, 11.8, 23.65, 11.8, 23.6, 11.78, 23.6, 11.8, 22.33, 24.1, 11.73,
      23.57, 11.73, 23.62, 11.8,
    ],
    expect: {
      contentType: 'tv',
      band: 'high',
      roles: { 2: 'episode_candidate', 3: 'extra', 0: 'short' },
      open: true,
    },
  },
  {
    name: 'two hour-long episodes of one broadcast slot (same length to the second) and a profile featurette: TV',
    label: 'DISC 4',
    minutes: [0.03, 2.2, 50.08, 11.05, 50.08, 1.6],
    expect: {
      contentType: 'tv',
      band: 'medium',
      roles: { 2: 'episode_candidate', 4: 'episode_candidate', 3: 'extra' },
      open: true,
    },
  },
  {
    // Ben-Hur (1959) four-disc edition disc 3 (TheDiscDB): 57:36 and 58:03 among twenty featurettes (three here).
    name: 'two documentaries half a minute apart are not a broadcast slot: no episodes, a bonus disc (of a movie set)',
    label: 'BONUS DISC',
    minutes: [57.6, 58.05, 29.1, 9.5, 11.45],
    expect: {
      contentType: 'movie',
      band: 'low',
      roles: { 0: 'extra', 1: 'extra', 2: 'extra', 3: 'extra', 4: 'extra' },
    },
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
