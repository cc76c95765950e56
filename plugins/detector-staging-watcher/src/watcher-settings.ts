/** What the watcher reads: three application settings and its own two plugin settings. */
import type { StageContext } from '@spindle/plugin-sdk';

export const DEFAULT_POLL_SECONDS = 2;
export const DEFAULT_STABLE_POLLS = 2;
/** Never poll faster than this, whatever the setting says (keeps a typo from busy-looping). */
const MIN_POLL_MS = 50;

export interface WatcherSettings {
  enabled: boolean;
  /** null when staging_path is not set. */
  stagingPath: string | null;
  pollMs: number;
  /** Consecutive polls a folder's files must stay unchanged before it is imported. */
  stablePolls: number;
  usePolling: boolean;
}

export function readWatcherSettings(ctx: StageContext): WatcherSettings {
  const path = ctx.setting('staging_path');
  const seconds = ctx.setting('staging_poll_interval_seconds');
  const stable = ctx.settings.stable_polls;
  return {
    enabled: ctx.setting('staging_watch_enabled') === true,
    stagingPath: typeof path === 'string' && path.trim() !== '' ? path : null,
    pollMs: Math.max(
      MIN_POLL_MS,
      Math.round((typeof seconds === 'number' && seconds > 0 ? seconds : DEFAULT_POLL_SECONDS) * 1000),
    ),
    stablePolls: typeof stable === 'number' && Number.isInteger(stable) && stable >= 1 ? stable : DEFAULT_STABLE_POLLS,
    usePolling: ctx.settings.use_polling === true,
  };
}

/** "2 s", "250 ms" */
export function formatInterval(ms: number): string {
  return ms >= 1000 && ms % 100 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
