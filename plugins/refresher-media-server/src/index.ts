import { definePlugin, type PluginSetup } from '@spindle/plugin-sdk';
import { EMBY, EmbyRefresher, JELLYFIN } from './emby-refresher.ts';
import { PlexRefresher } from './plex-refresher.ts';
import { withDefaults, type RefresherSettings } from './refresher-settings.ts';

const configured = (setup: PluginSetup): PluginSetup<RefresherSettings> => ({ ...setup, settings: withDefaults(setup.settings) });

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
