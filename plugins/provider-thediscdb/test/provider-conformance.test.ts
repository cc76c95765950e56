/** TheDiscDB lookup passes the SDK's disc lookup conformance suite against a local server speaking its format. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createProvider, discLookupConformance, readManifest, runConformance } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import { startTheDiscDbServer, type TheDiscDbServer } from './support/thediscdb-server.ts';

const HASH = '0123456789ABCDEF0123456789ABCDEF';
let server: TheDiscDbServer;
beforeAll(async () => {
  server = await startTheDiscDbServer({
    items: [
      {
        id: 9,
        title: 'Sample Movie',
        year: 2004,
        slug: 'sample-movie-2004',
        type: 'Movie',
        externalids: { tmdb: '1234', imdb: 'tt0000001' },
        releases: [
          {
            slug: 'dvd',
            discs: [
              {
                index: 1,
                name: 'Disc 1',
                format: 'DVD',
                slug: 'disc-1',
                contentHash: HASH,
                titles: [
                  {
                    index: 0,
                    duration: '1:50:00',
                    size: 1,
                    sourceFile: '01',
                    segmentMap: '1',
                    item: { title: 'Sample Movie', season: null, episode: null, type: 'MainMovie' },
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  });
});
afterAll(() => server.close());

const manifest = readManifest(new URL('../package.json', import.meta.url));

runConformance(
  discLookupConformance({
    create: () => createProvider(plugin, 'disc_lookup', 'thediscdb', { manifest, settings: { endpoint: server.url } }),
    knownHash: HASH,
  }),
  { describe, it },
  'thediscdb disc lookup conformance',
);
