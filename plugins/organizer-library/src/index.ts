import { definePlugin } from '@spindle/plugin-sdk';
import { LibraryOrganizer } from './library-organizer.ts';

export default definePlugin({
  id: 'organizer-library',
  name: 'Plex/Jellyfin library',
  stages: {
    organizer: { library: () => new LibraryOrganizer() },
  },
});
