import { definePlugin, type PluginSetup } from '@spindle/plugin-sdk';
import { ChromaprintFingerprinter, type ChromaprintSettings } from './chromaprint-fingerprinter.ts';

export default definePlugin({
  id: 'provider-chromaprint',
  name: 'Chromaprint (ffmpeg)',
  providers: {
    fingerprinter: {
      // The core has filled in the manifest's defaults and validated the settings.
      chromaprint: (setup) => new ChromaprintFingerprinter(setup as unknown as PluginSetup<ChromaprintSettings>),
    },
  },
});
