/**
 * DEBUG simulation as an implementation of the stages: a job the simulator created runs the
 * simulated identify / rip / match / organize steps (simulated-steps.ts: fake titles, progress and
 * paths, no drive, plugin or file); every other job runs the configured stages. This is the one
 * place that tells the two apart: the runner, the hooks, cleanup and refresh treat every job alike.
 */
import type { JobRecord } from '../persistence/records.ts';
import type { StepSource, StepTable } from '../pipeline/step-table.ts';

export class SimulatingStepSource implements StepSource {
  constructor(
    private readonly configured: StepTable,
    private readonly simulated: StepTable,
  ) {}

  stepsFor(job: JobRecord): StepTable {
    return job.simulated ? this.simulated : this.configured;
  }
}
