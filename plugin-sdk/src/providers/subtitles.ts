/** Reference subtitles for an episode or movie (OpenSubtitles, a local folder, …). */
export interface SubtitleQuery {
  /** The show or movie in the catalog (TMDB id); null when the disc was not found in the catalog. */
  catalogId: number | null;
  /** The show or movie name, for providers that search by name (e.g. a local folder per show). */
  title?: string | null;
  /** Release year of a movie (first-air year of a show), when known; tells remakes apart by name. */
  year?: number | null;
  season: number | null;
  episode: number | null;
  /** ISO 639-1, e.g. "en". */
  language: string;
}

export interface SubtitleDocument {
  season: number | null;
  episode: number | null;
  language: string;
  /** SRT text as downloaded. */
  srt: string;
  /** Provider-specific origin (file id, file name), never a secret. */
  origin: string;
}

export interface SubtitleQuota {
  remaining: number | null;
  resetsAt: string | null;
}

export interface SubtitleEpisodeRef {
  season: number;
  episode: number;
}

/**
 * A source of reference subtitles. `fetch` returns null when it has nothing for the query; when
 * its download quota is spent it throws a SubtitleError with code `quota_exhausted` (the job then
 * says so plainly and waits for uploaded SRTs).
 */
export interface SubtitleProvider {
  fetch(query: SubtitleQuery, signal: AbortSignal): Promise<SubtitleDocument | null>;
  quota(): SubtitleQuota;
  /** The episodes of a season it can provide (`query.episode` is ignored); optional. */
  available?(query: SubtitleQuery, signal: AbortSignal): Promise<SubtitleEpisodeRef[]>;
}
