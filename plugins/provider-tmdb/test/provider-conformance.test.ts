/** The TMDB catalog passes the SDK's catalog conformance suite against a local server speaking TMDB's format. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { catalogConformance, createProvider, readManifest, runConformance } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import { DEEP_SPACE_NINE, DUNE_2021 } from './support/tmdb-samples.ts';
import { SAMPLE_TOKEN, startTmdbServer, type TmdbServer } from './support/tmdb-server.ts';

let server: TmdbServer;
beforeAll(async () => {
  server = await startTmdbServer({
    movies: [DUNE_2021],
    shows: [DEEP_SPACE_NINE],
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
