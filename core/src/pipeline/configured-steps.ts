/**
 * The steps of a job run by the configured stages (plugins chosen in `pipeline`): which step runs
 * in each working state. Other step tables (the DEBUG simulation's) are chosen per job by the
 * runner's StepSource; the runner itself knows only "a table of steps".
 */
import type { Step } from './step-deps.ts';
import { stepTable, type StepTable } from './step-table.ts';
import { identifyStep } from './steps/identify-step.ts';
import { matchStep } from './steps/match-step.ts';
import { organizeStep } from './steps/organize-step.ts';
import { ripAndTranscodeStep } from './steps/transcode-step.ts';

/** The show and season are known once identified: reference subtitles are fetched while the drive rips. */
const ripWithSubtitles: Step = (job, deps) => {
  deps.subtitles?.start(job);
  return ripAndTranscodeStep(job, deps);
};

export const CONFIGURED_STEPS: StepTable = stepTable({
  identifying: identifyStep,
  // Rips, then transcodes the rips when transcoding_enabled (still in ripping: the spec's states).
  ripping: ripWithSubtitles,
  matching: matchStep,
  organizing: organizeStep,
});
