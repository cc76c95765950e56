/**
 * The per-title pipeline inside one run of a job: a title whose file is complete is queued here and
 * matched as soon as a slot is free (at most `max_concurrent_matches` MATCHING across the whole
 * job), while the drive goes on ripping the next title. A title accepted on its own may then be
 * filed at once (early-organize.ts): a rename right away, a copy to another file system only once
 * the drive is done (unless `organize_during_rip` is `always`).
 *
 * The job's state is not touched here: the runner keeps the spec's states (`ripping` while the
 * drive works, `matching` while titles are still matched, …); the title states and their /ws
 * messages carry each title's own progress. The matching step drains the flow, and only then —
 * every title of the disc has its match result — runs the disc-wide checks.
 *
 * With `pipeline_overlap` off (or transcoding on: a transcode replaces the file after the rip),
 * nothing is queued during the rip; the matching step queues every title, as before.
 */
import type { ReferenceSubtitle } from '@spindle/plugin-sdk';
import type { JobRecord, TitleRecord } from '../persistence/records.ts';
import { fileEarly, mayFileEarly, sameVolume } from './early-organize.ts';
import type { StepDeps } from './step-deps.ts';
import { matchTitle } from './steps/match-step.ts';

/** Whether titles are matched while the drive still rips (the setting, unless transcoding replaces files after the rip). */
export function overlapEnabled(deps: Pick<StepDeps, 'config'>): boolean {
  const config = deps.config.get();
  return config.pipeline_overlap !== false && !config.transcoding_enabled;
}

export class TitleFlow {
  private readonly stop = new AbortController();
  private readonly deps: StepDeps;
  private readonly limit: number;
  private readonly known = new Set<number>();
  private readonly waiting: TitleRecord[] = [];
  private readonly tasks = new Set<Promise<void>>();
  /** Accepted titles whose copy to another file system waits for the drive. */
  private readonly deferred: TitleRecord[] = [];
  private active = 0;
  private error: unknown = null;
  private driveOver = false;
  private references: Promise<ReferenceSubtitle[]> | null = null;
  private filing: Promise<void> = Promise.resolve();
  /** Told after each title's match (the matching step reports the job's progress with it). */
  onMatched: ((title: TitleRecord) => void) | null = null;

  constructor(
    private readonly jobId: number,
    base: StepDeps,
  ) {
    this.deps = { ...base, signal: AbortSignal.any([base.signal, this.stop.signal]) };
    this.limit = Math.max(1, base.matchConcurrency ?? base.config.get().max_concurrent_matches);
  }

  /** True when the title was handed to this flow (it is matched, or being matched, by it). */
  has(titleId: number): boolean {
    return this.known.has(titleId);
  }

  /** A title whose file is complete (QUEUED): matched when a slot is free, in title order. */
  enqueue(title: TitleRecord): void {
    if (this.known.has(title.id) || this.deps.signal.aborted) return;
    this.known.add(title.id);
    this.waiting.push(title);
    this.waiting.sort((a, b) => a.titleIndex - b.titleIndex);
    this.pump();
  }

  /** The drive is done: copies to another file system that waited may start now. */
  driveDone(): void {
    this.driveOver = true;
    for (const title of this.deferred.splice(0)) this.track(this.file(title));
  }

  /** Waits until every queued title is matched (and filed, when it went early); the first error is thrown. */
  async drain(): Promise<void> {
    for (;;) {
      if (this.error) throw this.error;
      this.deps.signal.throwIfAborted();
      if (this.tasks.size === 0 && this.waiting.length === 0) return;
      await Promise.race(this.tasks);
    }
  }

  /** Stops what is under way (its processes are killed through the signal) and waits until nothing runs. */
  async settle(): Promise<void> {
    this.stop.abort(new Error('the job stopped'));
    this.waiting.length = 0;
    while (this.tasks.size > 0) await Promise.allSettled([...this.tasks]);
  }

  private pump(): void {
    while (this.active < this.limit && this.waiting.length > 0 && !this.error && !this.deps.signal.aborted) {
      const title = this.waiting.shift()!;
      this.active++;
      this.track(
        this.match(title).finally(() => {
          this.active--;
          this.pump();
        }),
      );
    }
  }

  private track(work: Promise<void>): void {
    const task: Promise<void> = work
      .catch((error: unknown) => {
        if (this.deps.signal.aborted) return;
        this.error ??= error;
        this.stop.abort(error); // one title's failure fails the job: the other matches stop
      })
      .finally(() => this.tasks.delete(task));
    this.tasks.add(task);
  }

  private async job(): Promise<JobRecord> {
    const job = await this.deps.jobs.get(this.jobId);
    if (!job) throw new Error(`job ${this.jobId} is gone`);
    return job;
  }

  /** Reference subtitles of the job's season: fetched once, awaited by each title's match (only those). */
  private async referencesFor(job: JobRecord): Promise<ReferenceSubtitle[]> {
    const { subtitles } = this.deps;
    if (!subtitles) return [];
    this.references ??= subtitles.references(job, this.deps.signal);
    return this.references;
  }

  private async match(queued: TitleRecord): Promise<void> {
    const references = await this.referencesFor(await this.job());
    this.deps.signal.throwIfAborted();
    const job = await this.job(); // the subtitle download may have updated the job (status, counts)
    const title = (await this.deps.titles.listByJob(this.jobId)).find((t) => t.id === queued.id);
    if (!title || title.state !== 'queued') return;
    const matched = await matchTitle(job, title, references, this.deps);
    this.onMatched?.(matched);
    if (matched.state === 'matched' && overlapEnabled(this.deps)) await this.fileIfAllowed(job, matched);
  }

  private async fileIfAllowed(job: JobRecord, title: TitleRecord): Promise<void> {
    if (!(await mayFileEarly(job, title, this.deps))) return;
    const config = this.deps.config.get();
    if (
      config.organize_during_rip === 'same_volume' &&
      !this.driveOver &&
      !(await sameVolume(title.filePath!, config.library_tv_path!))
    ) {
      this.deferred.push(title);
      return;
    }
    await this.file(title);
  }

  /** One filing at a time (a copy competes for the disk); a title that changed meanwhile is left to the organizing step. */
  private file(title: TitleRecord): Promise<void> {
    const run = this.filing.then(async () => {
      this.deps.signal.throwIfAborted();
      const job = await this.job();
      const current = (await this.deps.titles.listByJob(this.jobId)).find((t) => t.id === title.id);
      if (!current || !(await mayFileEarly(job, current, this.deps))) return;
      await fileEarly(job, current, this.deps);
    });
    this.filing = run.catch(() => undefined);
    return run;
  }
}
