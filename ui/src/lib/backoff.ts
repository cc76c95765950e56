/** Exponential reconnect delays with jitter: 0.5 s, 1 s, 2 s, 4 s … capped at `maxMs`. */
export class Backoff {
  private attempt = 0;

  constructor(
    private readonly baseMs = 500,
    private readonly maxMs = 10_000,
    private readonly random: () => number = Math.random,
  ) {}

  /** The delay before the next attempt; each call doubles the following one. */
  next(): number {
    const ceiling = Math.min(this.maxMs, this.baseMs * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 30);
    // Full delay scaled into [75 %, 100 %] so many browsers do not reconnect in lockstep.
    return Math.round(ceiling * (0.75 + 0.25 * this.random()));
  }

  get attempts(): number {
    return this.attempt;
  }

  reset(): void {
    this.attempt = 0;
  }
}
