import { definePlugin, type PluginSetup } from '@spindle/plugin-sdk';
import { FfmpegTranscoder } from './ffmpeg-transcoder.ts';
import { withDefaults, type TranscodeSettings } from './transcode-settings.ts';

export default definePlugin({
  id: 'transcoder-ffmpeg',
  name: 'ffmpeg transcoder',
  providers: {
    transcoder: {
      ffmpeg: (setup) => new FfmpegTranscoder({ ...setup, settings: withDefaults(setup.settings) } as PluginSetup<TranscodeSettings>),
    },
  },
});
