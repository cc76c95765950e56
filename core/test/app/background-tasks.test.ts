import { describe, expect, it } from 'vitest';
import { BackgroundTasks } from '../../src/app/background-tasks.ts';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('BackgroundTasks', () => {
  it('is busy while a task runs and settles when every task, also one started meanwhile, has ended', async () => {
    const tasks = new BackgroundTasks();
    const first = deferred();
    const second = deferred();
    tasks.run(
      () => first.promise,
      () => undefined,
    );
    expect(tasks.busy).toBe(true);
    let settled = false;
    const waiting = tasks.settled().then(() => (settled = true));
    tasks.run(
      () => second.promise,
      () => undefined,
    );
    first.resolve();
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    second.resolve();
    await waiting;
    expect(tasks.busy).toBe(false);
  });

  it('hands a rejection and a synchronous throw to the error handler, never leaving an unhandled rejection', async () => {
    const tasks = new BackgroundTasks();
    const errors: unknown[] = [];
    tasks.run(
      () => Promise.reject(new Error('rejected')),
      (e) => errors.push(e),
    );
    tasks.run(
      () => {
        throw new Error('thrown');
      },
      (e) => errors.push(e),
    );
    tasks.run(
      () => Promise.reject(new Error('again')),
      () => {
        throw new Error('the handler itself fails');
      },
    );
    await tasks.settled();
    expect(errors.map((e) => (e as Error).message).sort()).toEqual(['rejected', 'thrown']);
  });

  it('stop() fires the signal every task got, with the reason, and waits for the tasks to end', async () => {
    const tasks = new BackgroundTasks();
    let seen: unknown = null;
    let ended = false;
    tasks.run(
      (signal) =>
        new Promise<void>((resolve) =>
          signal.addEventListener('abort', () => {
            seen = signal.reason;
            setTimeout(() => ((ended = true), resolve()), 20);
          }),
        ),
      () => undefined,
    );
    await tasks.stop('test over');
    expect(ended).toBe(true);
    expect((seen as Error).message).toBe('test over');
    expect(tasks.signal.aborted).toBe(true);
  });
});
