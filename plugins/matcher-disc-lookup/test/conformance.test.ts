import { describe, it } from 'vitest';
import { createStage, matcherConformance, runConformance, sampleMatchInputs } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';

const unmapped = sampleMatchInputs().map((input) => ({ ...input, job: { ...input.job, discMappings: null } }));

runConformance(
  matcherConformance({ create: () => createStage(plugin, 'matcher', 'disc-lookup'), unanswerable: unmapped }),
  { describe, it },
  'matcher-disc-lookup conformance',
);
