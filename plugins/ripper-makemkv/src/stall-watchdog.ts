/**
 * Fires once when nothing moved for `timeoutMs`: callers `touch()` it on every sign of life
 * (a progress value that changed, an output file that grew). Checked on a timer a few times per
 * timeout, so it fires between `timeoutMs` and `timeoutMs` plus one check interval.
 */
export class StallWatchdog {
  private lastActivity: number;
  private timer: NodeJS.Timeout | null = null;
  private fired = false;

  constructor(
    private readonly timeoutMs: number,
    private readonly onStall: () => void,
    private readonly now: () => number = Date.now,
  ) {
    this.lastActivity = now();
  }

  start(): this {
    const interval = Math.max(50, Math.min(1000, this.timeoutMs / 4));
    this.timer = setInterval(() => this.check(), interval);
    this.timer.unref();
    return this;
  }

  touch(): void {
    this.lastActivity = this.now();
  }

  get stalled(): boolean {
    return this.fired;
  }

  /** Milliseconds since the last sign of life. */
  get idleMs(): number {
    return this.now() - this.lastActivity;
  }

  check(): void {
    if (this.fired || this.idleMs < this.timeoutMs) return;
    this.fired = true;
    this.stop();
    this.onStall();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
