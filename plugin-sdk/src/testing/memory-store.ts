import type { JsonValue, KeyValueStore } from '../context.ts';

/**
 * An in-memory KeyValueStore. Values are deep-copied on the way in and out, like a real store
 * that serialises them, so a plugin cannot rely on sharing object identity with the store.
 */
export class MemoryKeyValueStore implements KeyValueStore {
  private readonly data = new Map<string, JsonValue>();

  constructor(initial: Record<string, JsonValue> = {}) {
    for (const [key, value] of Object.entries(initial)) this.data.set(key, structuredClone(value));
  }

  async get<T extends JsonValue = JsonValue>(key: string): Promise<T | undefined> {
    const value = this.data.get(key);
    return value === undefined ? undefined : (structuredClone(value) as T);
  }

  async set(key: string, value: JsonValue): Promise<void> {
    if (value === undefined) throw new TypeError(`KeyValueStore.set("${key}") needs a JSON value, got undefined`);
    this.data.set(key, JSON.parse(JSON.stringify(value)) as JsonValue);
  }

  async delete(key: string): Promise<void> {
    this.data.delete(key);
  }

  async keys(prefix = ''): Promise<string[]> {
    return [...this.data.keys()].filter((k) => k.startsWith(prefix)).sort();
  }

  /** A plain copy of everything stored, for assertions. */
  snapshot(): Record<string, JsonValue> {
    return Object.fromEntries([...this.data].map(([k, v]) => [k, structuredClone(v)]));
  }
}
