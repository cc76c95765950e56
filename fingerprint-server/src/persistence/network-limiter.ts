/**
 * Network-wide limits per minute (fixed windows kept in the database, so several instances on one
 * database share them): requests to the writing calls, and bytes stored. They protect the database
 * from a flood however many pseudonyms it uses. One atomic upsert per check; a refused request
 * still counts, so a flood keeps the window full until it stops.
 */
import type { MikroORM } from '@mikro-orm/core';

export type WindowDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class NetworkLimiter {
  constructor(
    private readonly orm: MikroORM,
    private readonly limits: { requestsPerMinute: number; storedBytesPerMinute: number },
    private readonly now: () => number = () => Date.now(),
    private readonly windowSeconds = 60,
  ) {}

  request(): Promise<WindowDecision> {
    return this.take('requests', 1, this.limits.requestsPerMinute);
  }

  storedBytes(bytes: number): Promise<WindowDecision> {
    return this.take('stored_bytes', bytes, this.limits.storedBytesPerMinute);
  }

  private async take(name: string, amount: number, limit: number): Promise<WindowDecision> {
    const nowSeconds = Math.floor(this.now() / 1000);
    const expired = nowSeconds - this.windowSeconds;
    const rows = (await this.orm.em
      .getConnection()
      .execute(
        'insert into network_window (name, window_started_at, amount) values (?, ?, ?) ' +
          'on conflict (name) do update set ' +
          'amount = case when network_window.window_started_at <= ? then excluded.amount else network_window.amount + excluded.amount end, ' +
          'window_started_at = case when network_window.window_started_at <= ? then excluded.window_started_at else network_window.window_started_at end ' +
          'returning amount, window_started_at',
        [name, nowSeconds, amount, expired, expired],
      )) as { amount: number | string; window_started_at: number | string }[];
    const row = rows[0];
    if (!row || Number(row.amount) <= limit) return { allowed: true };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Number(row.window_started_at) + this.windowSeconds - nowSeconds),
    };
  }
}
