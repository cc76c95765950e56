import { definePlugin } from '@spindle/plugin-sdk';
import { OpenSubtitlesProvider } from './opensubtitles-provider.ts';

export default definePlugin({
  id: 'subtitles-opensubtitles',
  name: 'OpenSubtitles.com',
  providers: {
    subtitles: { opensubtitles: (setup) => OpenSubtitlesProvider.create(setup) },
  },
});
