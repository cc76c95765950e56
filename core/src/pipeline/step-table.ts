/**
 * Which step runs in each working state. The state a step's job goes on to is never written
 * here: it is the happy path, HAPPY_PATH_NEXT in job-state-machine.ts (the only copy).
 */
import type { JobState } from '@spindle/plugin-sdk';
import { HAPPY_PATH_NEXT } from '../jobs/job-state-machine.ts';
import type { Step } from './step-deps.ts';

export type StepTable = Partial<Record<JobState, { step: Step; next: JobState }>>;

export function stepTable(steps: Partial<Record<JobState, Step>>): StepTable {
  const table: StepTable = {};
  for (const [state, step] of Object.entries(steps) as [JobState, Step][]) {
    const next = HAPPY_PATH_NEXT[state];
    if (!next) throw new Error(`no step can run in ${state}: it has no next state on the happy path`);
    table[state] = { step, next };
  }
  return table;
}
