/** Waiting that a stop can cut short. */
import { setTimeout as wait } from 'node:timers/promises';
import { abortedError } from '../errors.ts';

/**
 * The longest single timer Node keeps: anything longer is silently shortened to 1 ms (with a
 * TimeoutOverflowWarning), which would turn "wait a very long time" into "don't wait at all".
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Resolves after `ms` milliseconds. With a signal it rejects with AbortedError (the reason's
 * message, the reason as its cause) as soon as the signal fires, at once when it already has, and
 * the timer is cleared. A time beyond one timer's reach (or Infinity) is waited in steps, so a
 * huge value waits (until stopped) instead of firing at once.
 */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  let left = Number.isNaN(ms) ? 0 : Math.max(0, ms);
  try {
    do {
      const step = Math.min(left, MAX_TIMER_MS);
      await wait(step, undefined, signal ? { signal } : undefined);
      left -= step;
    } while (left > 0);
  } catch (error) {
    if (signal?.aborted) throw abortedError(signal);
    throw error;
  }
}
