import { definePlugin } from '@spindle/plugin-sdk';
import { WhisperTranscriber } from './whisper-transcriber.ts';

export default definePlugin({
  id: 'transcriber-whisper',
  name: 'Whisper (whisper.cpp)',
  providers: {
    transcriber: { whisper: (setup) => new WhisperTranscriber(setup) },
  },
});

export { WhisperTranscriber, type WhisperTranscriberOptions } from './whisper-transcriber.ts';
export { SMALL_MODEL, MODEL_DAMAGED_MESSAGE, type ModelSpec } from './model-spec.ts';
