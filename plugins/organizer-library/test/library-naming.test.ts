/**
 * Where films and episodes go in the library: Plex/Jellyfin names from the catalog title, year,
 * season and episode (ranges, specials, editions), and titles made safe for every file system.
 */
import { describe, expect, it } from 'vitest';
import { MAX_NAME_BYTES, placeTitle, safeName } from '../src/library-naming.ts';
import { episode, expectPlacement, match, movieJob, MOVIES, TV, tvJob, type Case } from './support/naming-cases.ts';

const cases: Case[] = [
  {
    name: 'a movie',
    job: movieJob(),
    match: match('main_movie'),
    expected: `${MOVIES}/The Movie (1999)/The Movie (1999).mkv`,
  },
  {
    name: 'a movie without a year',
    job: movieJob({ detectedYear: null }),
    match: match('main_movie'),
    expected: `${MOVIES}/The Movie/The Movie.mkv`,
  },
  {
    name: 'a movie edition',
    job: movieJob(),
    match: match('main_movie', { edition: "Director's Cut" }),
    expected: `${MOVIES}/The Movie (1999)/The Movie (1999) {edition-Director's Cut}.mkv`,
  },
  {
    name: 'the catalog title wins',
    job: movieJob({ catalogTitle: 'The Matrix' }),
    match: match('main_movie'),
    expected: `${MOVIES}/The Matrix (1999)/The Matrix (1999).mkv`,
  },
  {
    name: 'the volume label as a last resort',
    job: movieJob({ detectedTitle: null, volumeLabel: 'MATRIX_DISC' }),
    match: match('main_movie'),
    expected: `${MOVIES}/MATRIX_DISC (1999)/MATRIX_DISC (1999).mkv`,
  },
  {
    name: 'Windows-illegal characters',
    job: movieJob({ catalogTitle: 'Star Wars: Episode IV / A "New" Hope?' }),
    match: match('main_movie'),
    expected: `${MOVIES}/Star Wars Episode IV A New Hope (1999)/Star Wars Episode IV A New Hope (1999).mkv`,
  },
  {
    name: 'trailing dots and spaces',
    job: movieJob({ catalogTitle: 'Who Framed Roger Rabbit... ', detectedYear: null }),
    match: match('main_movie'),
    expected: `${MOVIES}/Who Framed Roger Rabbit/Who Framed Roger Rabbit.mkv`,
  },
  {
    name: 'an episode',
    job: tvJob(),
    match: episode(1, 2),
    expected: `${TV}/The Show/Season 01/The Show - S01E02.mkv`,
  },
  {
    name: 'a double episode',
    job: tvJob(),
    match: episode(2, 11, 12),
    expected: `${TV}/The Show/Season 02/The Show - S02E11-E12.mkv`,
  },
  { name: 'a special', job: tvJob(), match: episode(0, 3), expected: `${TV}/The Show/Season 00/The Show - S00E03.mkv` },
  {
    name: 'the season from the job',
    job: tvJob({ detectedSeason: 4 }),
    match: episode(null, 5),
    expected: `${TV}/The Show/Season 04/The Show - S04E05.mkv`,
  },
  {
    name: 'a three-digit episode',
    job: tvJob({ catalogTitle: 'Daily: Show' }),
    match: episode(12, 105),
    expected: `${TV}/Daily Show/Season 12/Daily Show - S12E105.mkv`,
  },
  {
    name: 'an episode without a season anywhere',
    job: tvJob({ detectedSeason: null }),
    match: episode(null, 1),
    expected: { action: 'review' },
  },
  {
    name: 'an accented title',
    job: movieJob({ catalogTitle: 'Amélie', detectedYear: 2001 }),
    match: match('main_movie'),
    expected: `${MOVIES}/Amélie (2001)/Amélie (2001).mkv`,
  },
  {
    name: 'a decomposed accent is stored composed (NFC)',
    job: movieJob({ catalogTitle: 'Ame\u0301lie', detectedYear: 2001 }),
    match: match('main_movie'),
    expected: `${MOVIES}/Amélie (2001)/Amélie (2001).mkv`,
  },
  {
    name: 'a Japanese title',
    job: movieJob({ catalogTitle: '千と千尋の神隠し', detectedYear: 2001 }),
    match: match('main_movie'),
    expected: `${MOVIES}/千と千尋の神隠し (2001)/千と千尋の神隠し (2001).mkv`,
  },
  {
    name: 'a colon and an accent',
    job: movieJob({ catalogTitle: 'Pokémon: The First Movie', detectedYear: 1998 }),
    match: match('main_movie'),
    expected: `${MOVIES}/Pokémon The First Movie (1998)/Pokémon The First Movie (1998).mkv`,
  },
  {
    name: 'an ampersand and a colon in a show',
    job: tvJob({ catalogTitle: 'Law & Order: Special Victims Unit' }),
    match: episode(3, 4),
    expected: `${TV}/Law & Order Special Victims Unit/Season 03/Law & Order Special Victims Unit - S03E04.mkv`,
  },
  {
    name: 'an apostrophe is kept',
    job: tvJob({ catalogTitle: "Grey's Anatomy" }),
    match: episode(1, 1),
    expected: `${TV}/Grey's Anatomy/Season 01/Grey's Anatomy - S01E01.mkv`,
  },
  {
    name: 'an edition with illegal characters',
    job: movieJob(),
    match: match('main_movie', { edition: 'Final Cut: 2007?' }),
    expected: `${MOVIES}/The Movie (1999)/The Movie (1999) {edition-Final Cut 2007}.mkv`,
  },
  {
    name: 'an edition without a year',
    job: movieJob({ detectedYear: null }),
    match: match('main_movie', { edition: 'Extended' }),
    expected: `${MOVIES}/The Movie/The Movie {edition-Extended}.mkv`,
  },
  {
    name: 'season 10 and beyond',
    job: tvJob(),
    match: episode(10, 1),
    expected: `${TV}/The Show/Season 10/The Show - S10E01.mkv`,
  },
  {
    name: 'a triple episode',
    job: tvJob(),
    match: episode(1, 1, 3),
    expected: `${TV}/The Show/Season 01/The Show - S01E01-E03.mkv`,
  },
  {
    name: 'a range that ends where it starts is one episode',
    job: tvJob(),
    match: episode(1, 5, 5),
    expected: `${TV}/The Show/Season 01/The Show - S01E05.mkv`,
  },
  {
    name: 'a double special',
    job: tvJob(),
    match: episode(0, 1, 2),
    expected: `${TV}/The Show/Season 00/The Show - S00E01-E02.mkv`,
  },
  {
    name: 'a reserved device name as a show',
    job: tvJob({ catalogTitle: 'NUL' }),
    match: episode(1, 1),
    expected: `${TV}/NUL_/Season 01/NUL_ - S01E01.mkv`,
  },
  {
    name: 'surrounding white space',
    job: tvJob({ catalogTitle: '   The   Office  ' }),
    match: episode(2, 1),
    expected: `${TV}/The Office/Season 02/The Office - S02E01.mkv`,
  },
  {
    name: 'a name of nothing but illegal characters',
    job: movieJob({ catalogTitle: '???', detectedYear: null }),
    match: match('main_movie'),
    expected: `${MOVIES}/Unknown/Unknown.mkv`,
  },
  {
    name: 'a movie found on a TV job goes to the movie library',
    job: tvJob({ detectedYear: 2005 }),
    match: match('main_movie'),
    expected: `${MOVIES}/The Show (2005)/The Show (2005).mkv`,
  },
  {
    name: 'an MKV with an upper-case extension',
    job: tvJob(),
    match: episode(1, 1),
    file: '/staging/A.MKV',
    expected: `${TV}/The Show/Season 01/The Show - S01E01.mkv`,
  },
];

