/**
 * Answers kept in the plugin's persistent key-value store, so a restart or the next disc of a set
 * does not ask TMDB again. Entries older than the TTL are ignored and replaced.
 */
import { createHash } from 'node:crypto';
import type { JsonValue, KeyValueStore } from '@spindle/plugin-sdk';

interface Entry {
  at: number;
  body: JsonValue;
}

export const CACHE_PREFIX = 'cache:';

export class ResponseCache {
  constructor(
    private readonly store: KeyValueStore,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** One key per base URL, path and query (never the credential). */
  static keyOf(baseUrl: string, pathAndQuery: string): string {
    const base = createHash('sha256').update(baseUrl).digest('hex').slice(0, 8);
    return `${CACHE_PREFIX}${base}:${pathAndQuery}`;
  }

  async get(key: string): Promise<{ hit: true; body: JsonValue } | { hit: false }> {
    if (this.ttlMs <= 0) return { hit: false };
    const entry = await this.store.get<{ at: number; body: JsonValue }>(key).catch(() => undefined);
    if (!entry || typeof entry.at !== 'number' || this.now() - entry.at > this.ttlMs) return { hit: false };
    return { hit: true, body: entry.body };
  }

  async set(key: string, body: JsonValue): Promise<void> {
    if (this.ttlMs <= 0) return;
    const entry: Entry = { at: this.now(), body };
    await this.store.set(key, entry as unknown as JsonValue);
  }
}
