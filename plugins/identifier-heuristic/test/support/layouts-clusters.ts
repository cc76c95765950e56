/** Layouts of episode clusters, Play Alls, features and short-form episodes, with the expected answers. */
import type { Layout } from './disc-layout.ts';

/** Two alike episodes (titles 1 and 5) beside an extra (title 6) and clips, no Play All, no season: TV, left open. */
const twoEpisodesOpen: Layout['expect'] = {
  contentType: 'tv',
  band: 'medium',
  roles: { 1: 'episode_candidate', 5: 'episode_candidate', 6: 'extra' },
  open: true,
};

export const clusterLayouts: Layout[] = [
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
    // Frasier season 6 disc 4 (TheDiscDB): each title in its own DVD title set, so no segment map joins them.
    name: 'four sitcom episodes, a two-parter in one title and a Play All of all of them',
    label: 'SITCOM_S6_D4',
    minutes: [22.12, 22.15, 22.13, 22.12, 43.4, 131.92],
    expect: {
      contentType: 'tv',
      band: 'high',
      roles: { 0: 'episode_candidate', 3: 'episode_candidate', 4: 'episode_candidate', 5: 'play_all' },
    },
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
    // Farscape season 1 disc 7 (TheDiscDB, seed 47): 49:34 and 50:07 (1.1 % apart), a 10-minute profile and menu clips.
    name: 'two hour-long episodes half a minute apart beside one featurette and clips: two episodes',
    label: 'Disc 7',
    minutes: [0.2, 49.57, 0.97, 1.93, 1.68, 50.12, 10.1],
    expect: twoEpisodesOpen,
  },
  {
    // Farscape season 1 disc 9 (TheDiscDB, seed 55): 49:35 and 50:07 beside a 30-minute profile and a 2:10 trailer.
    name: 'two hour-long episodes half a minute apart beside a profile and a trailer: two episodes',
    label: 'Disc 9',
    minutes: [0.2, 49.58, 1.32, 2.17, 1.43, 50.12, 30.13],
    expect: twoEpisodesOpen,
  },
  {
    // Band of Brothers Blu-ray disc 3 (TheDiscDB, seed 54): episodes of 55:42 and 1:07:20 beside a 2:29 trailer and a
    // 10:20 featurette; disc 2 (seed 55) the same with 1:05:21 and 59:43.
    name: 'two hour-long episodes of unequal length beside a trailer and a featurette: two episodes',
    label: 'Disc 3',
    minutes: [55.7, 2.48, 10.33, 67.33],
    expect: {
      contentType: 'tv',
      band: 'medium',
      roles: { 0: 'episode_candidate', 3: 'episode_candidate', 2: 'extra' },
      open: true,
    },
  },
  {
    name: 'two hour-long documentaries of unequal length beside three featurettes: a bonus disc, no episodes',
    label: 'Disc 2',
    minutes: [55.7, 12.5, 10.33, 67.33, 8.2],
    expect: { contentType: 'movie', band: 'low', roles: { 0: 'extra', 3: 'extra' } },
  },
  {
    // Battlestar Galactica season 4.5 DVD disc 4 (TheDiscDB, seed 47): the finale's first hour (43:38), its second and
    // third (1:36:35), the three joined (2:20:13, to the second) and an extended cut of all three (2:32:07), each in
    // a title set of its own, beside featurettes.
    name: 'an episode, a two-parter and their Play All to the second, beside an extended cut: TV',
    label: 'Disc Four',
    minutes: [43 + 38 / 60, 96 + 35 / 60, 152 + 7 / 60, 140 + 13 / 60, 4.5, 5.35, 36.95, 0.38],
    expect: {
      contentType: 'tv',
      band: 'medium',
      roles: { 0: 'episode_candidate', 1: 'episode_candidate', 2: 'extra', 3: 'play_all', 4: 'extra' },
    },
  },
  {
    // The same with the third title two minutes off the sum: no Play All of the two, so two films' lengths stand.
    name: 'an episode-length and two feature-length titles, none the sum of two others: a movie',
    label: 'Disc Four',
    minutes: [43 + 38 / 60, 96 + 35 / 60, 152 + 7 / 60, 142 + 13 / 60, 4.5, 5.35, 36.95, 0.38],
    expect: { contentType: 'movie', band: 'medium', ambiguous: true },
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
    expect: { contentType: 'tv', band: 'high', open: true },
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
];
