/**
 * Asks the catalog: each planned name in each plausible kind, then details of the best few
 * candidates to compare their runtimes with the disc (movie runtime, or the season's episode
 * runtimes). Every call stops waiting when the job is cancelled. A failed details call only
 * leaves that runtime unchecked; a failed search fails the lookup.
 */
import {
  errorMessage,
  SpindleError,
  untilAborted,
  type CatalogProvider,
  type ScannedTitle,
  type StageContext,
} from '@spindle/plugin-sdk';
import { scoreCandidates, type Candidate, type ScoredCandidate } from './candidate-scoring.ts';
import type { CatalogIdentifierSettings } from './catalog-settings.ts';
import { episodeRuntimeFit, movieRuntimeFit } from './runtime-fit.ts';
import type { SearchPlan } from './search-plan.ts';

const CREDENTIAL_CODES = new Set(['catalog_unauthorized', 'catalog_wrong_credential', 'catalog_not_configured']);

export interface SearchOutcome {
  ranked: ScoredCandidate[];
  notes: string[];
}

async function searchAll(
  catalog: CatalogProvider,
  plan: SearchPlan,
  settings: CatalogIdentifierSettings,
  ctx: StageContext,
): Promise<Candidate[]> {
  const found = new Map<string, Candidate>();
  const add = (c: Candidate) => found.has(`${c.kind}:${c.id}`) || found.set(`${c.kind}:${c.id}`, c);
  const limit = settings.max_results_per_search;
  for (const query of plan.queries) {
    if (plan.kinds.includes('movie')) {
      let movies = await untilAborted(catalog.searchMovies(query, plan.year), ctx.signal);
      if (movies.length === 0 && plan.year !== null)
        movies = await untilAborted(catalog.searchMovies(query), ctx.signal);
      for (const m of movies.slice(0, limit))
        add({
          kind: 'movie',
          id: m.id,
          name: m.title,
          originalName: m.originalTitle,
          year: m.year,
          popularity: m.popularity,
          runtimeFit: null,
        });
    }
    if (plan.kinds.includes('tv')) {
      // A disc's year is its release, rarely the show's first air year: shows are searched without it.
      const shows = await untilAborted(catalog.searchShows(query), ctx.signal);
      for (const s of shows.slice(0, limit))
        add({
          kind: 'tv',
          id: s.id,
          name: s.name,
          originalName: s.originalName,
          year: s.firstAirYear,
          popularity: s.popularity,
          runtimeFit: null,
        });
    }
  }
  return [...found.values()];
}

/** Runtime fit of one candidate; notes what it found. Null when the catalog had no runtime. */
async function runtimeFitOf(
  catalog: CatalogProvider,
  c: Candidate,
  plan: SearchPlan,
  titles: readonly ScannedTitle[],
  ctx: StageContext,
  notes: string[],
): Promise<number | null> {
  try {
    if (c.kind === 'movie') {
      const movie = await untilAborted(catalog.getMovie(c.id), ctx.signal);
      return movieRuntimeFit(movie?.runtimeMinutes ?? null, titles);
    }
    if (plan.season !== null) {
      const season = await untilAborted(catalog.getSeason(c.id, plan.season), ctx.signal);
      if (season === null) {
        notes.push(`${c.name} has no season ${plan.season} in the catalog`);
        return 0;
      }
      const fit = episodeRuntimeFit(
        season.episodes.flatMap((e) => (e.runtimeMinutes === null ? [] : [e.runtimeMinutes])),
        titles,
      );
      if (fit !== null) return fit;
    }
    const show = await untilAborted(catalog.getShow(c.id), ctx.signal);
    const fit = episodeRuntimeFit(show?.episodeRunTimes ?? [], titles);
    if (fit !== null || plan.season !== null || show === null) return fit;
    // TMDB often leaves episode_run_time empty: the first season's episodes tell the usual length.
    const first = await untilAborted(catalog.getSeason(c.id, 1), ctx.signal);
    return episodeRuntimeFit(
      first?.episodes.flatMap((e) => (e.runtimeMinutes === null ? [] : [e.runtimeMinutes])) ?? [],
      titles,
    );
  } catch (error) {
    if (
      ctx.signal.aborted ||
      (SpindleError.is(error) && (error.code === 'aborted' || CREDENTIAL_CODES.has(error.code)))
    )
      throw error;
    notes.push(`runtime of ${c.name} not checked: ${errorMessage(error)}`);
    return null;
  }
}

export async function searchCatalog(
  catalog: CatalogProvider,
  plan: SearchPlan,
  titles: readonly ScannedTitle[],
  settings: CatalogIdentifierSettings,
  ctx: StageContext,
): Promise<SearchOutcome> {
  const notes: string[] = [];
  const candidates = await searchAll(catalog, plan, settings, ctx);
  const context = { queries: plan.queries, year: plan.year, typeHint: plan.typeHint };
  const first = scoreCandidates(candidates, context);
  for (const scored of first.slice(0, settings.runtime_checks)) {
    scored.candidate.runtimeFit = await runtimeFitOf(catalog, scored.candidate, plan, titles, ctx, notes);
  }
  return { ranked: scoreCandidates(candidates, context), notes };
}
