/**
 * The statistics screen: GET /api/jobs/stats for the totals, and "jobs over time" computed from
 * the history pages (the API has no time series), bucketed by day over the last weeks.
 */
import { getStats, listHistory, type GetStatsResponse, type Job } from '../api/generated.ts';
import { errorMessage } from '../api/runtime.ts';

export interface DayBucket {
  /** Local date, YYYY-MM-DD. */
  day: string;
  completed: number;
  failed: number;
}

/** At most this many history pages (of 100) are read for the time series. */
const MAX_PAGES = 20;

function localDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Counts finished jobs per local day for the `days` days ending today (empty days included). */
export function bucketByDay(
  jobs: readonly Pick<Job, 'state' | 'completed_at' | 'updated_at'>[],
  days: number,
  today = new Date(),
): DayBucket[] {
  const buckets: DayBucket[] = [];
  const index = new Map<string, DayBucket>();
  for (let i = days - 1; i >= 0; i--) {
    const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() - i);
    const bucket = { day: localDay(d), completed: 0, failed: 0 };
    buckets.push(bucket);
    index.set(bucket.day, bucket);
  }
  for (const job of jobs) {
    const at = job.completed_at ?? job.updated_at;
    if (!at) continue;
    const bucket = index.get(localDay(new Date(at)));
    if (!bucket) continue;
    if (job.state === 'completed') bucket.completed++;
    else if (job.state === 'failed') bucket.failed++;
  }
  return buckets;
}

export class StatsState {
  stats = $state<GetStatsResponse | null>(null);
  days = $state<DayBucket[]>([]);
  /** True when the history was longer than what was read for the time series. */
  truncated = $state(false);
  loading = $state(false);
  error = $state<string | null>(null);

  async load(windowDays = 30): Promise<void> {
    this.loading = true;
    try {
      const statsPromise = getStats();
      const jobs: Job[] = [];
      const since = Date.now() - windowDays * 86_400_000;
      let page = 1;
      let pages = 1;
      // History is newest first: stop once a page reaches past the window.
      while (page <= pages && page <= MAX_PAGES) {
        const result = await listHistory({ page, per_page: 100 });
        jobs.push(...result.items);
        pages = result.pages;
        const last = result.items.at(-1);
        if (!last || new Date(last.completed_at ?? last.updated_at).getTime() < since) break;
        page++;
      }
      this.truncated = page > MAX_PAGES && pages > MAX_PAGES;
      this.stats = await statsPromise;
      this.days = bucketByDay(jobs, windowDays);
      this.error = null;
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.loading = false;
    }
  }
}
