/**
 * At startup, jobs left in a running state by a crash or a stop are resumed where that is safe
 * and failed with a clear message where it is not. The rows are the queue: nothing is lost.
 */
import type { Logger } from '@spindle/plugin-sdk';
import type { JobRepository } from '../persistence/ports.ts';
import type { JobService } from './job-service.ts';
import { RUNNING_STATES } from './job-state-machine.ts';

export interface ReconcileResult {
  resumed: number[];
  failed: number[];
}

export async function reconcileJobs(
  jobs: JobRepository,
  jobService: JobService,
  logger: Logger,
  resume: (jobId: number) => void,
): Promise<ReconcileResult> {
  const result: ReconcileResult = { resumed: [], failed: [] };
  for (const job of await jobs.listInStates(RUNNING_STATES)) {
    // A disc rip cannot continue halfway: the partial files are not trusted.
    if (job.state === 'ripping' && job.sourceKind === 'disc') {
      const message = 'Spindle stopped while this disc was being ripped; the partial rip was discarded. Start the job again with the disc in the drive.';
      await jobService.transition(job.id, 'failed', { patch: { errorMessage: message }, message });
      result.failed.push(job.id);
      continue;
    }
    logger.info(`resuming job ${job.id} in ${job.state} after a restart`);
    resume(job.id);
    result.resumed.push(job.id);
  }
  return result;
}
