/**
 * After a job's files are in the library (the job completed), asks every configured media-server
 * refresher (`pipeline.providers.library_refresher`) to rescan, with the job's library folder.
 * In the background: a refresh never changes the job. The outcome is a line on the job's
 * timeline; a failure is also logged.
 */
import { errorMessage, type LibraryRefresher, type Logger } from '@spindle/plugin-sdk';
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { BackgroundTasks } from '../app/background-tasks.ts';
import type { JobRepository, TitleRepository } from '../persistence/ports.ts';
import type { JobRecord } from '../persistence/records.ts';
import type { Resolved } from '../pipeline/stage-resolver.ts';

export interface LibraryRefreshDeps {
  refreshers: () => Resolved<LibraryRefresher>[];
  jobs: JobRepository;
  titles: TitleRepository;
  redact: (text: string) => string;
  logger: Logger;
}

export class LibraryRefreshService {
  private readonly tasks = new BackgroundTasks();

  constructor(private readonly deps: LibraryRefreshDeps) {}

  /** A job completed (job-state-hooks.ts): its library folders are rescanned. */
  jobFinished(job: JobRecord): void {
    if (job.state !== 'completed') return;
    if (!this.deps.refreshers().some((r) => r.impl.status().configured)) return;
    this.tasks.run(
      () => this.refresh(job),
      (error) => this.deps.logger.warn(`library refresh for job ${job.id} failed`, { error: errorMessage(error) }),
    );
  }

  settled(): Promise<void> {
    return this.tasks.settled();
  }

  stop(): Promise<void> {
    return this.tasks.stop();
  }

  /**
   * The folders that received files: the job's library folder, else the folders of its organized
   * files; only folders that exist (a job whose paths exist nowhere, as a DEBUG-simulated one's,
   * filed nothing a media server could find).
   */
  private async paths(job: JobRecord): Promise<string[]> {
    const titles = job.libraryPath ? [] : await this.deps.titles.listByJob(job.id);
    const candidates = job.libraryPath
      ? [job.libraryPath]
      : [...new Set(titles.flatMap((t) => (t.organizedPath ? [dirname(t.organizedPath)] : [])))];
    const present = await Promise.all(
      candidates.map((path) =>
        stat(path).then(
          (s) => s.isDirectory(),
          () => false,
        ),
      ),
    );
    return candidates.filter((_, i) => present[i]);
  }

  private async refresh(job: JobRecord): Promise<void> {
    const paths = await this.paths(job);
    if (paths.length === 0) return; // nothing reached the library
    const contentType = job.contentType;
    await Promise.all(
      this.deps
        .refreshers()
        .filter((r) => r.impl.status().configured)
        .map(async (refresher) => {
          let line: string;
          try {
            const result = await refresher.impl.refresh({ paths, contentType, signal: this.tasks.signal });
            line = `library refresh: ${result.detail}`;
            this.deps.logger.info(`job ${job.id}: ${line}`);
          } catch (error) {
            if (this.tasks.signal.aborted) return;
            line = `library refresh with ${refresher.record.id} failed (the job is not affected): ${errorMessage(error)}`;
            this.deps.logger.warn(`job ${job.id}: ${line}`);
          }
          await this.deps.jobs.note(job.id, 'completed', this.deps.redact(line));
        }),
    );
  }
}
