/**
 * Brings a database to the latest schema revision at startup.
 * - Fresh database: every migration runs, in order.
 * - Database with a migrations table: the pending migrations run.
 * - Pre-migrations install (application tables, no migration recorded): whatever is missing is
 *   added with a safe schema update (additions only, nothing dropped), then every migration is
 *   recorded as applied ("stamped" at the latest revision). Stored jobs and config are kept.
 */
import type { Migrator } from '@mikro-orm/migrations';
import type { MikroORM } from '@mikro-orm/sqlite';
import { migrationsList } from '../../../migrations/index.ts';
import { MIGRATIONS_TABLE } from './orm-options.ts';

const APPLICATION_TABLES = ['job', 'title', 'app_config', 'job_event', 'plugin_kv'];

export interface MigrationOutcome {
  /** 'stamped' when a pre-migrations database was adopted. */
  mode: 'migrated' | 'stamped';
  applied: string[];
}

export async function migrateToLatest(orm: MikroORM): Promise<MigrationOutcome> {
  const tables = await listTables(orm);
  // An empty migrations table counts as none: a stamp interrupted before it was recorded.
  const recorded = tables.has(MIGRATIONS_TABLE) ? await countRows(orm, MIGRATIONS_TABLE) : 0;
  const isLegacy = recorded === 0 && APPLICATION_TABLES.some((name) => tables.has(name));
  if (isLegacy) {
    await orm.schema.update({ safe: true, dropTables: false });
    const names = migrationsList.map((migration) => migration.name);
    const storage = (orm.migrator as unknown as Migrator).getStorage();
    await storage.ensureTable();
    await orm.em.getConnection().transactional(async (tx) => {
      for (const name of names) await storage.logMigration({ name }, tx);
    });
    return { mode: 'stamped', applied: names };
  }
  const applied = await orm.migrator.up();
  return { mode: 'migrated', applied: applied.map((migration) => migration.name) };
}

async function countRows(orm: MikroORM, table: string): Promise<number> {
  const [row] = await orm.em.getConnection().execute<{ n: number }[]>(`select count(*) as n from \`${table}\``);
  return Number(row?.n ?? 0);
}

export async function listTables(orm: MikroORM): Promise<Set<string>> {
  const rows = await orm.em
    .getConnection()
    .execute<{ name: string }[]>(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`);
  return new Set(rows.map((row) => row.name));
}
