import { definePlugin } from '@spindle/plugin-sdk';
import { AsrSubtitlesMatcher } from './asr-subtitles-matcher.ts';
import type { AsrMatcherSettings } from './settings.ts';

export default definePlugin<AsrMatcherSettings>({
  id: 'matcher-asr-subtitles',
  name: 'Speech vs. subtitles',
  stages: {
    matcher: {
      'asr-subtitles': (setup) => new AsrSubtitlesMatcher(setup),
    },
  },
});
