import { definePlugin, type PluginSetup } from '@spindle/plugin-sdk';
import { FfmpegTranscoder } from './ffmpeg-transcoder.ts';
import type { TranscodeSettings } from './transcode-settings.ts';

export default definePlugin({
  id: 'transcoder-ffmpeg',
  name: 'ffmpeg transcoder',
  providers: {
    transcoder: {
      // The core has filled in the manifest's defaults and validated the settings.
      ffmpeg: (setup) => new FfmpegTranscoder(setup as unknown as PluginSetup<TranscodeSettings>),
    },
  },
});
