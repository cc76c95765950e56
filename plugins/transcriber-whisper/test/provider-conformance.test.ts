/** Whisper passes the SDK's transcriber conformance suite (no audio given: nothing is built or downloaded — a missing file and an aborted signal fail before that). */
import { describe, it } from 'vitest';
import { createProvider, readManifest, runConformance, transcriberConformance } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';

const manifest = readManifest(new URL('../package.json', import.meta.url));

runConformance(
  transcriberConformance({ create: () => createProvider(plugin, 'transcriber', 'whisper', { manifest }) }),
  { describe, it },
  'whisper transcriber conformance',
);
