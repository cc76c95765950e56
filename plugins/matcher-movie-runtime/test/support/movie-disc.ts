/** Builds movie-disc match inputs (titles by minutes, resolution, file name) and a fake catalog. */
import type { CatalogMovie, CatalogProvider, MatchInput, TitleView } from '@spindle/plugin-sdk';
import { sampleMovieJob } from '@spindle/plugin-sdk/testing';

export interface DiscTitle {
  /** Length in minutes (fractions allowed). */
  min: number;
  res?: string;
  /** Size in bytes; default proportional to length and resolution. */
  size?: number;
  /** File name (default MakeMKV's `title_tNN.mkv`). */
  file?: string;
  state?: TitleView['state'];
  ripped?: boolean;
}

export function titleViews(titles: readonly DiscTitle[]): TitleView[] {
  return titles.map((t, index) => {
    const res = t.res ?? '1080p';
    const rate = res.startsWith('2160')
      ? 12_000_000
      : res.startsWith('576') || res.startsWith('480')
        ? 1_000_000
        : 4_000_000;
    const seconds = Math.round(t.min * 60);
    const ripped = t.ripped ?? true;
    return {
      id: 100 + index,
      titleIndex: index,
      durationSeconds: seconds,
      sizeBytes: t.size ?? seconds * rate,
      resolution: res,
      state: t.state ?? (ripped ? 'matching' : 'pending'),
      filePath: ripped ? `/staging/job_7/${t.file ?? `title_t${String(index).padStart(2, '0')}.mkv`}` : null,
      isExtra: false,
    };
  });
}

export function movieInputs(
  titles: readonly DiscTitle[],
  job: { catalogId?: number | null; title?: string } = {},
): MatchInput[] {
  const views = titleViews(titles);
  const jobView = sampleMovieJob({
    id: 7,
    catalogId: job.catalogId === undefined ? 42 : job.catalogId,
    detectedTitle: job.title ?? 'Sample Movie',
    catalogTitle: job.title ?? 'Sample Movie',
  });
  // The core passes every title of the job as siblings (the title itself included).
  return views.map((title) => ({ job: jobView, title, siblings: views, previous: [] }));
}

export class FakeCatalog implements CatalogProvider {
  calls = 0;
  constructor(
    private readonly runtimeMinutes: number | null,
    private readonly failure: Error | null = null,
  ) {}
  async getMovie(id: number): Promise<CatalogMovie | null> {
    this.calls += 1;
    if (this.failure) throw this.failure;
    return {
      id,
      title: 'Sample Movie',
      originalTitle: null,
      year: 2001,
      popularity: 1,
      runtimeMinutes: this.runtimeMinutes,
    };
  }
  async searchMovies() {
    return [];
  }
  async searchShows() {
    return [];
  }
  async getShow() {
    return null;
  }
  async getSeason() {
    return null;
  }
  status() {
    return { healthy: true, message: null };
  }
}
