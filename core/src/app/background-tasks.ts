/**
 * Work a long-lived service runs in the background (notifications, library refreshes,
 * contributions): started without being awaited, a failure handed to its own handler (never an
 * unhandled rejection), all of it waited for by `settled()`, and cut short by `stop()`, which fires
 * the signal every task was given and then waits for them to end.
 */
export class BackgroundTasks {
  private readonly lifetime = new AbortController();
  private readonly running = new Set<Promise<void>>();

  /** Fires on stop(); hand it to the work so that it ends early. */
  get signal(): AbortSignal {
    return this.lifetime.signal;
  }

  /** True while a task is under way. */
  get busy(): boolean {
    return this.running.size > 0;
  }

  /** Starts `task` now; its failure (thrown or rejected) goes to `onError`. */
  run(task: (signal: AbortSignal) => Promise<unknown>, onError: (error: unknown) => void): void {
    let work: Promise<unknown>;
    try {
      work = task(this.lifetime.signal);
    } catch (error) {
      work = Promise.reject(error);
    }
    const tracked: Promise<void> = work
      .then(
        () => undefined,
        (error: unknown) => onError(error),
      )
      .catch(() => undefined) // an onError that throws must not become an unhandled rejection
      .finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  /** Resolves when every task has finished, including tasks started while waiting. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /** Fires the signal (with `reason`) and waits for every task to end. */
  async stop(reason = 'Spindle is shutting down'): Promise<void> {
    this.lifetime.abort(new Error(reason));
    await this.settled();
  }
}
