import type { JobState } from '@spindle/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { canTransition, HAPPY_PATH_NEXT, isTerminal, JOB_STATES } from '../../src/jobs/job-state-machine.ts';

// The expected map, written out independently of the implementation.
const EXPECTED: Record<JobState, JobState[]> = {
  idle: ['identifying', 'review_needed', 'failed'],
  identifying: ['ripping', 'review_needed', 'failed'],
  review_needed: ['identifying', 'ripping', 'matching', 'organizing', 'failed'],
  ripping: ['matching', 'review_needed', 'failed'],
  matching: ['organizing', 'review_needed', 'failed'],
  organizing: ['completed', 'review_needed', 'failed'],
  completed: [],
  failed: [],
};

describe('job state machine', () => {
  it('knows exactly the spec states', () => {
    expect([...JOB_STATES].sort()).toEqual(
      ['idle', 'identifying', 'review_needed', 'ripping', 'matching', 'organizing', 'completed', 'failed'].sort(),
    );
  });

  const pairs = JOB_STATES.flatMap((from) => JOB_STATES.map((to) => [from, to] as const));
  it.each(pairs)('%s → %s is allowed only when the map says so', (from, to) => {
    expect(canTransition(from, to)).toBe(EXPECTED[from].includes(to));
  });

  it('has 64 pairs, of which exactly 20 are allowed', () => {
    expect(pairs).toHaveLength(64);
    expect(pairs.filter(([f, t]) => canTransition(f, t))).toHaveLength(20);
  });

  it('follows the happy path idle → identifying → ripping → matching → organizing → completed', () => {
    let state: JobState = 'idle';
    const seen: JobState[] = [state];
    while (HAPPY_PATH_NEXT[state]) {
      const next: JobState = HAPPY_PATH_NEXT[state]!;
      expect(canTransition(state, next)).toBe(true);
      state = next;
      seen.push(state);
    }
    expect(seen).toEqual(['idle', 'identifying', 'ripping', 'matching', 'organizing', 'completed']);
  });

  it('treats completed and failed as terminal, with no way out', () => {
    expect(JOB_STATES.filter(isTerminal)).toEqual(['completed', 'failed']);
    for (const to of JOB_STATES) {
      expect(canTransition('completed', to)).toBe(false);
      expect(canTransition('failed', to)).toBe(false);
    }
  });
});
