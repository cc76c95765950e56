import { describe, expect, it } from 'vitest';
import { movesFile, unmovedTitle, type PlannedMove } from '../src/index.ts';

const planned = (over: Partial<PlannedMove>): PlannedMove => ({
  titleIndex: 3,
  from: '/staging/t03.mkv',
  to: '/library/TV/Show/Season 01/Show - S01E03.mkv',
  action: 'move',
  reason: null,
  ...over,
});

describe('organize outcome helpers', () => {
  it('tells a move with a target from the moves that move no file', () => {
    expect(movesFile(planned({}))).toBe(true);
    expect(movesFile(planned({ to: null }))).toBe(false);
    expect(movesFile(planned({ to: null, action: 'skip', reason: 'extras are skipped' }))).toBe(false);
    expect(movesFile(planned({ action: 'review', reason: 'a file exists' }))).toBe(false);
  });

  it('reports a planned review as review and anything else that moves nothing as skipped, with the reason', () => {
    expect(unmovedTitle(planned({ action: 'review', reason: 'a file exists' }))).toEqual({
      titleIndex: 3,
      status: 'review',
      path: null,
      message: 'a file exists',
    });
    expect(unmovedTitle(planned({ to: null, action: 'skip', reason: 'extras are skipped' }))).toEqual({
      titleIndex: 3,
      status: 'skipped',
      path: null,
      message: 'extras are skipped',
    });
    expect(unmovedTitle(planned({ to: null }))).toMatchObject({ status: 'skipped', path: null });
  });
});
