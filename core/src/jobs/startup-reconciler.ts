/**
 * At startup, jobs left in a running state by a crash or a stop are resumed where that is safe
 * and failed with a clear message where it is not. The rows are the queue: nothing is lost.
 */
import type { Logger } from '@spindle/plugin-sdk';
import { readdir, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobRepository, TitleRepository } from '../persistence/ports.ts';
import type { JobRecord } from '../persistence/records.ts';
import type { JobService } from './job-service.ts';
import { RUNNING_STATES } from './job-state-machine.ts';
import { failUnfinishedTitles } from './unfinished-titles.ts';

/** What discarding a disc rip caught halfway needs: the job's titles and where its rip was written. */
export interface RipDiscardDeps {
  titles: TitleRepository;
  /** The configured staging_path (a disc job rips into `<staging root>/job_<id>`; its recorded root wins). */
  stagingPath: () => string | null;
}

/**
 * Discards what a disc rip caught halfway left: its titles no longer claim a file (those being
 * ripped or waiting are FAIL), and the MKV files it wrote into the job's own staging folder are
 * deleted (that folder too, once empty).
 */
async function discardPartialRip(job: JobRecord, jobService: JobService, deps: RipDiscardDeps, logger: Logger): Promise<void> {
  await failUnfinishedTitles({ titles: deps.titles, jobService }, job.id, 'all');
  const staging = job.stagingRoot ?? deps.stagingPath();
  if (!staging) return;
  const folder = join(staging, `job_${job.id}`);
  const names = await readdir(folder).catch(() => [] as string[]);
  const mkvs = names.filter((n) => n.toLowerCase().endsWith('.mkv'));
  await Promise.all(mkvs.map((n) => rm(join(folder, n), { force: true })));
  if (names.length === mkvs.length) await rmdir(folder).catch(() => undefined);
  if (mkvs.length > 0) logger.info(`job ${job.id}: deleted ${mkvs.length} partially ripped file(s) from ${folder}`);
}

export interface ReconcileResult {
  resumed: number[];
  failed: number[];
}

export async function reconcileJobs(
  jobs: JobRepository,
  jobService: JobService,
  logger: Logger,
  resume: (jobId: number) => void,
  rip?: RipDiscardDeps,
): Promise<ReconcileResult> {
  const result: ReconcileResult = { resumed: [], failed: [] };
  for (const job of await jobs.listInStates(RUNNING_STATES)) {
    // A disc rip cannot continue halfway: the partial files are not trusted.
    if (job.state === 'ripping' && job.sourceKind === 'disc') {
      const message = 'Spindle stopped while this disc was being ripped; the partial rip was discarded. Take the disc out and put it back in to rip it again.';
      if (rip) await discardPartialRip(job, jobService, rip, logger);
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
