import { describe, it } from 'vitest';
import { createStage, identifierConformance, runConformance } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';

runConformance(
  identifierConformance({ create: () => createStage(plugin, 'identifier', 'heuristic') }),
  { describe, it },
  'identifier-heuristic conformance',
);
