/** PocketSphinx passes the SDK's transcriber conformance suite (settings defaults from its manifest, as the core applies them). */
import { describe, it } from 'vitest';
import { createProvider, readManifest, runConformance, transcriberConformance } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';

const manifest = readManifest(new URL('../package.json', import.meta.url));

runConformance(
  transcriberConformance({ create: () => createProvider(plugin, 'transcriber', 'pocketsphinx', { manifest }) }),
  { describe, it },
  'pocketsphinx transcriber conformance',
);
