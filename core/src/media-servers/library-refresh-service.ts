/**
 * After a job's files are in the library (the job completed), asks every configured media-server
 * refresher (`pipeline.providers.library_refresher`) to rescan, with the job's library folder.
 * In the background: a refresh never changes the job. The outcome is a line on the job's
 * timeline; a failure is also logged.
 */
import { SpindleError, type LibraryRefresher, type Logger } from '@spindle/plugin-sdk';
import { dirname } from 'node:path';
import type { JobRepository, TitleRepository } from '../persistence/ports.ts';
import type { JobRecord } from '../persistence/records.ts';
import type { Resolved } from '../pipeline/stage-resolver.ts';
import { inject, injectable } from 'tsyringe';
import { Tokens } from '../container/tokens.ts';
import type { StageResolver } from '../pipeline/stage-resolver.ts';
import type { SecretRedactor } from '../logging/secret-redactor.ts';
import type { LogSink } from '../logging/logger.ts';

export interface LibraryRefreshDeps {
  refreshers: () => Resolved<LibraryRefresher>[];
  jobs: JobRepository;
  titles: TitleRepository;
  redact: (text: string) => string;
  logger: Logger;
}

const describe = (error: unknown) => (SpindleError.is(error) || error instanceof Error ? error.message : String(error));

@injectable()
export class LibraryRefreshService {
  private readonly lifetime = new AbortController();
  private readonly running = new Set<Promise<void>>();

  private readonly deps: LibraryRefreshDeps;

  constructor(
    @inject(Tokens.JobRepository) jobs: JobRepository,
    @inject(Tokens.TitleRepository) titles: TitleRepository,
    @inject(Tokens.StageResolver) resolver: StageResolver,
    @inject(Tokens.SecretRedactor) redactor: SecretRedactor,
    @inject(Tokens.LogSink) logs: LogSink,
  ) {
    this.deps = { refreshers: () => resolver.providers('library_refresher'), jobs, titles, redact: (text) => redactor.redact(text), logger: logs.logger('library-refresh') };
  }

  /** A job completed (job-state-hooks.ts): its library folders are rescanned. */
  jobFinished(job: JobRecord): void {
    if (job.state !== 'completed' || job.simulated) return;
    if (!this.deps.refreshers().some((r) => r.impl.status().configured)) return;
    const run = this.refresh(job)
      .catch((error: unknown) => this.deps.logger.warn(`library refresh for job ${job.id} failed`, { error: describe(error) }))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  async stop(): Promise<void> {
    this.lifetime.abort(new Error('Spindle is shutting down'));
    await this.settled();
  }

  /** The folders that received files: the job's library folder, else the folders of its organized files. */
  private async paths(job: JobRecord): Promise<string[]> {
    if (job.libraryPath) return [job.libraryPath];
    const titles = await this.deps.titles.listByJob(job.id);
    return [...new Set(titles.flatMap((t) => (t.organizedPath ? [dirname(t.organizedPath)] : [])))];
  }

  private async refresh(job: JobRecord): Promise<void> {
    const paths = await this.paths(job);
    if (paths.length === 0) return; // nothing reached the library
    const contentType = job.contentType;
    await Promise.all(
      this.deps.refreshers()
        .filter((r) => r.impl.status().configured)
        .map(async (refresher) => {
          let line: string;
          try {
            const result = await refresher.impl.refresh({ paths, contentType, signal: this.lifetime.signal });
            line = `library refresh: ${result.detail}`;
            this.deps.logger.info(`job ${job.id}: ${line}`);
          } catch (error) {
            if (this.lifetime.signal.aborted) return;
            line = `library refresh with ${refresher.record.id} failed (the job is not affected): ${describe(error)}`;
            this.deps.logger.warn(`job ${job.id}: ${line}`);
          }
          await this.deps.jobs.note(job.id, 'completed', this.deps.redact(line));
        }),
    );
  }
}
