import { describe, it } from 'vitest';
import { createStage, identifierConformance, runConformance, sampleIdentifyInputs } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import { MemoryCatalog, movie, show } from './support/memory-catalog.ts';

const catalog = new MemoryCatalog(
  [movie(1, 'Sample Movie', 2020, 10, 123)],
  [show(2, 'Sample Show', 2019, 10, { 1: [22, 22, 22, 22] })],
);
const generic = sampleIdentifyInputs().map((input) => ({
  ...input,
  scan: { ...input.scan, volumeLabel: 'DVD_VIDEO' },
  job: { ...input.job, volumeLabel: 'DVD_VIDEO' },
}));

runConformance(
  identifierConformance({
    create: () => createStage(plugin, 'identifier', 'catalog'),
    unanswerable: generic,
    context: { providers: { catalog } },
  }),
  { describe, it },
  'identifier-catalog conformance',
);
