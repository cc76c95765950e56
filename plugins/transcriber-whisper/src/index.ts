import { definePlugin } from '@spindle/plugin-sdk';
import { WhisperTranscriber } from './whisper-transcriber.ts';

export default definePlugin({
  id: 'transcriber-whisper',
  name: 'Whisper (whisper.cpp)',
  providers: {
    transcriber: { whisper: (setup) => new WhisperTranscriber(setup) },
  },
});

export { WhisperTranscriber } from './whisper-transcriber.ts';
export type { WhisperTranscriberOptions } from './whisper-transcriber-options.ts';
export { SMALL_MODEL, MODEL_DAMAGED_MESSAGE, type ModelSpec } from './model-spec.ts';
