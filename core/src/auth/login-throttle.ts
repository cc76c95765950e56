/**
 * Slows down password guessing, per client address: a few wrong passwords are free, then each
 * further one locks that address out for twice as long as the last (30 s, 1 min, 2 min, … up to
 * 15 min). A right password clears the address's count. Checks also run at most a few at a
 * time in total, so parallel guesses cannot make the slow hash eat the machine.
 */
export interface ThrottleOptions {
  freeFailures?: number;
  firstLockMs?: number;
  maxLockMs?: number;
  maxConcurrent?: number;
  now?: () => number;
}

interface Entry {
  failures: number;
  lockedUntil: number;
}

const MAX_TRACKED = 10_000;

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();
  private readonly freeFailures: number;
  private readonly firstLockMs: number;
  private readonly maxLockMs: number;
  private readonly maxConcurrent: number;
  private readonly now: () => number;
  private running = 0;

  constructor(options: ThrottleOptions = {}) {
    this.freeFailures = options.freeFailures ?? 5;
    this.firstLockMs = options.firstLockMs ?? 30_000;
    this.maxLockMs = options.maxLockMs ?? 15 * 60_000;
    this.maxConcurrent = options.maxConcurrent ?? 4;
    this.now = options.now ?? Date.now;
  }

  /** Seconds the address must wait before its next attempt, or 0 when it may try now. */
  waitSeconds(address: string): number {
    const entry = this.entries.get(address);
    const left = entry ? entry.lockedUntil - this.now() : 0;
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /** Runs one password check for the address, or returns 'busy' when too many run already. */
  async attempt(address: string, check: () => Promise<boolean>): Promise<boolean | 'busy'> {
    if (this.running >= this.maxConcurrent) return 'busy';
    this.running++;
    try {
      const ok = await check();
      if (ok) this.entries.delete(address);
      else this.failed(address);
      return ok;
    } finally {
      this.running--;
    }
  }

  private failed(address: string): void {
    const entry = this.entries.get(address) ?? { failures: 0, lockedUntil: 0 };
    this.entries.delete(address); // re-insert: the map stays ordered by last failure
    entry.failures++;
    const over = entry.failures - this.freeFailures;
    if (over >= 0)
      entry.lockedUntil = this.now() + Math.min(this.maxLockMs, this.firstLockMs * 2 ** Math.min(over, 20));
    this.entries.set(address, entry);
    if (this.entries.size > MAX_TRACKED) this.entries.delete(this.entries.keys().next().value!);
  }
}
