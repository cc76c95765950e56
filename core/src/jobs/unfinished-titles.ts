/**
 * "Fail every unfinished title": when a job ends without finishing (cancel, a failed stage), no title
 * may look busy. RIPPING, QUEUED and MATCHING titles become
 * FAILED through the job service (so each emits `title.updated`). Which of them stop claiming their
 * file depends on why the job ended:
 *   - 'none': a cancel keeps every claim (the person decides about the files);
 *   - 'mid_rip': a failed stage drops the claim of the title it was ripping (its file is partial).
 * (A rip a restart caught halfway continues title by title: startup-reconciler.ts.)
 */
import type { TitleRepository } from '../persistence/ports.ts';
import type { JobService } from './job-service.ts';

export type ReleasedFiles = 'none' | 'mid_rip';

const UNFINISHED: readonly string[] = ['ripping', 'queued', 'matching'];

export async function failUnfinishedTitles(
  deps: { titles: TitleRepository; jobService: JobService },
  jobId: number,
  released: ReleasedFiles,
): Promise<void> {
  for (const title of await deps.titles.listByJob(jobId)) {
    const release = released === 'mid_rip' && title.state === 'ripping';
    if (UNFINISHED.includes(title.state))
      await deps.jobService.updateTitle(title, { state: 'failed', ...(release ? { filePath: null } : {}) });
  }
}
