import { describe, it } from 'vitest';
import {
  contributorConformance,
  createStage,
  matcherConformance,
  MemoryFingerprintNetwork,
  readManifest,
  runConformance,
  sampleContributorInput,
  sampleMatchInputs,
} from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import { FakeFingerprinter } from './fake-fingerprinter.ts';

const manifest = readManifest(new URL('../package.json', import.meta.url));
const network = new MemoryFingerprintNetwork((b64) =>
  b64 ? [{ catalog_id: 1399, season: 1, episode: 2, score: 0.93, offset_items: 0 }] : null,
);
const context = {
  fingerprintNetwork: network,
  providers: { fingerprinter: new FakeFingerprinter() },
  appSettings: { enable_fingerprint_contributions: true, enable_fingerprint_identification: true },
};

runConformance(
  contributorConformance({
    create: () => createStage(plugin, 'contributor', 'fingerprint-network', { manifest }),
    input: () => {
      const input = sampleContributorInput();
      return {
        ...input,
        job: { ...input.job, catalogId: 1399 },
        titles: input.titles.map((t) => ({ ...t, title: { ...t.title, durationSeconds: 1320 } })),
      };
    },
    context,
  }),
  { describe, it },
  'contributor-fingerprint-network contributor conformance',
);

runConformance(
  matcherConformance({
    create: () => createStage(plugin, 'matcher', 'fingerprint-network'),
    inputs: sampleMatchInputs().map((i) => ({
      ...i,
      job: { ...i.job, catalogId: 1399 },
      title: { ...i.title, durationSeconds: 1320 },
    })),
    unanswerable: sampleMatchInputs().map((i) => ({ ...i, job: { ...i.job, catalogId: 777 } })),
    context,
  }),
  { describe, it },
  'contributor-fingerprint-network matcher conformance',
);
