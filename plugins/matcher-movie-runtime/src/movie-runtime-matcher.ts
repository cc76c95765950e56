/**
 * The `movie-runtime` matcher: for movie jobs only (null for TV), reads the whole disc's layout —
 * the job's ripped titles, their lengths, resolutions and file names, and the catalog runtime when
 * a catalog is configured — and says what the title being matched is.
 */
import {
  AbortedError,
  errorMessage,
  resolutionHeight,
  SpindleError,
  throwIfAborted,
  type CatalogProvider,
  type JobView,
  type Matcher,
  type MatchInput,
  type MatchResult,
  type StageContext,
  type TitleView,
} from '@spindle/plugin-sdk';
import { assessLayout, type LayoutTitle } from './movie-layout.ts';
import { readSettings } from './movie-runtime-settings.ts';
import { toMatchResult } from './movie-scoring.ts';
import { editionFromName, extraTypeFromName, titleNameWords } from './title-names.ts';

/** Catalog answers are kept this long (a disc's titles are matched one after another). */
const RUNTIME_CACHE_MS = 10 * 60 * 1000;

/** Titles that are part of the disc's layout: ripped (or in place), not failed, not left out. */
function inLayout(t: TitleView): boolean {
  return t.state !== 'failed' && !(t.state === 'pending' && t.filePath === null);
}

function layoutTitle(t: TitleView, job: JobView): LayoutTitle {
  const words = titleNameWords(t.filePath, [job.catalogTitle, job.detectedTitle]);
  return {
    id: t.id,
    index: t.titleIndex,
    seconds: t.durationSeconds,
    sizeBytes: t.sizeBytes,
    height: resolutionHeight(t.resolution),
    edition: editionFromName(words),
    extraType: extraTypeFromName(words),
  };
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AbortedError('Matching aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export class MovieRuntimeMatcher implements Matcher {
  private readonly runtimes = new Map<number, { at: number; minutes: number | null }>();

  constructor(private readonly now: () => number = Date.now) {}

  async match(input: MatchInput, ctx: StageContext): Promise<MatchResult | null> {
    throwIfAborted(ctx.signal);
    if (input.job.contentType !== 'movie') return null;
    const settings = readSettings(ctx.settings);
    const byId = new Map<number, TitleView>();
    for (const t of [...input.siblings, input.title]) if (inLayout(t) || t.id === input.title.id) byId.set(t.id, t);
    const titles = [...byId.values()].sort((a, b) => a.titleIndex - b.titleIndex).map((t) => layoutTitle(t, input.job));
    const runtime = await this.catalogRuntime(input.job, ctx);
    throwIfAborted(ctx.signal);
    const assessment = assessLayout(titles, runtime, settings).get(input.title.id);
    return assessment ? toMatchResult(assessment, settings) : null;
  }

  /** The movie's runtime in minutes from the catalog, or null (no id, no catalog, unknown, or the catalog failed). */
  private async catalogRuntime(job: JobView, ctx: StageContext): Promise<number | null> {
    if (job.catalogId === null) return null;
    const cached = this.runtimes.get(job.catalogId);
    if (cached && this.now() - cached.at < RUNTIME_CACHE_MS) return cached.minutes;
    const catalog: CatalogProvider | null = ctx.providers.get('catalog');
    if (!catalog || catalog.status().configured === false) return null;
    try {
      const movie = await untilAborted(catalog.getMovie(job.catalogId), ctx.signal);
      const minutes = movie?.runtimeMinutes && movie.runtimeMinutes > 0 ? movie.runtimeMinutes : null;
      this.runtimes.set(job.catalogId, { at: this.now(), minutes });
      return minutes;
    } catch (error) {
      if (ctx.signal.aborted || (SpindleError.is(error) && error.code === 'aborted')) throw error;
      ctx.logger.warn('could not read the movie runtime from the catalog; matching by title lengths alone', {
        catalogId: job.catalogId,
        error: errorMessage(error),
      });
      return null;
    }
  }
}
