/**
 * The review queue: every job in review_needed (GET /api/review, all pages) with its titles
 * waiting for a decision, each with its typed review (kind, message, candidates) and the
 * matcher's score components as evidence.
 */
import {
  approveAll,
  cancelJob,
  startJob,
  getJobDetail,
  identifyJob,
  listReviewQueue,
  reviewTitle,
  type GetJobDetailResponse,
  type IdentifyJobBody,
  type ReviewTitleBody,
  type Title,
} from '../api/generated.ts';
import { errorMessage } from '../api/runtime.ts';
import {
  reviewKindOf,
  titleOutcomeOf,
  type IdentificationAnswer,
  type MatchDetails,
  type ReviewKind,
  type TitleReview,
} from '../api/outcome-shapes.ts';

/** Jobs per page of GET /api/review; the queue reads every page. */
const PAGE_SIZE = 50;
/** A queue longer than this many pages is shown in part (with a note). */
const MAX_PAGES = 20;

export interface ReviewItem {
  title: Title;
  details: MatchDetails | null;
  review: TitleReview | null;
}

export interface ReviewJob {
  job: GetJobDetailResponse;
  /** What the review is about (the identify form shows inline for 'identity'). */
  kind: ReviewKind | null;
  items: ReviewItem[];
  /** For 'nothing_filed': the titles a rule left out (each may be included), and those already included. */
  leftOut: Title[];
  identification: IdentificationAnswer[];
}

/** A title left out of the library by a rule or a setting (one a person left out stays out). */
export function isLeftOut(title: Title): boolean {
  const { outcome, by } = titleOutcomeOf(title);
  return outcome === 'discarded' && by !== 'person';
}

function toEntry(job: GetJobDetailResponse): ReviewJob {
  const kind = reviewKindOf(job);
  return {
    job,
    kind,
    items: job.titles
      .filter((t) => t.state === 'review')
      .map((title) => ({ title, details: title.match_details ?? null, review: title.review ?? null })),
    leftOut: kind === 'nothing_filed' ? job.titles.filter((t) => isLeftOut(t) || t.included === true) : [],
    identification: job.identification ?? [],
  };
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

  /** Jobs in review in all (the service's count), and whether more exist than were read. */
  total = $state(0);
  partial = $state(false);

  get pendingCount(): number {
    return this.entries.reduce((n, e) => n + e.items.length, 0);
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      const jobs: GetJobDetailResponse[] = [];
      let pages = 1;
      let total = 0;
      for (let page = 1; page <= Math.min(pages, MAX_PAGES); page++) {
        const answer = await listReviewQueue({ page, per_page: PAGE_SIZE });
        jobs.push(...answer.items);
        pages = answer.pages;
        total = answer.total;
      }
      // A job may move between pages while they are read: each appears once.
      this.entries = jobs.filter((job, i) => jobs.findIndex((j) => j.id === job.id) === i).map(toEntry);
      this.total = total;
      this.partial = pages > MAX_PAGES;
      this.error = null;
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.loading = false;
    }
  }

  /** Records one decision; the item leaves the queue (and the job when it was its last). */
  async decide(jobId: number, titleId: number, decision: Decision): Promise<boolean> {
    return this.onTitle(titleId, async () => {
      await reviewTitle({ id: jobId }, { ...decision, title_id: titleId });
      const entry = this.entries.find((e) => e.job.id === jobId);
      if (entry) {
        entry.items = entry.items.filter((i) => i.title.id !== titleId);
        if (entry.items.length === 0) this.entries = this.entries.filter((e) => e !== entry);
      }
    });
  }

  /** Says what the disc is; the job continues with it and leaves the queue. */
  async identify(jobId: number, body: IdentifyJobBody): Promise<void> {
    this.busy[`j${jobId}`] = true;
    try {
      const job = await identifyJob({ id: jobId }, body);
      if (job.state !== 'review_needed') this.entries = this.entries.filter((e) => e.job.id !== jobId);
    } finally {
      delete this.busy[`j${jobId}`];
    }
  }

  /** Puts a title a rule left out back in: it will be ripped, matched and filed. */
  async include(jobId: number, titleId: number): Promise<boolean> {
    return this.onTitle(titleId, async () => {
      await reviewTitle({ id: jobId }, { title_id: titleId, include: true });
      await this.reload(jobId);
    });
  }

  /** Chooses whether a title not ripped yet gets ripped (include) or not (skip); the card is read again. */
  async chooseRip(jobId: number, titleId: number, rip: boolean): Promise<boolean> {
    return this.onTitle(
      titleId,
      async () => {
        await reviewTitle(
          { id: jobId },
          rip ? { title_id: titleId, include: true } : { title_id: titleId, skip: true },
        );
      },
      // Read again either way: on a refusal the tick goes back to what the service holds.
      () => this.reload(jobId).catch(() => undefined),
    );
  }

  /** Gives up on a job whose files would not be filed: it stops, and every file stays where it is. */
  async giveUp(jobId: number): Promise<void> {
    await this.onJob(jobId, async () => {
      await cancelJob({ id: jobId });
      this.entries = this.entries.filter((e) => e.job.id !== jobId);
    });
  }

  /** Runs a nothing-filed job on with the titles a person included. */
  async continueJob(jobId: number): Promise<void> {
    await this.onJob(jobId, async () => {
      const job = await startJob({ id: jobId });
      if (job.state !== 'review_needed') this.entries = this.entries.filter((e) => e.job.id !== jobId);
      else await this.reload(jobId);
    });
  }

  /** Reads one job of the queue again (it leaves the queue once it is no longer in review). */
  private async reload(jobId: number): Promise<void> {
    const job = await getJobDetail({ id: jobId });
    const index = this.entries.findIndex((e) => e.job.id === jobId);
    if (index < 0) return;
    if (job.state !== 'review_needed') {
      this.entries = this.entries.filter((e) => e.job.id !== jobId);
      return;
    }
    this.entries[index] = toEntry(job);
  }

  /**
   * Accepts every best guess. Says what happened: 'continued' when the job went on, 'waiting' when
   * titles without a suggestion still wait (the card stays, re-read), null when nothing was approved
   * (the service's reason is in `error`, the card stays).
   */
  async approveAll(jobId: number): Promise<'continued' | 'waiting' | null> {
    let outcome: 'continued' | 'waiting' | null = null;
    this.error = null;
    await this.onJob(jobId, async () => {
      const job = await approveAll({ id: jobId });
      if (job.state === 'review_needed') {
        await this.reload(jobId);
        outcome = 'waiting';
      } else {
        this.entries = this.entries.filter((e) => e.job.id !== jobId);
        outcome = 'continued';
      }
    });
    return outcome;
  }

  /** Runs one action on a whole job: marks it busy meanwhile and shows what went wrong. */
  /**
   * Runs one action on a title of the queue with its buttons busy: true when it went through; on a
   * refusal the title shows the reason and it is false. `settle` runs after either outcome.
   */
  private async onTitle(titleId: number, action: () => Promise<void>, settle?: () => Promise<void>): Promise<boolean> {
    this.busy[`t${titleId}`] = true;
    delete this.itemErrors[titleId];
    try {
      await action();
      return true;
    } catch (error) {
      this.itemErrors[titleId] = errorMessage(error);
      return false;
    } finally {
      await settle?.();
      delete this.busy[`t${titleId}`];
    }
  }

  private async onJob(jobId: number, action: () => Promise<void>): Promise<void> {
    this.busy[`j${jobId}`] = true;
    try {
      await action();
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      delete this.busy[`j${jobId}`];
    }
  }
}
