/** Reference subtitles for an episode or movie (OpenSubtitles, a local folder, …). */
export interface SubtitleQuery {
  catalogId: number;
  season: number | null;
  episode: number | null;
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

export interface SubtitleProvider {
  fetch(query: SubtitleQuery, signal: AbortSignal): Promise<SubtitleDocument | null>;
  quota(): SubtitleQuota;
}
