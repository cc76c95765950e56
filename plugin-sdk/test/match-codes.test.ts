import { describe, expect, it } from 'vitest';
import { formatEpisodeCode, parseEpisodeCode } from '../src/index.ts';

describe('episode codes', () => {
  it.each([
    [1, 2, null, 'S01E02'],
    [0, 1, null, 'S00E01'],
    [12, 105, null, 'S12E105'],
    [1, 11, 12, 'S01E11-E12'],
    [1, 3, 3, 'S01E03'],
  ])('formats season %i episode %i (end %o) as %s', (season, episode, end, code) => {
    expect(formatEpisodeCode(season, episode, end)).toBe(code);
  });

  it.each([
    ['S01E02', { season: 1, episode: 2, episodeEnd: null }],
    ['S00E10', { season: 0, episode: 10, episodeEnd: null }],
    ['S01E11-E12', { season: 1, episode: 11, episodeEnd: 12 }],
    ['S100E200', { season: 100, episode: 200, episodeEnd: null }],
  ])('parses %s', (code, parsed) => {
    expect(parseEpisodeCode(code)).toEqual(parsed);
  });

  it.each(['', 'S1E2', 's01e02', 'S01E02-E', 'S01', 'E02', 'S01E02 ', 'S01E02-03'])('refuses %o', (code) => {
    expect(parseEpisodeCode(code)).toBeNull();
  });

  it('round-trips', () => {
    for (const code of ['S03E07', 'S01E01-E02', 'S00E00'])
      expect(formatEpisodeCode(...(Object.values(parseEpisodeCode(code)!) as [number, number, number | null]))).toBe(
        code,
      );
  });
});
