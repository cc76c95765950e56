/** PluginStoreRepository on MikroORM: the `plugin_kv` table, unique per (plugin_id, key). */
import type { MikroORM } from '@mikro-orm/sqlite';
import { PluginKvEntryEntity } from './entities.ts';
import type { PluginStoreRepository } from './ports.ts';

export class MikroPluginStoreRepository implements PluginStoreRepository {
  constructor(private readonly orm: MikroORM) {}

  async get(pluginId: string, key: string): Promise<string | undefined> {
    const row = await this.orm.em.fork().findOne(PluginKvEntryEntity, { pluginId, key });
    return row?.valueJson;
  }

  async set(pluginId: string, key: string, valueJson: string): Promise<void> {
    await this.orm.em.fork().upsert(
      PluginKvEntryEntity,
      { pluginId, key, valueJson, updatedAt: new Date() },
      {
        onConflictFields: ['pluginId', 'key'],
        onConflictAction: 'merge',
        onConflictMergeFields: ['valueJson', 'updatedAt'],
      },
    );
  }

  async delete(pluginId: string, key: string): Promise<void> {
    await this.orm.em.fork().nativeDelete(PluginKvEntryEntity, { pluginId, key });
  }

  async keys(pluginId: string, prefix: string): Promise<string[]> {
    // Range scan on the (plugin_id, key) index; SQLite compares text bytewise (case-sensitive).
    const rows = await this.orm.em
      .fork()
      .find(PluginKvEntryEntity, { pluginId, key: { $gte: prefix } }, { fields: ['key'], orderBy: { key: 'asc' } });
    return rows.map((row) => row.key).filter((key) => key.startsWith(prefix));
  }
}
