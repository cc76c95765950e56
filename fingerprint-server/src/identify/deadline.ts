/**
 * A request's time budget for comparison work, and the way that work gives the event loop back:
 * comparisons run in small steps (one peer or candidate each, well under a millisecond for a
 * capped fingerprint) with a macrotask turn between them, so other requests and health checks are
 * served meanwhile, and the loop stops once the budget is spent.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

export class Deadline {
  private readonly endsAt: number;
  private lastYield: number;

  constructor(
    budgetMs: number,
    private readonly clock: () => number = () => performance.now(),
    /** Work runs this long at most between two turns of the event loop. */
    private readonly sliceMs = 2,
  ) {
    this.endsAt = clock() + budgetMs;
    this.lastYield = clock();
  }

  passed(): boolean {
    return this.clock() >= this.endsAt;
  }

  /** Lets the event loop run when this request has held it for a slice. */
  async yield(): Promise<void> {
    if (this.clock() - this.lastYield < this.sliceMs) return;
    await nextTurn();
    this.lastYield = this.clock();
  }
}
