/**
 * Per-pseudonym rate limit, kept in the database (a fixed window on the contributor row) so that
 * several server instances behind one database share it. One atomic upsert per request.
 */
import type { MikroORM } from '@mikro-orm/core';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class PseudonymRateLimiter {
  constructor(
    private readonly orm: MikroORM,
    private readonly dialect: 'sqlite' | 'postgresql',
    private readonly limit: number,
    private readonly windowSeconds: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async take(pseudonym: string): Promise<RateDecision> {
    const nowSeconds = Math.floor(this.now() / 1000);
    const expired = nowSeconds - this.windowSeconds;
    const rows = (await this.orm.em
      .getConnection()
      .execute(
        'insert into contributor (pseudonym, created_at, window_started_at, window_count) values (?, ?, ?, 1) ' +
          'on conflict (pseudonym) do update set ' +
          'window_count = case when contributor.window_started_at <= ? then 1 else contributor.window_count + 1 end, ' +
          'window_started_at = case when contributor.window_started_at <= ? then ? else contributor.window_started_at end ' +
          'returning window_count, window_started_at',
        [
          pseudonym,
          this.dialect === 'sqlite' ? nowSeconds * 1000 : new Date(nowSeconds * 1000),
          nowSeconds,
          expired,
          expired,
          nowSeconds,
        ],
      )) as { window_count: number | string; window_started_at: number | string }[];
    const row = rows[0];
    if (!row || Number(row.window_count) <= this.limit) return { allowed: true };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Number(row.window_started_at) + this.windowSeconds - nowSeconds),
    };
  }
}
