import { describe, it } from 'vitest';
import { createStage, matcherConformance, runConformance, sampleMatchInputs } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import { FakeCatalog, movieInputs } from './support/movie-disc.ts';

// A movie disc like the SDK's sample: a main feature, two extras and a short clip.
const inputs = movieInputs([{ min: 123 }, { min: 10 }, { min: 20 }, { min: 0.5 }]);

runConformance(
  matcherConformance({
    create: () => createStage(plugin, 'matcher', 'movie-runtime'),
    inputs,
    unanswerable: sampleMatchInputs(),
    context: { providers: { catalog: new FakeCatalog(122) } },
  }),
  { describe, it },
  'matcher-movie-runtime conformance',
);
