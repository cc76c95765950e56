/**
 * The dashboard's jobs: the active list from GET /api/jobs, each job's titles, and the live
 * updates of `/ws` applied on top. After a reconnect (or news of a job it does not know) it
 * fetches the list again, so nothing missed while offline stays missing.
 */
import {
  cancelJob,
  clearFinishedJobs,
  clearJob,
  getJob,
  listJobs,
  listJobTitles,
  listReviewQueue,
  retryJob,
  startJob,
  type ClientMessage,
  type Job,
  type JobUpdateMessage,
  type Title,
} from '../api/generated.ts';
import type { RetryFrom } from '../api/outcome-shapes.ts';
import { errorMessage } from '../api/runtime.ts';

export interface LiveProgress {
  currentTitle: number | null;
  totalTitles: number | null;
}

/**
 * Writes a `job_update` message's facts onto a job shown on screen (the list's job or the detail
 * page's) and gives the live progress it carries; says whether the job's state changed, since a new
 * state may bring facts the message does not carry.
 */
export function applyJobUpdate(job: Job, message: JobUpdateMessage): { stateChanged: boolean; live: LiveProgress } {
  const stateChanged = job.state !== message.state;
  Object.assign(job, {
    state: message.state,
    progress_percent: message.progress_percent,
    current_speed: message.current_speed,
    eta_seconds: message.eta_seconds,
    error_message: message.error_message,
    review_reason: message.review_reason,
  });
  return { stateChanged, live: { currentTitle: message.current_title, totalTitles: message.total_titles } };
}

export class ActiveJobs {
  jobs = $state<Job[]>([]);
  titles = $state<Record<number, Title[]>>({});
  live = $state<Record<number, LiveProgress>>({});
  loaded = $state(false);
  error = $state<string | null>(null);
  /** Job ids with an action in flight (buttons are disabled meanwhile). */
  busy = $state<Record<number, boolean>>({});

  private refreshing: Promise<void> | null = null;
  private refreshAgain = false;
  private readonly jobRefetch = new Map<number, ReturnType<typeof setTimeout>>();
  /**
   * How many live job_update messages each job has had. A snapshot fetched over HTTP is older than
   * a message that arrived while it was on its way: then the message's state and progress win.
   */
  private readonly liveSeq = new Map<number, number>();

  /** Jobs waiting in review in all, as GET /api/review counts them (null until asked). */
  reviewTotal = $state<number | null>(null);

  /** Jobs in review: the service's count (the list holds only the 10 newest jobs). */
  get reviewCount(): number {
    return this.reviewTotal ?? this.jobs.filter((j) => j.state === 'review_needed').length;
  }

  /** Asks the service how many jobs wait in review (a failure keeps the last count). */
  private async countReview(): Promise<void> {
    try {
      this.reviewTotal = (await listReviewQueue({ page: 1, per_page: 1 })).total;
    } catch {
      // The list's own count stands in until the next refresh.
    }
  }

  job(id: number): Job | undefined {
    return this.jobs.find((j) => j.id === id);
  }

