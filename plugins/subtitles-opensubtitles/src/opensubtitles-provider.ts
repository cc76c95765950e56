/**
 * The `opensubtitles` subtitle provider: searches by the show's TMDB id, season and episode (or
 * the movie's TMDB id), downloads the best file and returns its SRT text as downloaded. Tracks the
 * daily download quota and says plainly when it is spent.
 */
import {
  SubtitleError,
  throwIfAborted,
  type Logger,
  type PluginSetup,
  type SubtitleDocument,
  type SubtitleEpisodeRef,
  type SubtitleProvider,
  type SubtitleQuery,
  type SubtitleQuota,
} from '@spindle/plugin-sdk';
import { OpenSubtitlesClient } from './opensubtitles-client.ts';
import { languagePreference, readSettings, type OpenSubtitlesSettings } from './opensubtitles-settings.ts';
import { QuotaTracker } from './quota-tracker.ts';
import {
  agreesWithQuery,
  chooseFile,
  readResultPage,
  usableFiles,
  type ChoicePreferences,
  type SubtitleFile,
} from './search-results.ts';
import { decodeSubtitle } from '@spindle/plugin-sdk';

export interface ProviderOptions {
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

type SearchParams = Record<string, string | number>;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class OpenSubtitlesProvider implements SubtitleProvider {
  private readonly settings: OpenSubtitlesSettings;
  private readonly client: OpenSubtitlesClient;
  private readonly logger: Logger;

  private constructor(
    setup: PluginSetup,
    private readonly tracker: QuotaTracker,
    options: ProviderOptions,
  ) {
    this.settings = readSettings(setup.settings);
    this.logger = setup.logger;
    this.client = new OpenSubtitlesClient({
      http: setup.http,
      logger: setup.logger,
      settings: this.settings,
      userAgent: this.settings.user_agent.trim() || `Spindle v${setup.host.appVersion}`,
      timeoutMs: this.settings.request_timeout_seconds * 1000,
      maxRetries: this.settings.max_retries,
      maxRetryWaitSeconds: this.settings.max_retry_wait_seconds,
      ...(options.sleep ? { sleep: options.sleep } : {}),
    });
  }

  /** Reads the last known quota from the plugin's store before the first call. */
  static async create(setup: PluginSetup, options: ProviderOptions = {}): Promise<OpenSubtitlesProvider> {
    const tracker = new QuotaTracker(setup.store, setup.logger, options.now);
    await tracker.load();
    return new OpenSubtitlesProvider(setup, tracker, options);
  }

  quota(): SubtitleQuota {
    return this.tracker.current();
  }

  private languages(query: SubtitleQuery): string[] {
    return languagePreference(query.language, this.settings.languages);
  }

  private preferences(query: SubtitleQuery): ChoicePreferences {
    return { languages: this.languages(query), preferHearingImpaired: this.settings.prefer_hearing_impaired };
  }

  /** Search parameters, or null when the query cannot be searched by TMDB id. */
  private searchParams(query: SubtitleQuery, withEpisode: boolean): SearchParams | null {
    if (query.catalogId === null) return null;
    const languages = [...this.languages(query)].sort().join(',');
    if (query.season === null && query.episode === null) return { languages, tmdb_id: query.catalogId, type: 'movie' };
    if (query.season === null || (withEpisode && query.episode === null)) return null;
    const params: SearchParams = {
      languages,
      parent_tmdb_id: query.catalogId,
      season_number: query.season,
      type: 'episode',
    };
    if (withEpisode) params.episode_number = query.episode!;
    return params;
  }

  /** Every result page (at most `max_search_pages`). */
  private async search(params: SearchParams, isMovie: boolean, signal: AbortSignal): Promise<SubtitleFile[]> {
    const files: SubtitleFile[] = [];
    for (let page = 1; page <= this.settings.max_search_pages; page++) {
      throwIfAborted(signal);
      const body = await this.client.call('GET', '/subtitles', page === 1 ? params : { ...params, page }, null, signal);
      const result = readResultPage(body, isMovie);
      files.push(...result.files);
      if (page >= result.totalPages) break;
    }
    return files;
  }

  async fetch(query: SubtitleQuery, signal: AbortSignal): Promise<SubtitleDocument | null> {
    throwIfAborted(signal);
    const params = this.searchParams(query, true);
    if (params === null) return null;
    const isMovie = params.type === 'movie';
    const files = await this.search(params, isMovie, signal);
    const best = chooseFile(files, query, this.preferences(query));
    const dropped = files.filter((f) => !agreesWithQuery(f, query, true)).length;
    if (dropped > 0)
      this.logger.info('dropped OpenSubtitles results whose season, episode or id disagree with the query', {
        dropped,
      });
    if (!best) {
      this.logger.info('OpenSubtitles has no usable subtitle', {
        catalogId: query.catalogId,
        season: query.season,
        episode: query.episode,
        results: files.length,
      });
      return null;
    }
    this.tracker.assertAvailable();
    const answer = await this.download(best, signal);
    const srt = decodeSubtitle(await this.client.fetchFile(answer.link, signal));
    if (srt.trim() === '') {
      throw new SubtitleError(
        'subtitle_empty_download',
        `OpenSubtitles gave an empty file for file ${best.fileId}; try again later`,
        { retryable: true },
      );
    }
    this.logger.info('downloaded a subtitle from OpenSubtitles', {
      fileId: best.fileId,
      language: best.language,
      remaining: answer.remaining,
    });
    const fileName = answer.fileName ?? best.fileName;
    return {
      season: isMovie ? null : query.season,
      episode: isMovie ? null : query.episode,
      language: best.language,
      srt,
      origin: `opensubtitles file ${best.fileId}${fileName ? ` (${fileName})` : ''}`,
    };
  }

  /** POST /download → the temporary link; records the quota it reports. */
  private async download(
    file: SubtitleFile,
    signal: AbortSignal,
  ): Promise<{ link: string; fileName: string | null; remaining: number | null }> {
    let body: unknown;
    try {
      body = await this.client.call('POST', '/download', null, { file_id: file.fileId, sub_format: 'srt' }, signal);
    } catch (error) {
      if (error instanceof SubtitleError && error.code === 'quota_exhausted') {
        const resetsAt = typeof error.details?.resetsAt === 'string' ? error.details.resetsAt : null;
        await this.tracker.record(0, resetsAt);
      }
      throw error;
    }
    if (!isObject(body) || typeof body.link !== 'string') {
      throw new SubtitleError('subtitle_bad_response', 'OpenSubtitles answered /download without a link', {
        retryable: true,
      });
    }
    const remaining = typeof body.remaining === 'number' ? body.remaining : null;
    const resetsAt = typeof body.reset_time_utc === 'string' && body.reset_time_utc !== '' ? body.reset_time_utc : null;
    if (remaining !== null) await this.tracker.record(remaining, resetsAt);
    return { link: body.link, fileName: typeof body.file_name === 'string' ? body.file_name : null, remaining };
  }

  async available(query: SubtitleQuery, signal: AbortSignal): Promise<SubtitleEpisodeRef[]> {
    throwIfAborted(signal);
    if (query.season === null) return [];
    const params = this.searchParams(query, false);
    if (params === null) return [];
    const files = usableFiles(await this.search(params, false, signal), query, this.preferences(query), false);
    const episodes = new Set(files.filter((f) => f.episode !== null).map((f) => f.episode!));
    return [...episodes].sort((a, b) => a - b).map((episode) => ({ season: query.season!, episode }));
  }
}
