import { describe, it } from 'vitest';
import { createStage, organizerConformance, runConformance } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';

runConformance(
  organizerConformance({ create: () => createStage(plugin, 'organizer', 'library') }),
  { describe, it },
  'organizer-library conformance',
);
