import { definePlugin } from '@spindle/plugin-sdk';
import { PocketsphinxTranscriber, type PocketsphinxSettings } from './pocketsphinx-transcriber.ts';

export default definePlugin<PocketsphinxSettings>({
  id: 'transcriber-pocketsphinx',
  name: 'PocketSphinx (offline)',
  providers: {
    transcriber: {
      pocketsphinx: (setup) => new PocketsphinxTranscriber(setup),
    },
  },
});
