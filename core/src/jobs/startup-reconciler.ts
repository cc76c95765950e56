/**
 * At startup, jobs left in a running state by a crash or a stop are resumed where that is safe
 * and failed with a clear message where it is not. The rows are the queue: nothing is lost.
 */
import type { Logger } from '@spindle/plugin-sdk';
import { readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { JobRepository, TitleRepository } from '../persistence/ports.ts';
import type { JobRecord } from '../persistence/records.ts';
import type { JobService } from './job-service.ts';
import { RUNNING_STATES } from './job-state-machine.ts';

/** What discarding a disc rip caught halfway needs: the job's titles and where its rip was written. */
export interface RipDiscardDeps {
  titles: TitleRepository;
  /** The configured staging_path (a disc job rips into `<staging root>/job_<id>`; its recorded root wins). */
  stagingPath: () => string | null;
}

/**
 * Makes a disc rip caught halfway safe to continue, title by title: a title whose file the ripper
 * reported complete keeps it (it is QUEUED, matched, or already filed); the title that was being
 * ripped claims no file and is ripped again; MKV files in the job's own staging folder that no title
 * claims (the partial one) are deleted. Returns how many titles keep their rip.
 */
async function keepCompletedRips(
  job: JobRecord,
  jobService: JobService,
  deps: RipDiscardDeps,
  logger: Logger,
): Promise<number> {
  const titles = await deps.titles.listByJob(job.id);
  for (const title of titles) {
    if (title.state === 'ripping') await jobService.updateTitle(title, { state: 'pending', filePath: null });
  }
  const claimed = new Set(
    (await deps.titles.listByJob(job.id))
      .map((t) => t.filePath)
      .filter((p): p is string => p !== null)
      .map((p) => resolve(p)),
  );
  const staging = job.stagingRoot ?? deps.stagingPath();
  if (staging) {
    const folder = join(staging, `job_${job.id}`);
    const names = await readdir(folder).catch(() => [] as string[]);
    const partial = names.filter((n) => n.toLowerCase().endsWith('.mkv') && !claimed.has(resolve(folder, n)));
    await Promise.all(partial.map((n) => rm(join(folder, n), { force: true })));
    if (partial.length > 0)
      logger.info(`job ${job.id}: deleted ${partial.length} partially ripped file(s) from ${folder}`);
  }
  return titles.filter((t) => t.filePath !== null && t.state !== 'ripping').length;
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
    // A disc rip continues title by title: what was ripped whole is kept, the partial title is ripped again.
    if (job.state === 'ripping' && job.sourceKind === 'disc' && rip) {
      const kept = await keepCompletedRips(job, jobService, rip, logger);
      await jobs.note(
        job.id,
        'ripping',
        `Spindle stopped while this disc was being ripped: ${kept} title(s) ripped whole are kept, the title being ripped is ripped again (the disc must still be in the drive)`,
      );
    }
    logger.info(`resuming job ${job.id} in ${job.state} after a restart`);
    resume(job.id);
    result.resumed.push(job.id);
  }
  return result;
}