  /** Fetches the list and every listed job's titles; concurrent calls share one fetch. */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      try {
        do {
          this.refreshAgain = false;
          const jobs = await listJobs();
          const titles = await Promise.all(
            jobs.map((j) => listJobTitles({ id: j.id }).catch(() => this.titles[j.id] ?? [])),
          );
          await this.countReview();
          this.jobs = jobs;
          this.titles = Object.fromEntries(jobs.map((j, i) => [j.id, titles[i]!]));
          this.error = null;
        } while (this.refreshAgain);
      } catch (error) {
        this.error = errorMessage(error);
      } finally {
        this.loaded = true;
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  apply(message: ClientMessage): void {
    switch (message.type) {
      case 'job_update': {
        const job = this.job(message.job_id);
        if (!job) {
          void this.refresh();
          return;
        }
        this.liveSeq.set(message.job_id, (this.liveSeq.get(message.job_id) ?? 0) + 1);
        const { stateChanged, live } = applyJobUpdate(job, message);
        this.live[message.job_id] = live;
        // A state change may bring facts the message does not carry (detected title, paths…).
        if (stateChanged) this.refetchJob(message.job_id);
        return;
      }
      case 'title_update': {
        const list = this.titles[message.job_id];
        const title = list?.find((t) => t.id === message.title_id);
        if (!title) {
          if (this.job(message.job_id)) this.refetchJob(message.job_id);
          return;
        }
        Object.assign(title, {
          state: message.state,
          matched_episode: message.matched_episode,
          match_confidence: message.match_confidence,
        });
        return;
      }
      case 'subtitle_event': {
        const job = this.job(message.job_id);
        if (job) {
          Object.assign(job, {
            subtitle_status: message.status,
            subtitles_downloaded: message.downloaded,
            subtitles_total: message.total,
            subtitles_failed: message.failed_count,
          });
        }
        return;
      }
      default:
        return;
    }
  }

  /** Re-reads one job and its titles soon (coalescing bursts of updates). */
  private refetchJob(id: number): void {
    if (this.jobRefetch.has(id)) return;
    this.jobRefetch.set(
      id,
      setTimeout(async () => {
        this.jobRefetch.delete(id);
        try {
          const seq = this.liveSeq.get(id) ?? 0;
          const [job, titles] = await Promise.all([getJob({ id }), listJobTitles({ id }), this.countReview()]);
          this.place(job, seq);
          this.titles[id] = titles;
        } catch {
          // The next message or refresh will try again.
        }
      }, 150),
    );
  }

  async start(id: number): Promise<void> {
    await this.act(id, () => startJob({ id }));
  }

  async cancel(id: number): Promise<void> {
    await this.act(id, () => cancelJob({ id }));
  }

  /** Runs a failed (or completed) job again, keeping its id, history and decisions. */
  async retry(id: number, from?: RetryFrom): Promise<void> {
    await this.act(id, () => retryJob({ id }, from ? { from } : undefined));
    this.refetchJob(id);
  }

  async clear(id: number): Promise<void> {
    await this.act(id, async () => {
      const job = await clearJob({ id });
      this.jobs = this.jobs.filter((j) => j.id !== id);
      return job;
    });
  }

  /** Completed and failed jobs on the dashboard. */
  get finishedCount(): number {
    return this.jobs.filter((j) => j.state === 'completed' || j.state === 'failed').length;
  }

  /** Clears every finished job from the dashboard (history and files stay); returns how many. */
  async clearFinished(): Promise<number> {
    const { job_ids } = await clearFinishedJobs();
    const gone = new Set(job_ids);
    this.jobs = this.jobs.filter((j) => !gone.has(j.id));
    // Jobs beyond the first ten may now have room on the dashboard.
    await this.refresh();
    return job_ids.length;
  }

  private async act(id: number, call: () => Promise<Job>): Promise<void> {
    this.busy[id] = true;
    try {
      const seq = this.liveSeq.get(id) ?? 0;
      const job = await call();
      if (!job.cleared_at) this.place(job, seq);
    } finally {
      delete this.busy[id];
    }
  }

  /**
   * Puts a job snapshot from an HTTP answer in place. `seq` is the live-message count when the
   * request went out: if messages arrived since, they are newer than the snapshot, so the job keeps
   * their state and progress (a retry answered "organizing" must not undo a "completed" that came first).
   */
  private place(job: Job, seq: number): void {
    const index = this.jobs.findIndex((j) => j.id === job.id);
    if (index < 0) return;
    const current = this.jobs[index]!;
    this.jobs[index] =
      (this.liveSeq.get(job.id) ?? 0) === seq
        ? job
        : {
            ...job,
            state: current.state,
            progress_percent: current.progress_percent,
            current_speed: current.current_speed,
            eta_seconds: current.eta_seconds,
            error_message: current.error_message,
            review_reason: current.review_reason,
          };
  }
}
