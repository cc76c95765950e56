/** The movie/TV metadata database (TMDB). */
export interface CatalogMovie {
  id: number;
  title: string;
  originalTitle: string | null;
  year: number | null;
  popularity: number;
  runtimeMinutes: number | null;
  /** The catalog's short plot summary, when it gives one (shown to a person choosing an entry). */
  overview?: string | null;
}

export interface CatalogShow {
  id: number;
  name: string;
  originalName: string | null;
  firstAirYear: number | null;
  popularity: number;
  numberOfSeasons: number | null;
  episodeRunTimes: number[];
  /** The catalog's short summary of the show, when it gives one. */
  overview?: string | null;
}

export interface CatalogEpisode {
  season: number;
  episode: number;
  name: string;
  runtimeMinutes: number | null;
  airDate: string | null;
}

export interface CatalogSeason {
  showId: number;
  season: number;
  episodes: CatalogEpisode[];
}

export interface CatalogStatus {
  /** False when credentials are wrong (e.g. a v3 key instead of the Read Access Token) or the service refuses us. */
  healthy: boolean;
  message: string | null;
  /**
   * False when the provider has no credentials at all: the catalog is simply off (not an error),
   * and identifiers skip it. Absent means configured.
   */
  configured?: boolean;
}

export interface CatalogProvider {
  searchMovies(query: string, year?: number | null): Promise<CatalogMovie[]>;
  searchShows(query: string, year?: number | null): Promise<CatalogShow[]>;
  getMovie(id: number): Promise<CatalogMovie | null>;
  getShow(id: number): Promise<CatalogShow | null>;
  getSeason(showId: number, season: number): Promise<CatalogSeason | null>;
  status(): CatalogStatus;
}
