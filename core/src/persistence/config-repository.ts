/** ConfigRepository on MikroORM: one `app_config` row per field, the value stored as JSON text. */
import type { MikroORM } from '@mikro-orm/sqlite';
import { DatabaseError } from '@spindle/plugin-sdk';
import { AppConfigEntryEntity } from './entities.ts';
import type { ConfigRepository } from './ports.ts';

export class MikroConfigRepository implements ConfigRepository {
  constructor(private readonly orm: MikroORM) {}

  async readAll(): Promise<Record<string, unknown>> {
    const rows = await this.orm.em.fork().find(AppConfigEntryEntity, {}, { orderBy: { key: 'asc' } });
    const values: Record<string, unknown> = {};
    for (const row of rows) {
      try {
        values[row.key] = JSON.parse(row.valueJson);
      } catch (cause) {
        throw new DatabaseError('config_corrupt', `Stored configuration value of "${row.key}" is not valid JSON`, {
          cause,
        });
      }
    }
    return values;
  }

  async writeMany(values: Record<string, unknown>): Promise<void> {
    const entries = Object.entries(values);
    if (entries.length === 0) return;
    const em = this.orm.em.fork();
    await em.transactional(async (tx) => {
      const updatedAt = new Date();
      for (const [key, value] of entries) {
        const valueJson = JSON.stringify(value ?? null);
        await tx.upsert(AppConfigEntryEntity, { key, valueJson, updatedAt });
      }
    });
  }
}
