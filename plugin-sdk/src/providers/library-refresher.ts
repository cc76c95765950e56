/** Asks a media server (Jellyfin, Plex, Emby) to rescan after files were added to the library. */

export interface RefreshRequest {
  /** Library folders that received files (the job's show or movie folder). */
  paths: string[];
  contentType: 'tv' | 'movie' | 'unknown';
  signal: AbortSignal;
}

export interface RefreshResult {
  /** What was asked for, for the job's timeline, e.g. "Plex: sections 1, 3 refreshed". */
  detail: string;
}

export interface LibraryRefresherStatus {
  /** False when the server is not set up (no URL): the refresher is skipped, not an error. */
  configured: boolean;
  /** A safe description of the server (host name; never a token). */
  target: string | null;
}

/** Never throws for "not configured" (check `status()`); throws a coded SpindleError when the server refused or was unreachable. */
export interface LibraryRefresher {
  refresh(request: RefreshRequest): Promise<RefreshResult>;
  status(): LibraryRefresherStatus;
}
