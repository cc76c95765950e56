import { definePlugin } from '@spindle/plugin-sdk';
import { CatalogIdentifier } from './catalog-identifier.ts';

export default definePlugin({
  id: 'identifier-catalog',
  name: 'Catalog lookup',
  stages: {
    identifier: { catalog: () => new CatalogIdentifier() },
  },
});
