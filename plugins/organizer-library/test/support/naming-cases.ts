/**
 * What the library naming tests share: the two library folders, a match, a TV or movie job, and a
 * table case (a job, a match, maybe a file and the extras policy, and where the title must go).
 */
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ExtrasPolicy, JobView, MatchResult } from '@spindle/plugin-sdk';
import { sampleJob } from '@spindle/plugin-sdk/testing';
import { placeTitle, type LibraryKind } from '../../src/library-naming.ts';

export const MOVIES = '/lib/Movies';
export const TV = '/lib/TV';

export const match = (kind: MatchResult['kind'], fields: Partial<MatchResult> = {}): MatchResult => ({
  kind,
  season: null,
  episode: null,
  episodeEnd: null,
  edition: null,
  confidence: 0.9,
  source: 'local_asr',
  components: [],
  candidates: [],
  ...fields,
});
export const episode = (season: number | null, ep: number, end: number | null = null) =>
  match('episode', { season, episode: ep, episodeEnd: end });
export const tvJob = (fields: Partial<JobView> = {}) =>
  sampleJob({ contentType: 'tv', detectedTitle: 'The Show', detectedSeason: 1, ...fields });
export const movieJob = (fields: Partial<JobView> = {}) =>
  sampleJob({ contentType: 'movie', detectedTitle: 'The Movie', detectedYear: 1999, detectedSeason: null, ...fields });

export interface Case {
  name: string;
  job: JobView;
  match: MatchResult;
  file?: string;
  kind?: LibraryKind | null;
  extras?: ExtrasPolicy;
  expected: string | { action: 'skip' | 'review' };
}

/** Places the case's title and checks where it goes (or that it is skipped or sent to review). */
export function expectPlacement(c: Case): void {
  const placement = placeTitle(
    {
      job: c.job,
      kind: c.kind === undefined ? (c.job.contentType as LibraryKind) : c.kind,
      libraryMoviesPath: MOVIES,
      libraryTvPath: TV,
      extrasPolicy: c.extras ?? 'skip',
    },
    c.match,
    c.file ?? '/staging/title_t00.mkv',
  );
  if (typeof c.expected === 'string') expect(placement).toEqual({ to: join(c.expected) });
  else expect(placement).toMatchObject({ action: c.expected.action, reason: expect.any(String) });
}
