import { describe, it } from 'vitest';
import type { AiProvider } from '@spindle/plugin-sdk';
import { createStage, identifierConformance, runConformance } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';

/** Answers like a model would for the canned discs (SDK test double). */
const ai: AiProvider = {
  completeJson: async ({ user }) =>
    user.includes('SAMPLE_SHOW')
      ? { content_type: 'tv', title: 'Sample Show', year: 2020, season: 1, confidence: 0.7 }
      : { content_type: 'movie', title: 'Sample Movie', year: 2019, season: null, confidence: 0.4 },
};

runConformance(
  identifierConformance({ create: () => createStage(plugin, 'identifier', 'ai'), context: { providers: { ai } } }),
  { describe, it },
  'identifier-ai conformance',
);
