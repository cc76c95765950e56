/** The TMDB catalog passes the SDK's catalog conformance suite against a local server speaking TMDB's format. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { catalogConformance, createProvider, readManifest, runConformance } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import { SAMPLE_TOKEN, startTmdbServer, type TmdbServer } from './support/tmdb-server.ts';

let server: TmdbServer;
beforeAll(async () => {
  server = await startTmdbServer({
    movies: [{ id: 438631, title: 'Dune', release_date: '2021-09-15', popularity: 120.5, runtime: 155 }],
    shows: [
      {
        id: 580,
        name: 'Star Trek: Deep Space Nine',
        first_air_date: '1993-01-03',
        popularity: 60,
        episode_run_time: [45],
        seasons: { 1: [46, 45, 45] },
      },
    ],
  });
});
afterAll(() => server.close());

const manifest = readManifest(new URL('../package.json', import.meta.url));

runConformance(
  catalogConformance({
    create: () =>
      createProvider(plugin, 'catalog', 'tmdb', {
        manifest,
        settings: { base_url: server.url },
        appSettings: { catalog_api_key: SAMPLE_TOKEN },
      }),
    movieQuery: 'Dune',
    showQuery: 'Deep Space Nine',
  }),
  { describe, it },
  'tmdb catalog conformance',
);
