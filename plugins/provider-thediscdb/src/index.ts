import { definePlugin } from '@spindle/plugin-sdk';
import { TheDiscDbLookup } from './thediscdb-lookup.ts';

export default definePlugin({
  id: 'provider-thediscdb',
  name: 'TheDiscDB',
  providers: {
    disc_lookup: { thediscdb: (setup) => new TheDiscDbLookup(setup) },
  },
});
