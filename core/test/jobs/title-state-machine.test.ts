import { describe, expect, it } from 'vitest';
import { canTransitionTitle, TITLE_BADGES, TITLE_STATES } from '../../src/jobs/title-state-machine.ts';

describe('title state machine', () => {
  it('maps every state to the spec badge', () => {
    expect(TITLE_STATES.map((s) => TITLE_BADGES[s])).toEqual([
      'PENDING',
      'RIPPING',
      'QUEUED',
      'MATCHING',
      'MATCHED',
      'REVIEW',
      'OK',
      'FAIL',
    ]);
  });

  it('walks pending → ripping → queued → matching → matched → completed', () => {
    const path = ['pending', 'ripping', 'queued', 'matching', 'matched', 'completed'] as const;
    for (let i = 1; i < path.length; i++) expect(canTransitionTitle(path[i - 1]!, path[i]!)).toBe(true);
  });

  it('sends uncertain matches to review and lets a reviewer accept them', () => {
    expect(canTransitionTitle('matching', 'review')).toBe(true);
    expect(canTransitionTitle('review', 'matched')).toBe(true);
  });

  it('lets a completed title only be matched again or put back in (never ripped again), nor skip straight from pending to matching', () => {
    for (const to of TITLE_STATES)
      if (to !== 'completed') expect(canTransitionTitle('completed', to)).toBe(to === 'queued' || to === 'matched');
    expect(canTransitionTitle('pending', 'matching')).toBe(false);
    expect(canTransitionTitle('queued', 'matched')).toBe(false);
  });
});
