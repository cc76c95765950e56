/** The per-plugin key-value store, backed by the plugin_kv table. */
import type { JsonValue, KeyValueStore } from '@spindle/plugin-sdk';
import type { PluginStoreRepository } from '../persistence/ports.ts';

export function createPluginStore(repo: PluginStoreRepository, pluginId: string): KeyValueStore {
  return {
    async get<T extends JsonValue = JsonValue>(key: string): Promise<T | undefined> {
      const raw = await repo.get(pluginId, key);
      return raw === undefined ? undefined : (JSON.parse(raw) as T);
    },
    set: (key, value) => repo.set(pluginId, key, JSON.stringify(value)),
    delete: (key) => repo.delete(pluginId, key),
    keys: (prefix = '') => repo.keys(pluginId, prefix),
  };
}
