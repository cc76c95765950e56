import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExtrasPolicy, JobView, MatchResult } from '@spindle/plugin-sdk';
import { sampleJob } from '@spindle/plugin-sdk/testing';
import { placeTitle, safeName, type LibraryKind } from '../src/library-naming.ts';

const MOVIES = '/lib/Movies';
const TV = '/lib/TV';

const match = (kind: MatchResult['kind'], fields: Partial<MatchResult> = {}): MatchResult => ({
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
const episode = (season: number | null, ep: number, end: number | null = null) => match('episode', { season, episode: ep, episodeEnd: end });
const tvJob = (fields: Partial<JobView> = {}) => sampleJob({ contentType: 'tv', detectedTitle: 'The Show', detectedSeason: 1, ...fields });
const movieJob = (fields: Partial<JobView> = {}) => sampleJob({ contentType: 'movie', detectedTitle: 'The Movie', detectedYear: 1999, detectedSeason: null, ...fields });

interface Case {
  name: string;
  job: JobView;
  match: MatchResult;
  file?: string;
  kind?: LibraryKind | null;
  extras?: ExtrasPolicy;
  expected: string | { action: 'skip' | 'review' };
}

const cases: Case[] = [
  { name: 'a movie', job: movieJob(), match: match('main_movie'), expected: `${MOVIES}/The Movie (1999)/The Movie (1999).mkv` },
  { name: 'a movie without a year', job: movieJob({ detectedYear: null }), match: match('main_movie'), expected: `${MOVIES}/The Movie/The Movie.mkv` },
  {
    name: 'a movie edition',
    job: movieJob(),
    match: match('main_movie', { edition: "Director's Cut" }),
    expected: `${MOVIES}/The Movie (1999)/The Movie (1999) {edition-Director's Cut}.mkv`,
  },
  { name: 'the catalog title wins', job: movieJob({ catalogTitle: 'The Matrix' }), match: match('main_movie'), expected: `${MOVIES}/The Matrix (1999)/The Matrix (1999).mkv` },
  {
    name: 'the volume label as a last resort',
    job: movieJob({ detectedTitle: null, volumeLabel: 'MATRIX_DISC' }),
    match: match('main_movie'),
    expected: `${MOVIES}/MATRIX_DISC (1999)/MATRIX_DISC (1999).mkv`,
  },
  { name: 'Windows-illegal characters', job: movieJob({ catalogTitle: 'Star Wars: Episode IV / A "New" Hope?' }), match: match('main_movie'), expected: `${MOVIES}/Star Wars Episode IV A New Hope (1999)/Star Wars Episode IV A New Hope (1999).mkv` },
  { name: 'trailing dots and spaces', job: movieJob({ catalogTitle: 'Who Framed Roger Rabbit... ', detectedYear: null }), match: match('main_movie'), expected: `${MOVIES}/Who Framed Roger Rabbit/Who Framed Roger Rabbit.mkv` },
  { name: 'an episode', job: tvJob(), match: episode(1, 2), expected: `${TV}/The Show/Season 01/The Show - S01E02.mkv` },
  { name: 'a double episode', job: tvJob(), match: episode(2, 11, 12), expected: `${TV}/The Show/Season 02/The Show - S02E11-E12.mkv` },
  { name: 'a special', job: tvJob(), match: episode(0, 3), expected: `${TV}/The Show/Season 00/The Show - S00E03.mkv` },
  { name: 'the season from the job', job: tvJob({ detectedSeason: 4 }), match: episode(null, 5), expected: `${TV}/The Show/Season 04/The Show - S04E05.mkv` },
  { name: 'a three-digit episode', job: tvJob({ catalogTitle: 'Daily: Show' }), match: episode(12, 105), expected: `${TV}/Daily Show/Season 12/Daily Show - S12E105.mkv` },
  { name: 'an episode without a season anywhere', job: tvJob({ detectedSeason: null }), match: episode(null, 1), expected: { action: 'review' } },
  { name: 'a kept movie extra', job: movieJob(), match: match('extra'), file: '/staging/title_t05.mkv', extras: 'keep', kind: 'movie', expected: `${MOVIES}/The Movie (1999)/Extras/title_t05.mkv` },
  { name: 'a kept TV extra', job: tvJob(), match: match('extra'), file: '/staging/Gag Reel.mkv', extras: 'keep', kind: 'tv', expected: `${TV}/The Show/Extras/Gag Reel.mkv` },
  { name: 'a skipped extra', job: tvJob(), match: match('extra'), extras: 'skip', expected: { action: 'skip' } },
  { name: 'an extra to ask about', job: tvJob(), match: match('extra'), extras: 'ask', expected: { action: 'review' } },
  { name: 'a kept extra of unknown content', job: tvJob(), match: match('extra'), extras: 'keep', kind: null, expected: { action: 'review' } },
  { name: 'a discarded title', job: tvJob(), match: match('discarded'), expected: { action: 'skip' } },
  { name: 'an MKV with an upper-case extension', job: tvJob(), match: episode(1, 1), file: '/staging/A.MKV', expected: `${TV}/The Show/Season 01/The Show - S01E01.mkv` },
];

describe('library naming', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const placement = placeTitle(
      { job: c.job, kind: c.kind === undefined ? (c.job.contentType as LibraryKind) : c.kind, libraryMoviesPath: MOVIES, libraryTvPath: TV, extrasPolicy: c.extras ?? 'skip' },
      c.match,
      c.file ?? '/staging/title_t00.mkv',
    );
    if (typeof c.expected === 'string') expect(placement).toEqual({ to: join(c.expected) });
    else expect(placement).toMatchObject({ action: c.expected.action, reason: expect.any(String) });
  });
});

describe('safeName', () => {
  it.each([
    ['AC/DC: Live', 'ACDC Live'],
    ['What?', 'What'],
    ['  spaced   out  ', 'spaced out'],
    ['Tab\there', 'Tabhere'],
    ['CON', 'CON_'],
    ['...', 'Unknown'],
    ['Amélie', 'Amélie'],
  ])('%o → %o', (raw, safe) => {
    expect(safeName(raw)).toBe(safe);
  });
});
