import type { JobState } from '@spindle/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { canTransition, HAPPY_PATH_NEXT, isTerminal, JOB_STATES } from '../../src/jobs/job-state-machine.ts';

// The expected transitions, stated as the spec's rules rather than as a copy of the implementation's map:
// the pipeline moves one stage forward; every live state may stop for review or fail; review resumes at
// any stage; nothing leaves a terminal state.
const PIPELINE: JobState[] = ['idle', 'identifying', 'ripping', 'matching', 'organizing', 'completed'];
const TERMINAL: JobState[] = ['completed', 'failed'];
function expectedAllowed(from: JobState, to: JobState): boolean {
  if (TERMINAL.includes(from)) return false;
  if (to === 'failed') return true;
  if (from === 'review_needed') return PIPELINE.slice(1, -1).includes(to);
  if (to === 'review_needed') return true;
  return PIPELINE.indexOf(to) === PIPELINE.indexOf(from) + 1;
}

describe('job state machine', () => {
  it('knows exactly the spec states', () => {
    expect([...JOB_STATES].sort()).toEqual(
      ['idle', 'identifying', 'review_needed', 'ripping', 'matching', 'organizing', 'completed', 'failed'].sort(),
    );
  });

  const pairs = JOB_STATES.flatMap((from) => JOB_STATES.map((to) => [from, to] as const));
  it.each(pairs)('%s → %s is allowed only when the map says so', (from, to) => {
    expect(canTransition(from, to)).toBe(expectedAllowed(from, to));
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
