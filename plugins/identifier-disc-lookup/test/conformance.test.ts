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
import { SAMPLE_HASH, sampleLookupResult } from './support/sample-lookup.ts';

/** A disc lookup that knows the canned TV disc (SDK test double; the TheDiscDB provider has its own tests). */
const lookup: DiscLookupProvider = {
  lookupByContentHash: async (hash) => (hash === SAMPLE_HASH ? sampleLookupResult(sampleTvMappings()) : null),
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
