/** OpenSubtitles passes the SDK's subtitles conformance suite against a local server speaking its API. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createProvider, readManifest, runConformance, subtitlesConformance } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import { episode } from './support/provider-harness.ts';
import { startOpenSubtitlesServer, TEST_API_KEY, type OpenSubtitlesServer } from './support/opensubtitles-server.ts';

let server: OpenSubtitlesServer;
beforeAll(async () => {
  server = await startOpenSubtitlesServer({
    subtitles: [
      { id: 1, fileId: 101, language: 'en', type: 'episode', parentTmdbId: 1399, season: 1, episode: 2, downloads: 50 },
    ],
  });
});
afterAll(() => server.close());

const manifest = readManifest(new URL('../package.json', import.meta.url));

runConformance(
  subtitlesConformance({
    create: () =>
      createProvider(plugin, 'subtitles', 'opensubtitles', {
        manifest,
        settings: { api_key: TEST_API_KEY, base_url: `${server.url}/api/v1` },
        host: { appVersion: '1.2.3' },
      }),
    knownQuery: episode(1, 2),
  }),
  { describe, it },
  'opensubtitles subtitles conformance',
);
