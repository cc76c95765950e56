/**
 * Which step runs in each working state. The state a step's job goes on to is never written
 * here: it is the happy path, HAPPY_PATH_NEXT in job-state-machine.ts (the only copy).
 */
import type { JobState } from '@spindle/plugin-sdk';
import { HAPPY_PATH_NEXT } from '../jobs/job-state-machine.ts';
import type { JobRecord } from '../persistence/records.ts';
import type { Step } from './step-deps.ts';

export type StepTable = Partial<Record<JobState, { step: Step; next: JobState }>>;

/**
 * Which step table serves a job: the configured stages (configured-steps.ts), or, for a job the
 * DEBUG simulator created, the simulated stages (simulation/simulated-step-source.ts). The runner
 * asks for each step; it never looks at what kind of job it runs.
 */
export interface StepSource {
  stepsFor(job: JobRecord): StepTable;
}

export function stepTable(steps: Partial<Record<JobState, Step>>): StepTable {
  const table: StepTable = {};
  for (const [state, step] of Object.entries(steps) as [JobState, Step][]) {
    const next = HAPPY_PATH_NEXT[state];
    if (!next) throw new Error(`no step can run in ${state}: it has no next state on the happy path`);
    table[state] = { step, next };
  }
  return table;
}
