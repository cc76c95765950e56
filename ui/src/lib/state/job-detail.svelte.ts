/**
 * One job's detail screen: GET /api/jobs/{id}/detail, read again (debounced) whenever `/ws`
 * says something about this job, so the page stays live without reloading.
 */
import {
  cancelJob,
  clearJob,
  getJobDetail,
  identifyJob,
  retryJob,
  reviewTitle,
  startJob,
  uploadSubtitles,
  type ClientMessage,
  type GetJobDetailResponse,
  type IdentifyJobBody,
  type Job,
  type ReviewTitleBody,
  type UploadSubtitlesBody,
} from '../api/generated.ts';
import type { RetryFrom } from '../api/outcome-shapes.ts';
import { errorMessage } from '../api/runtime.ts';
import { applyJobUpdate } from './jobs.svelte.ts';

export class JobDetailState {
  detail = $state<GetJobDetailResponse | null>(null);
  error = $state<string | null>(null);
  notFound = $state(false);
  busy = $state(false);
  live = $state<{ currentTitle: number | null; totalTitles: number | null } | null>(null);

  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(readonly id: number) {}

  async load(): Promise<void> {
    try {
      this.detail = await getJobDetail({ id: this.id });
      this.error = null;
    } catch (error) {
      this.error = errorMessage(error);
      this.notFound = (error as { status?: number }).status === 404;
    }
  }

  apply(message: ClientMessage): void {
    if (!('job_id' in message) || message.job_id !== this.id) return;
    if (message.type === 'job_update' && this.detail) {
      const { stateChanged, live } = applyJobUpdate(this.detail, message);
      this.live = live;
      if (!stateChanged) return;
    }
    this.reloadSoon();
  }

  private reloadSoon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.load();
    }, 200);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
  }

  /** Says what the disc is; it wins over every identifier. */
  async identify(body: IdentifyJobBody): Promise<void> {
    await this.run(() => identifyJob({ id: this.id }, body));
  }

  /** Adds reference subtitles (SRT text per episode) for matching. */
  async uploadSubtitles(files: UploadSubtitlesBody['files']): Promise<void> {
    await this.run(() => uploadSubtitles({ id: this.id }, { files }));
  }

  /** Runs the job again (from `from`, or from where it has to be redone), keeping its id and history. */
  async retry(from?: RetryFrom): Promise<void> {
    await this.run(() => retryJob({ id: this.id }, from ? { from } : undefined));
  }

  /** Puts a title a rule left out back in (review with include). */
  async include(titleId: number): Promise<void> {
    const body: ReviewTitleBody = { title_id: titleId, include: true };
    await this.run(() => reviewTitle({ id: this.id }, body));
  }

  /** Chooses whether a title not ripped yet gets ripped (include) or not (skip). */
  async chooseRip(titleId: number, rip: boolean): Promise<void> {
    const body: ReviewTitleBody = rip ? { title_id: titleId, include: true } : { title_id: titleId, skip: true };
    await this.run(() => reviewTitle({ id: this.id }, body));
  }

  private async run(call: () => Promise<unknown>): Promise<void> {
    this.busy = true;
    try {
      await call();
      await this.load();
    } finally {
      this.busy = false;
    }
  }

  async act(action: 'start' | 'cancel' | 'clear'): Promise<void> {
    const calls: Record<typeof action, () => Promise<Job>> = {
      start: () => startJob({ id: this.id }),
      cancel: () => cancelJob({ id: this.id }),
      clear: () => clearJob({ id: this.id }),
    };
    this.busy = true;
    try {
      await calls[action]();
      await this.load();
    } finally {
      this.busy = false;
    }
  }
}
