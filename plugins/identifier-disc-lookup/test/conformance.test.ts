import { describe, it } from 'vitest';
import type { DiscLookupProvider } from '@spindle/plugin-sdk';
import {
  createStage,
  identifierConformance,
  runConformance,
  sampleIdentifyInputs,
  sampleTvMappings,
} from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';

/** A disc lookup that knows the canned TV disc (SDK test double; the TheDiscDB provider has its own tests). */
const lookup: DiscLookupProvider = {
  lookupByContentHash: async (hash) =>
    hash === '0123456789ABCDEF0123456789ABCDEF'
      ? {
          contentType: 'tv',
          title: 'Sample Show',
          year: 2020,
          catalogId: 100,
          titleSlug: 'sample-show-2020',
          discSlug: 's01d01',
          discIndex: 1,
          mappings: sampleTvMappings(),
        }
      : null,
};

const inputs = sampleIdentifyInputs().map((input) => ({ ...input, job: { ...input.job, discMappings: null } }));

runConformance(
  identifierConformance({
    create: () => createStage(plugin, 'identifier', 'disc-lookup'),
    inputs,
    unanswerable: [inputs[1]!],
    context: { providers: { disc_lookup: lookup } },
  }),
  { describe, it },
  'identifier-disc-lookup conformance',
);
