/**
 * Bounded retries with exponential backoff for deliveries to outside services: an error the
 * provider marks `retryable` (network errors, HTTP 5xx, 429) is tried again after 1 s, 2 s, 4 s …
 * (with a little jitter, capped), at most `attempts` times in all; anything else fails at once.
 */
import { sleep, SpindleError } from '@spindle/plugin-sdk';

export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 1000, maxDelayMs: 30_000 };

export interface RetryOutcome {
  ok: boolean;
  attempts: number;
  error: unknown;
}

export function backoffMs(policy: RetryPolicy, retry: number, random = Math.random): number {
  const base = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(base * (0.9 + 0.2 * random()));
}

/** Runs `attempt` until it succeeds, fails for good, or the policy's attempts are spent. Never throws. */
export async function withRetries(
  attempt: () => Promise<void>,
  policy: RetryPolicy,
  signal: AbortSignal,
  onRetry?: (error: unknown, attemptNumber: number, delayMs: number) => void,
): Promise<RetryOutcome> {
  for (let n = 1; ; n++) {
    try {
      await attempt();
      return { ok: true, attempts: n, error: null };
    } catch (error) {
      const retryable = SpindleError.is(error) && error.retryable;
      if (!retryable || n >= policy.attempts || signal.aborted) return { ok: false, attempts: n, error };
      const delay = backoffMs(policy, n - 1);
      onRetry?.(error, n, delay);
      try {
        await sleep(delay, signal);
      } catch (stopped) {
        return { ok: false, attempts: n, error: stopped };
      }
    }
  }
}
