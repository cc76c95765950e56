import { definePlugin, type PluginSetup } from '@spindle/plugin-sdk';
import { EMBY, EmbyRefresher, JELLYFIN } from './emby-refresher.ts';
import { PlexRefresher } from './plex-refresher.ts';
import type { RefresherSettings } from './refresher-settings.ts';

/** The core has filled in the manifest's defaults and validated the settings. */
const configured = (setup: PluginSetup): PluginSetup<RefresherSettings> =>
  setup as unknown as PluginSetup<RefresherSettings>;

export default definePlugin({
  id: 'refresher-media-server',
  name: 'Jellyfin, Plex and Emby library refresh',
  providers: {
    library_refresher: {
      jellyfin: (setup) => new EmbyRefresher(configured(setup), JELLYFIN),
      plex: (setup) => new PlexRefresher(configured(setup)),
      emby: (setup) => new EmbyRefresher(configured(setup), EMBY),
    },
  },
});
