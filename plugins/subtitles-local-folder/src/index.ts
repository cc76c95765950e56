import { definePlugin } from '@spindle/plugin-sdk';
import { LocalFolderProvider } from './local-folder-provider.ts';

export default definePlugin({
  id: 'subtitles-local-folder',
  name: 'Local subtitle folder',
  providers: {
    subtitles: { 'local-folder': (setup) => new LocalFolderProvider(setup) },
  },
});
