/**
 * Opens the SQLite database: resolves DATABASE_URL, creates parent directories, configures the
 * connection (WAL, busy timeout, foreign keys), applies migrations, and wires the repositories.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/sqlite';
import { DatabaseError, errorMessage, SpindleError } from '@spindle/plugin-sdk';
import { SealedConfigRepository } from '../config/sealed-config-repository.ts';
import { SecretBox } from '../config/secret-box.ts';
import { MikroConfigRepository } from './config-repository.ts';
import { MEMORY_DATABASE, resolveDatabasePath } from './database-url.ts';
import { MikroJobRepository } from './job-repository.ts';
import { ormOptions } from './orm-options.ts';
import { MikroPluginStoreRepository } from './plugin-store-repository.ts';
import type { ConfigRepository, JobRepository, PluginStoreRepository, TitleRepository } from './ports.ts';
import { migrateToLatest, type MigrationOutcome } from './schema-migrations.ts';
import { configureConnection } from './sqlite-native.ts';
import { MikroTitleRepository } from './title-repository.ts';

export interface OpenDatabaseOptions {
  /** DATABASE_URL: `sqlite:///abs.db`, `sqlite:rel.db`, `file:/abs.db`, a path, or `:memory:`. */
  databaseUrl: string;
  /** Relative database paths resolve against this directory. */
  dataDir: string;
  /** Log SQL (MikroORM debug). */
  debug?: boolean;
}

export interface Database {
  orm: MikroORM;
  /** The resolved database file, or ':memory:'. */
  path: string;
  /** What openDatabase did to the schema. */
  migration: MigrationOutcome;
  jobs: JobRepository;
  titles: TitleRepository;
  config: ConfigRepository;
  pluginStore: PluginStoreRepository;
  close(): Promise<void>;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const dbPath = resolveDatabasePath(options.databaseUrl, options.dataDir);
  const inMemory = dbPath === MEMORY_DATABASE;
  if (!inMemory) {
    try {
      mkdirSync(path.dirname(dbPath), { recursive: true });
    } catch (cause) {
      throw new DatabaseError(
        'database_dir_unavailable',
        `Cannot create the database directory ${path.dirname(dbPath)}`,
        { cause },
      );
    }
  }

  let orm: MikroORM | undefined;
  try {
    orm = await MikroORM.init(ormOptions(dbPath, options.debug ?? false));
    await configureConnection(orm, inMemory);
    const migration = await migrateToLatest(orm);
    const opened = orm;
    return {
      orm: opened,
      path: dbPath,
      migration,
      jobs: new MikroJobRepository(opened),
      titles: new MikroTitleRepository(opened),
      // Credentials are stored sealed with a key kept beside the database, never in it.
      config: new SealedConfigRepository(
        new MikroConfigRepository(opened),
        new SecretBox(path.join(options.dataDir, 'secret.key')),
      ),
      pluginStore: new MikroPluginStoreRepository(opened),
      close: () => opened.close(true),
    };
  } catch (cause) {
    await orm?.close(true).catch(() => undefined);
    if (SpindleError.is(cause)) throw cause;
    const reason = errorMessage(cause);
    throw new DatabaseError('database_open_failed', `Cannot open the database at ${dbPath}: ${reason}`, { cause });
  }
}
