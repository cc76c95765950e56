import { describe, it } from 'vitest';
import type { LibraryRefresher } from '@spindle/plugin-sdk';
import {
  createFakeSetup,
  libraryRefresherConformance,
  readManifest,
  runConformance,
} from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import type { RefresherSettings } from '../src/refresher-settings.ts';

const manifest = readManifest(new URL('../package.json', import.meta.url));

const settingFor = {
  jellyfin: (url: string) => ({ jellyfin_url: url, jellyfin_api_key: 'k' }),
  emby: (url: string) => ({ emby_url: url, emby_api_key: 'k' }),
  // A configured section: the recording server has no section list to offer.
  plex: (url: string) => ({ plex_url: url, plex_token: 't', plex_section_ids: ['1'] }),
};

for (const id of ['jellyfin', 'plex', 'emby'] as const) {
  const create = async (url: string | null): Promise<LibraryRefresher> => {
    const setup = await createFakeSetup<RefresherSettings>({
      manifest,
      settings: url === null ? {} : settingFor[id](url),
    });
    return await plugin.definition.providers!.library_refresher![id]!(setup);
  };
  runConformance(libraryRefresherConformance({ create }), { describe, it }, `refresher-media-server ${id} conformance`);
}
