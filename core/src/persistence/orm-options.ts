/**
 * The MikroORM options for a Spindle database file. Shared by openDatabase and by tests that
 * need to drive the migrator directly (e.g. to build a database at an older revision).
 */
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/sqlite';
import { migrationsList } from '../../../migrations/index.ts';
import { ALL_ENTITIES } from './entities.ts';

export const BUSY_TIMEOUT_MS = 5000;
export const MIGRATIONS_TABLE = 'mikro_orm_migrations';

export function ormOptions(dbPath: string, debug = false): Options {
  return defineConfig({
    dbName: dbPath,
    entities: ALL_ENTITIES,
    extensions: [Migrator],
    // better-sqlite3's `timeout` is SQLite's busy timeout.
    driverOptions: { timeout: BUSY_TIMEOUT_MS },
    migrations: {
      migrationsList,
      tableName: MIGRATIONS_TABLE,
      snapshot: false,
      silent: true,
      transactional: true,
      allOrNothing: true,
    },
    debug,
  });
}
