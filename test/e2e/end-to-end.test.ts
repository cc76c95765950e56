/**
 * One product, end to end, through the public API and the WebSocket only: two TV discs (identified
 * by content hash / by catalog and heuristics, ripped with progress, matched, filed on a second
 * volume, ejected), a movie disc through review, a folder dropped into staging, fingerprints
 * reaching the fingerprint server, and every title accounted for in history and stats. The world
 * around the real service (stand-ins, simulated drive, fixture discs) is support/e2e-world.ts.
 */
import { describe } from 'vitest';
import { accountingSteps } from './steps/accounting-steps.ts';
import { contributionSteps } from './steps/contribution-steps.ts';
import { movieAndFolderSteps } from './steps/movie-and-folder-steps.ts';
import { tvDiscSteps } from './steps/tv-disc-steps.ts';
import { useE2eWorld } from './support/e2e-world.ts';

useE2eWorld();

// One scenario in order (each step builds on the jobs and files the one before left): the steps are
// registered here, in this order, and share the world that useE2eWorld() sets up once.
describe('end to end', () => {
  tvDiscSteps();
  movieAndFolderSteps();
  contributionSteps();
  accountingSteps();
});
