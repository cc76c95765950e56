import { describe, expect, it } from 'vitest';
import { AbortedError, errorMessage, SpindleError } from '../src/errors.ts';
import { MAX_TIMER_MS, sleep } from '../src/runtime/sleep.ts';

describe('sleep', () => {
  it('resolves after the time when nothing stops it', async () => {
    const started = Date.now();
    await expect(sleep(30, new AbortController().signal)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(20);
    await expect(sleep(1)).resolves.toBeUndefined();
  });

  it('rejects with an AbortedError carrying the reason as soon as the signal fires, long before the time', async () => {
    const controller = new AbortController();
    const reason = new Error('Spindle is shutting down');
    setTimeout(() => controller.abort(reason), 10);
    const error = await sleep(10 * 60_000, controller.signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect(error).toMatchObject({ code: 'aborted', message: 'Spindle is shutting down', cause: reason });
  });

  it('waits for a time beyond one timer’s reach (or Infinity) instead of firing at once', async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    try {
      for (const ms of [MAX_TIMER_MS + 1, 1e250, Infinity]) {
        const controller = new AbortController();
        let settled = false;
        const waiting = sleep(ms, controller.signal).finally(() => (settled = true));
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(settled, `sleep(${ms}) returned early`).toBe(false);
        controller.abort(new Error('stop'));
        await expect(waiting).rejects.toMatchObject({ code: 'aborted', message: 'stop' });
      }
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.name === 'TimeoutOverflowWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('rejects at once when the signal has already fired', async () => {
    const controller = new AbortController();
    controller.abort('not an error');
    await expect(sleep(10 * 60_000, controller.signal)).rejects.toMatchObject({
      code: 'aborted',
      message: 'Operation aborted',
    });
  });
});

describe('errorMessage', () => {
  it("is an Error's message and anything else's string form", () => {
    expect(errorMessage(new Error('disk full'))).toBe('disk full');
    expect(errorMessage(new SpindleError('x', 'no catalog chosen'))).toBe('no catalog chosen');
    expect(errorMessage('plain text')).toBe('plain text');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(undefined)).toBe('undefined');
  });
});
