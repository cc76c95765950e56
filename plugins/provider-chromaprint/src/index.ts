import { definePlugin, type PluginSetup } from '@spindle/plugin-sdk';
import { ChromaprintFingerprinter, type ChromaprintSettings } from './chromaprint-fingerprinter.ts';

export default definePlugin({
  id: 'provider-chromaprint',
  name: 'Chromaprint (ffmpeg)',
  providers: {
    fingerprinter: {
      chromaprint: (setup) =>
        new ChromaprintFingerprinter({
          ...setup,
          settings: { preroll_seconds: 3, timeout_seconds: 600, ...(setup.settings as Partial<ChromaprintSettings>) },
        } as PluginSetup<ChromaprintSettings>),
    },
  },
});
