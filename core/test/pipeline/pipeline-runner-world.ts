/**
 * Shared setup for the PipelineRunner tests: fake steps (the step table is the runner's port), the real
 * JobService over memory repositories (pipeline-fakes.ts).
 */
import { RipperError, type JobState } from '@spindle/plugin-sdk';
import type { Step, StepOutcome } from '../../src/pipeline/step-deps.ts';
import { stepTable } from '../../src/pipeline/step-table.ts';
import { gate, pipelineWorld } from './pipeline-fakes.ts';

export type Steps = Partial<Record<'identifying' | 'ripping' | 'matching' | 'organizing', Step>>;

/** A runner whose steps record their state in `ran` and go on (unless a test replaces one). */
export function world(options: Parameters<typeof pipelineWorld>[0] = {}, replace: Steps = {}) {
  const w = pipelineWorld(options);
  const ran: string[] = [];
  const next: Step = async (job) => (ran.push(job.state), { kind: 'next' });
  const steps: Steps = { identifying: next, ripping: next, matching: next, organizing: next, ...replace };
  const runner = w.runner(stepTable(steps as Partial<Record<JobState, Step>>));
  const run = async (jobId: number) => {
    runner.start(jobId);
    await runner.settled(jobId);
    return (await w.jobs.get(jobId))!;
  };
  const states = (jobId: number) => w.jobs.events.filter((e) => e.jobId === jobId).map((e) => e.toState);
  return { ...w, ran, runner, run, states };
}

/** A ripping step that waits for the signal, as a ripper killing its process does. */
export function waitingRip(w: { ran: string[] }, started: ReturnType<typeof gate<void>>) {
  return async (_job: unknown, deps: { signal: AbortSignal }): Promise<StepOutcome> => {
    w.ran.push('ripping started');
    started.open();
    await new Promise<void>((resolve) => deps.signal.addEventListener('abort', () => resolve(), { once: true }));
    w.ran.push(`ripping stopped: ${(deps.signal.reason as Error).message}`);
    throw new RipperError('aborted', 'makemkvcon was stopped');
  };
}
