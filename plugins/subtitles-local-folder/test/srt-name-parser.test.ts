import { describe, expect, it } from 'vitest';
import { sameTitle, showNameScore, titleYearReadings, words } from '../src/name-words.ts';
import { parseSrtName } from '../src/srt-name-parser.ts';

describe('parseSrtName', () => {
  it.each([
    ['Show.Name.S01E02', 1, 2, null, ['show', 'name']],
    ['show name s1e2', 1, 2, null, ['show', 'name']],
    ['Show - S01.E02 - Pilot', 1, 2, null, ['show']],
    ['Show.S01E01-E02.Two.Parter', 1, 1, 2, ['show']],
    ['Show.S01E01E02', 1, 1, 2, ['show']],
    ['Show - 1x02 - Title', 1, 2, null, ['show']],
    ['Show.S00E03', 0, 3, null, ['show']],
    ['Show.S01E05.1080p.BluRay.x264-GRP', 1, 5, null, ['show']],
  ])('%s → S%sE%s', (name, season, episode, end, show) => {
    expect(parseSrtName(name)).toMatchObject({ season, episode, episodeEnd: end, showWords: show });
  });

  it('reads E02 inside a season folder, and nothing from resolutions or codecs', () => {
    expect(parseSrtName('E02', ['The Wire', 'Season 1'])).toMatchObject({ season: 1, episode: 2 });
    expect(parseSrtName('Episode 7', ['Show', 'S03'])).toMatchObject({ season: 3, episode: 7 });
    expect(parseSrtName('Episode 7', ['Show'])).toMatchObject({ season: null, episode: null });
    expect(parseSrtName('Movie.1920x1080')).toMatchObject({ season: null });
    expect(parseSrtName('Movie.2009.DD5.1x264')).toMatchObject({ season: null });
  });

  it('reads trailing language, hearing-impaired and forced tags', () => {
    expect(parseSrtName('Show.S01E02.en')).toMatchObject({
      language: 'en',
      hearingImpaired: false,
      forced: false,
      name: 'Show.S01E02',
    });
    expect(parseSrtName('Show.S01E02.eng.sdh')).toMatchObject({ language: 'en', hearingImpaired: true });
    expect(parseSrtName('Show S01E02 German forced')).toMatchObject({ language: 'de', forced: true });
    expect(parseSrtName('Show.S01E02.pt-BR')).toMatchObject({ language: 'pt' });
    expect(parseSrtName('Show.S01E02.Pilot')).toMatchObject({ language: null, name: 'Show.S01E02.Pilot' });
    expect(parseSrtName('English')).toMatchObject({ language: null, name: 'English' });
  });
});

describe('name words', () => {
  it('reads titles and years of movie names', () => {
    expect(words("Director's Cut & More: Café")).toEqual(['directors', 'cut', 'and', 'more', 'cafe']);
    expect(titleYearReadings('Blade.Runner.2049.2017.1080p.BluRay')).toEqual([
      { title: ['blade', 'runner', '2049', '2017'], year: null },
      { title: ['blade', 'runner'], year: 2049 },
      { title: ['blade', 'runner', '2049'], year: 2017 },
    ]);
    expect(sameTitle(['the', 'matrix'], ['matrix'])).toBe(true);
    expect(sameTitle(['alien'], ['aliens'])).toBe(false);
  });

  it('scores show names against the wanted title', () => {
    expect(showNameScore(words('The Office'), words('The Office'))).toBe(1);
    expect(showNameScore(words('Star Trek'), words('Star Trek: Deep Space Nine'))).toBeCloseTo(0.4);
    expect(showNameScore(words('Breaking Bad'), words('Better Call Saul'))).toBe(0);
    expect(showNameScore(words('Doctor Who (2005)'), words('Doctor Who'))).toBe(1);
    expect(showNameScore(words('Bad Sisters'), words('Breaking Bad'))).toBe(0);
  });
});
