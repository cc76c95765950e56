import { definePlugin } from '@spindle/plugin-sdk';
import { TmdbCatalog } from './tmdb-catalog.ts';

export default definePlugin({
  id: 'provider-tmdb',
  name: 'TMDB catalog',
  providers: {
    catalog: { tmdb: (setup) => new TmdbCatalog(setup) },
  },
});
