/**
 * An in-memory CatalogProvider (an SDK test double: the TMDB provider has its own tests against a
 * local TMDB server). Search matches every query word at the start of a word of the name, as TMDB
 * does; calls are recorded; a status and a failure can be set.
 */
import { matchesCatalogQuery } from '../../../../test/support/catalog-query.ts';
import type { CatalogMovie, CatalogProvider, CatalogSeason, CatalogShow, CatalogStatus } from '@spindle/plugin-sdk';

export class MemoryCatalog implements CatalogProvider {
  calls: string[] = [];
  currentStatus: CatalogStatus = { healthy: true, message: null, configured: true };
  /** Thrown by every call while set. */
  failure: Error | null = null;

  constructor(
    readonly movies: CatalogMovie[] = [],
    readonly shows: (CatalogShow & { seasons?: Record<number, number[]> })[] = [],
  ) {}

  private record(call: string): void {
    this.calls.push(call);
    if (this.failure) throw this.failure;
  }

  status(): CatalogStatus {
    return this.currentStatus;
  }
  async searchMovies(query: string, year?: number | null): Promise<CatalogMovie[]> {
    this.record(`searchMovies ${query}${year ? ` ${year}` : ''}`);
    return this.movies
      .filter((m) => matchesCatalogQuery(query, m.title) && (!year || m.year === year))
      .map((m) => ({ ...m, runtimeMinutes: null }));
  }
  async searchShows(query: string): Promise<CatalogShow[]> {
    this.record(`searchShows ${query}`);
    return this.shows
      .filter((s) => matchesCatalogQuery(query, s.name))
      .map(({ seasons: _s, ...s }) => ({ ...s, numberOfSeasons: null, episodeRunTimes: [] }));
  }
  async getMovie(id: number): Promise<CatalogMovie | null> {
    this.record(`getMovie ${id}`);
    return this.movies.find((m) => m.id === id) ?? null;
  }
  async getShow(id: number): Promise<CatalogShow | null> {
    this.record(`getShow ${id}`);
    const show = this.shows.find((s) => s.id === id);
    if (!show) return null;
    const { seasons, ...rest } = show;
    return { ...rest, numberOfSeasons: Object.keys(seasons ?? {}).length || rest.numberOfSeasons };
  }
  async getSeason(showId: number, season: number): Promise<CatalogSeason | null> {
    this.record(`getSeason ${showId} ${season}`);
    const runtimes = this.shows.find((s) => s.id === showId)?.seasons?.[season];
    if (!runtimes) return null;
    return {
      showId,
      season,
      episodes: runtimes.map((runtimeMinutes, i) => ({
        season,
        episode: i + 1,
        name: `Episode ${i + 1}`,
        runtimeMinutes,
        airDate: null,
      })),
    };
  }
}

export const movie = (
  id: number,
  title: string,
  year: number | null,
  popularity: number,
  runtimeMinutes: number | null = null,
): CatalogMovie => ({
  id,
  title,
  originalTitle: title,
  year,
  popularity,
  runtimeMinutes,
});

export const show = (
  id: number,
  name: string,
  firstAirYear: number | null,
  popularity: number,
  seasons: Record<number, number[]> = {},
) => ({
  id,
  name,
  originalName: name,
  firstAirYear,
  popularity,
  numberOfSeasons: null,
  episodeRunTimes: [] as number[],
  seasons,
});
