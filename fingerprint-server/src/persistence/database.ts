/**
 * Opens the server's database: SQLite by default (WAL, busy timeout), PostgreSQL when DATABASE_URL
 * is `postgres://…` (the driver is loaded only then). The schema is brought up to the entities with
 * a safe update (tables, columns and indexes are added; nothing is ever dropped).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/core';
import { SERVER_ENTITIES } from './entities.ts';

export type Dialect = 'sqlite' | 'postgresql';

export interface ServerDatabase {
  orm: MikroORM;
  dialect: Dialect;
  close(): Promise<void>;
}

export function sqlitePath(url: string): string {
  if (url === ':memory:') return url;
  const stripped = url.replace(/^sqlite:(\/\/)?/, '').replace(/^file:(\/\/)?/, '');
  return path.resolve(stripped);
}

export async function openServerDatabase(databaseUrl: string): Promise<ServerDatabase> {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const { MikroORM } = await import('@mikro-orm/postgresql');
    const orm = await MikroORM.init({ clientUrl: databaseUrl, entities: SERVER_ENTITIES, debug: false });
    await orm.schema.update({ safe: true, dropTables: false });
    return { orm, dialect: 'postgresql', close: () => orm.close(true) };
  }
  const { MikroORM } = await import('@mikro-orm/sqlite');
  const file = sqlitePath(databaseUrl);
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const orm = await MikroORM.init({
    dbName: file,
    entities: SERVER_ENTITIES,
    debug: false,
    driverOptions: { timeout: 5000 },
  });
  const connection = orm.em.getConnection();
  if (file !== ':memory:') await connection.execute('pragma journal_mode = wal');
  await connection.execute('pragma synchronous = normal');
  // better-sqlite3 runs queries on the event loop: keep hot pages in memory (mapped file, 64 MB
  // cache) so an identify lookup is memory reads rather than many small file reads.
  await connection.execute('pragma mmap_size = 1073741824');
  await connection.execute('pragma cache_size = -65536');
  // Checkpoint the WAL in small steps (a commit that checkpoints holds the loop while it copies).
  await connection.execute('pragma wal_autocheckpoint = 256');
  await orm.schema.update({ safe: true, dropTables: false });
  // Fold the WAL left by earlier runs and the schema update into the file now, before the server
  // listens, rather than in the first request that writes.
  if (file !== ':memory:') await connection.execute('pragma wal_checkpoint(truncate)');
  return { orm, dialect: 'sqlite', close: () => orm.close(true) };
}