describe('library naming', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => expectPlacement(c));
});

describe('long names', () => {
  it('keeps every path component within 255 bytes and the name within MAX_NAME_BYTES', () => {
    const long = 'The Extraordinarily Long-Winded Chronicles of '.repeat(8) + 'Everything';
    const placement = placeTitle(
      {
        job: tvJob({ catalogTitle: long }),
        kind: 'tv',
        libraryMoviesPath: MOVIES,
        libraryTvPath: TV,
        extrasPolicy: 'skip',
      },
      episode(1, 1, 2),
      '/staging/t.mkv',
    ) as { to: string };
    const parts = placement.to.split('/').filter(Boolean);
    expect(parts.every((p) => Buffer.byteLength(p) <= 255)).toBe(true);
    expect(Buffer.byteLength(parts[2]!)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(parts[2]!.endsWith(' ')).toBe(false);
    expect(placement.to.length).toBeLessThan(260);
  });

  it('never splits a multi-byte character', () => {
    const cut = safeName('日本語'.repeat(100));
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(cut).toBe('日本語'.repeat(100).slice(0, cut.length));
  });
});

describe('safeName', () => {
  it.each([
    ['AC/DC: Live', 'ACDC Live'],
    ['What?', 'What'],
    ['  spaced   out  ', 'spaced out'],
    ['Tab\there', 'Tab here'],
    ['Line\nbreak', 'Line break'],
    ['Bell\u0007', 'Bell'],
    ['CON', 'CON_'],
    ['...', 'Unknown'],
    ['Amélie', 'Amélie'],
  ])('%o → %o', (raw, safe) => {
    expect(safeName(raw)).toBe(safe);
  });
});
