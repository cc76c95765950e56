/** Waiting that a stop can cut short. */
import { setTimeout as wait } from 'node:timers/promises';
import { abortedError } from '../errors.ts';

/**
 * Resolves after `ms` milliseconds. With a signal it rejects with AbortedError (the reason's
 * message, the reason as its cause) as soon as the signal fires, at once when it already has, and
 * the timer is cleared.
 */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  try {
    await wait(ms, undefined, signal ? { signal } : undefined);
  } catch (error) {
    if (signal?.aborted) throw abortedError(signal);
    throw error;
  }
}
