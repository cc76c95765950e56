import { definePlugin } from '@spindle/plugin-sdk';
import { EMBY, EmbyRefresher, JELLYFIN } from './emby-refresher.ts';
import { PlexRefresher } from './plex-refresher.ts';
import type { RefresherSettings } from './refresher-settings.ts';

/** The core fills in the manifest's defaults and validates the settings before a factory runs. */
export default definePlugin<RefresherSettings>({
  id: 'refresher-media-server',
  name: 'Jellyfin, Plex and Emby library refresh',
  providers: {
    library_refresher: {
      jellyfin: (setup) => new EmbyRefresher(setup, JELLYFIN),
      plex: (setup) => new PlexRefresher(setup),
      emby: (setup) => new EmbyRefresher(setup, EMBY),
    },
  },
});
