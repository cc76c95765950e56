/**
 * The review queue: every active job in review_needed with its titles waiting for a decision,
 * each with the matcher's candidates and score components as evidence.
 */
import { approveAll, getJobDetail, reviewTitle, type GetJobDetailResponse, type ReviewTitleBody, type Title } from '../api/generated.ts';
import { errorMessage } from '../api/runtime.ts';
import { readIdentification, readMatchDetails, type IdentificationAnswer, type MatchDetails } from '../api/detail-shapes.ts';
import type { ActiveJobs } from './jobs.svelte.ts';

export interface ReviewItem {
  title: Title;
  details: MatchDetails | null;
}

export interface ReviewJob {
  job: GetJobDetailResponse;
  items: ReviewItem[];
  identification: IdentificationAnswer[];
}

/** A decision as the review route takes it (without the title id). */
export type Decision = Omit<ReviewTitleBody, 'title_id'>;

export class ReviewQueue {
  entries = $state<ReviewJob[]>([]);
  loading = $state(false);
  error = $state<string | null>(null);
  /** Errors of single decisions, by title id. */
  itemErrors = $state<Record<number, string>>({});
  busy = $state<Record<string, boolean>>({});

  constructor(private readonly jobs: ActiveJobs) {}

  get pendingCount(): number {
    return this.entries.reduce((n, e) => n + e.items.length, 0);
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      const ids = this.jobs.jobs.filter((j) => j.state === 'review_needed').map((j) => j.id);
      const details = await Promise.all(ids.map((id) => getJobDetail({ id })));
      this.entries = details
        .filter((d) => d.state === 'review_needed')
        .map((job) => ({
          job,
          items: (job.titles ?? []).filter((t) => t.state === 'review').map((title) => ({ title, details: readMatchDetails(title.match_details) })),
          identification: readIdentification(job.identification),
        }));
      this.error = null;
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.loading = false;
    }
  }

  /** Records one decision; the item leaves the queue (and the job when it was its last). */
  async decide(jobId: number, titleId: number, decision: Decision): Promise<boolean> {
    this.busy[`t${titleId}`] = true;
    delete this.itemErrors[titleId];
    try {
      await reviewTitle({ id: jobId }, { ...decision, title_id: titleId });
      const entry = this.entries.find((e) => e.job.id === jobId);
      if (entry) {
        entry.items = entry.items.filter((i) => i.title.id !== titleId);
        if (entry.items.length === 0) this.entries = this.entries.filter((e) => e !== entry);
      }
      return true;
    } catch (error) {
      this.itemErrors[titleId] = errorMessage(error);
      return false;
    } finally {
      delete this.busy[`t${titleId}`];
    }
  }

  async approveAll(jobId: number): Promise<void> {
    this.busy[`j${jobId}`] = true;
    try {
      await approveAll({ id: jobId });
      this.entries = this.entries.filter((e) => e.job.id !== jobId);
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      delete this.busy[`j${jobId}`];
    }
  }
}
