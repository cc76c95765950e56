/**
 * A request's time budget for comparison work, and the way work gives the event loop back.
 *
 * better-sqlite3 answers synchronously, so a request's handler would otherwise run from start to
 * end as one chain of microtasks, and the handlers of requests that arrived together would hold the
 * loop for the sum of their work. `loopTurn()` ends the current stretch once the loop has been held
 * for LOOP_SLICE_MS (by any request: the clock is shared), so timers, health checks and other
 * requests run in between. Comparisons call it between peers or candidates (each well under a
 * millisecond for a capped fingerprint) and handlers between their stages.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** The loop is given back once it has been held this long. */
export const LOOP_SLICE_MS = 2;

let heldSince = performance.now();

/** Yields one turn of the event loop when the loop has been held for a slice. */
export async function loopTurn(): Promise<void> {
  if (performance.now() - heldSince < LOOP_SLICE_MS) return;
  await nextTurn();
  heldSince = performance.now();
}

export class Deadline {
  private readonly endsAt: number;
  private lastYield: number;

  constructor(
    budgetMs: number,
    private readonly clock: () => number = () => performance.now(),
    /** Work runs this long at most between two turns of the event loop (for this request). */
    private readonly sliceMs = LOOP_SLICE_MS,
  ) {
    this.endsAt = clock() + budgetMs;
    this.lastYield = clock();
  }

  passed(): boolean {
    return this.clock() >= this.endsAt;
  }

  /** Lets the event loop run when this request, or the loop as a whole, has been held for a slice. */
  async yield(): Promise<void> {
    if (this.clock() - this.lastYield < this.sliceMs) return loopTurn();
    await nextTurn();
    heldSince = performance.now();
    this.lastYield = this.clock();
  }
}
