/**
 * The TMDB CatalogProvider. `status()` says whether the catalog can be used: not configured (no
 * catalog_api_key), degraded (a v3 key instead of the Read Access Token, or TMDB answered 401 to
 * the current token), or healthy.
 */
import type {
  CatalogMovie,
  CatalogProvider,
  CatalogSeason,
  CatalogShow,
  CatalogStatus,
  PluginSetup,
} from '@spindle/plugin-sdk';
import { credentialOf, NOT_CONFIGURED, WRONG_KIND } from './credential.ts';
import { ResponseCache } from './response-cache.ts';
import { TmdbClient } from './tmdb-client.ts';
import { detailsRow, resultsOf, toMovie, toSeason, toShow } from './tmdb-mappers.ts';
import { readSettings, type TmdbSettings } from './tmdb-settings.ts';

export const CATALOG_API_KEY = 'catalog_api_key';

export interface TmdbCatalogOptions {
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export class TmdbCatalog implements CatalogProvider {
  private readonly settings: TmdbSettings;
  private readonly client: TmdbClient;
  /** The token TMDB refused last (by digest) and why; cleared when that token works again or changes. */
  private refused: { fingerprint: string; message: string } | null = null;

  constructor(
    private readonly setup: PluginSetup,
    options: TmdbCatalogOptions = {},
  ) {
    this.settings = readSettings(setup.settings);
    this.client = new TmdbClient({
      http: setup.http,
      logger: setup.logger,
      settings: this.settings,
      cache: new ResponseCache(setup.store, this.settings.cache_ttl_hours * 3_600_000, options.now),
      credential: () => this.credential(),
      onUnauthorized: (fingerprint, message) => {
        if (this.refused?.fingerprint !== fingerprint) setup.logger.warn(message);
        this.refused = { fingerprint, message };
      },
      onAuthorized: (fingerprint) => {
        if (this.refused?.fingerprint === fingerprint) this.refused = null;
      },
      ...(options.sleep ? { sleep: options.sleep } : {}),
    });
  }

  private credential(): unknown {
    return this.setup.setting?.(CATALOG_API_KEY);
  }

  status(): CatalogStatus {
    const credential = credentialOf(this.credential());
    if (credential.kind === 'none') return { healthy: false, configured: false, message: NOT_CONFIGURED };
    if (credential.kind === 'v3_key') return { healthy: false, configured: true, message: WRONG_KIND };
    if (this.refused?.fingerprint === credential.fingerprint)
      return { healthy: false, configured: true, message: this.refused.message };
    return { healthy: true, configured: true, message: null };
  }

  async searchMovies(query: string, year?: number | null): Promise<CatalogMovie[]> {
    const body = await this.client.get('/search/movie', {
      query,
      year,
      include_adult: 'false',
      language: this.settings.language,
      page: 1,
    });
    return resultsOf(body, 'movie search').flatMap((row) => toMovie(row) ?? []);
  }

  async searchShows(query: string, year?: number | null): Promise<CatalogShow[]> {
    const body = await this.client.get('/search/tv', {
      query,
      first_air_date_year: year,
      include_adult: 'false',
      language: this.settings.language,
      page: 1,
    });
    return resultsOf(body, 'TV search').flatMap((row) => toShow(row) ?? []);
  }

  async getMovie(id: number): Promise<CatalogMovie | null> {
    const row = detailsRow(await this.client.get(`/movie/${id}`, { language: this.settings.language }), 'movie');
    return row ? toMovie(row) : null;
  }

  async getShow(id: number): Promise<CatalogShow | null> {
    const row = detailsRow(await this.client.get(`/tv/${id}`, { language: this.settings.language }), 'show');
    return row ? toShow(row) : null;
  }

  async getSeason(showId: number, season: number): Promise<CatalogSeason | null> {
    return toSeason(
      showId,
      season,
      await this.client.get(`/tv/${showId}/season/${season}`, { language: this.settings.language }),
    );
  }
}
