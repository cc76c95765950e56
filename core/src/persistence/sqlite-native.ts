/**
 * Per-connection setup of the better-sqlite3 handle behind MikroORM: WAL journal, busy timeout,
 * foreign keys, and the Unicode case-folding function used by the history search (SQLite's
 * own lower()/LIKE fold only ASCII).
 */
import type { MikroORM } from '@mikro-orm/sqlite';
import { BUSY_TIMEOUT_MS } from './orm-options.ts';

export const CASEFOLD_FUNCTION = 'spindle_casefold';

/** The part of better-sqlite3's Database this module uses. */
interface NativeSqlite {
  pragma(source: string, options?: { simple?: boolean }): unknown;
  function(name: string, options: { deterministic?: boolean }, fn: (value: unknown) => unknown): unknown;
}

export async function configureConnection(orm: MikroORM, inMemory: boolean): Promise<void> {
  const db = (await orm.em.getConnection().getNativeClient()) as NativeSqlite;
  if (!inMemory) db.pragma('journal_mode = WAL');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  db.function(CASEFOLD_FUNCTION, { deterministic: true }, (value) =>
    typeof value === 'string' ? value.normalize('NFKC').toLowerCase() : value,
  );
}

export async function pragmaValue(orm: MikroORM, name: string): Promise<unknown> {
  const db = (await orm.em.getConnection().getNativeClient()) as NativeSqlite;
  return db.pragma(name, { simple: true });
}
