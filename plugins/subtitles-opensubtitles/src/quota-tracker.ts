/**
 * The daily download quota as OpenSubtitles last reported it (`remaining`, `reset_time_utc`),
 * kept in the plugin's store so a restart still knows the quota is spent.
 */
import {
  SubtitleError,
  type JsonValue,
  type KeyValueStore,
  type Logger,
  type SubtitleQuota,
} from '@spindle/plugin-sdk';

const STORE_KEY = 'download_quota';
/** When OpenSubtitles says the quota is spent but not when it resets, assume a day. */
const DEFAULT_RESET_MS = 24 * 3600 * 1000;

interface StoredQuota {
  remaining: number | null;
  resetsAt: string | null;
  recordedAt: string;
}

/** "2022-04-09 12:52 UTC" from an ISO time; the raw text when it cannot be read. */
export function formatResetTime(resetsAt: string | null): string | null {
  if (!resetsAt) return null;
  const at = new Date(resetsAt);
  if (Number.isNaN(at.getTime())) return resetsAt.slice(0, 60);
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The one error for a spent quota: says so plainly and what to do. */
export function quotaExhaustedError(resetsAt: string | null, cause?: unknown): SubtitleError {
  const when = formatResetTime(resetsAt);
  return new SubtitleError(
    'quota_exhausted',
    `OpenSubtitles' daily download quota is spent; it resets ${when ? `at ${when}` : 'within 24 hours'}. Add SRT files by hand to continue.`,
    { retryable: false, details: { resetsAt }, ...(cause === undefined ? {} : { cause }) },
  );
}

export class QuotaTracker {
  private state: StoredQuota | null = null;

  constructor(
    private readonly store: KeyValueStore,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  async load(): Promise<void> {
    try {
      const stored = await this.store.get<JsonValue>(STORE_KEY);
      if (stored && typeof stored === 'object' && !Array.isArray(stored) && typeof stored.recordedAt === 'string') {
        this.state = {
          remaining: typeof stored.remaining === 'number' ? stored.remaining : null,
          resetsAt: typeof stored.resetsAt === 'string' ? stored.resetsAt : null,
          recordedAt: stored.recordedAt,
        };
      }
    } catch (error) {
      this.logger.warn('could not read the last known OpenSubtitles quota', { error: String(error) });
    }
  }

  private resetTime(state: StoredQuota): number {
    const reset = state.resetsAt ? Date.parse(state.resetsAt) : Number.NaN;
    return Number.isNaN(reset) ? Date.parse(state.recordedAt) + DEFAULT_RESET_MS : reset;
  }

  /** What is known now; nothing once the reset time has passed. */
  current(): SubtitleQuota {
    const state = this.state;
    if (!state || this.now() >= this.resetTime(state)) return { remaining: null, resetsAt: null };
    return { remaining: state.remaining === null ? null : Math.max(0, state.remaining), resetsAt: state.resetsAt };
  }

  /** Throws `quota_exhausted` when the last answer said nothing is left and the reset is still ahead. */
  assertAvailable(): void {
    const state = this.state;
    if (state && state.remaining !== null && state.remaining <= 0 && this.now() < this.resetTime(state)) {
      throw quotaExhaustedError(state.resetsAt);
    }
  }

  async record(remaining: number | null, resetsAt: string | null): Promise<void> {
    this.state = { remaining, resetsAt, recordedAt: new Date(this.now()).toISOString() };
    await this.store.set(STORE_KEY, { ...this.state }).catch((error: unknown) => {
      this.logger.warn('could not remember the OpenSubtitles quota', { error: String(error) });
    });
  }
}
