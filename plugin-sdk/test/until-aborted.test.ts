import { describe, expect, it } from 'vitest';
import { untilAborted } from '../src/errors.ts';

describe('untilAborted', () => {
  it('passes the value and the error of the work through', async () => {
    const signal = new AbortController().signal;
    await expect(untilAborted(Promise.resolve(7), signal)).resolves.toBe(7);
    await expect(untilAborted(Promise.reject(new Error('boom')), signal)).rejects.toThrow('boom');
  });

  it('rejects with an AbortedError as soon as the signal fires, without waiting for the work', async () => {
    const controller = new AbortController();
    const never = new Promise<number>(() => undefined);
    const started = Date.now();
    setTimeout(() => controller.abort(new Error('Cancelled by user')), 20);
    await expect(untilAborted(never, controller.signal)).rejects.toMatchObject({
      code: 'aborted',
      message: 'Cancelled by user',
    });
    expect(Date.now() - started).toBeLessThan(5000); // the work never settles
  });

  it('rejects at once when the signal has already fired', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(untilAborted(Promise.reject(new Error('ignored')), controller.signal)).rejects.toMatchObject({
      code: 'aborted',
    });
  });
});
