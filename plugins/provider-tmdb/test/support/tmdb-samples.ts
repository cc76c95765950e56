/** Catalog rows (in TMDB's format) that several TMDB tests serve from the local stand-in. */
import type { FakeMovie, FakeShow } from './tmdb-server.ts';

export const DUNE_2021: FakeMovie = {
  id: 438631,
  title: 'Dune',
  release_date: '2021-09-15',
  popularity: 120.5,
  runtime: 155,
};

/** Season 1 with three episodes; tests that need more seasons add them. */
export const DEEP_SPACE_NINE: FakeShow = {
  id: 580,
  name: 'Star Trek: Deep Space Nine',
  first_air_date: '1993-01-03',
  popularity: 60,
  episode_run_time: [45],
  seasons: { 1: [46, 45, 45] },
};
