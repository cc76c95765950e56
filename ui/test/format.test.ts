import { describe, expect, it } from 'vitest';
import {
  bytes,
  confidenceBand,
  duration,
  episodeCode,
  parseEpisodeCode,
  percent,
  span,
  titleBadge,
} from '../src/lib/format.ts';

describe('formatting', () => {
  it('bands confidence as the spec says: 80 % or more high, 50–79 % medium, below 50 % low', () => {
    expect([1, 0.8, 0.79, 0.5, 0.49, 0].map(confidenceBand)).toEqual([
      'high',
      'high',
      'medium',
      'medium',
      'low',
      'low',
    ]);
    // The band follows the percent shown: 79.6 % is shown as 80 % and is high.
    expect(percent(0.796)).toBe('80%');
    expect(confidenceBand(0.796)).toBe('high');
    expect(percent(null)).toBe('—');
  });

  it('shows durations as m:ss, minutes past the hour included', () => {
    expect([0, 59, 61, 1320, 7260, 7261.6].map(duration)).toEqual([
      '0:00',
      '0:59',
      '1:01',
      '22:00',
      '121:00',
      '121:02',
    ]);
    expect(duration(null)).toBe('—');
  });

  it('speaks spans, sizes and title badges plainly', () => {
    expect([45, 200, 3720].map(span)).toEqual(['45 s', '3 min 20 s', '1 h 2 min']);
    expect([999, 1_900_000_000, 31_000_000_000].map(bytes)).toEqual(['999 B', '1.9 GB', '31.0 GB']);
    expect(
      ['pending', 'ripping', 'queued', 'matching', 'matched', 'review', 'completed', 'failed'].map(titleBadge),
    ).toEqual(['PENDING', 'RIPPING', 'QUEUED', 'MATCHING', 'MATCHED', 'REVIEW', 'OK', 'FAIL']);
  });

  it('reads and writes episode codes the review API accepts', () => {
    expect(['S01E05', 's1e5', '1x05', ' S2 E110 ', 'E05', 'S1', 'S123E01'].map(parseEpisodeCode)).toEqual([
      'S01E05',
      'S01E05',
      'S01E05',
      'S02E110',
      null,
      null,
      null,
    ]);
    expect(episodeCode(1, 11, 12)).toBe('S01E11-E12');
    expect(episodeCode(null, 3)).toBeNull();
  });
});
