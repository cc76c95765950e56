/**
 * Turns DATABASE_URL into a SQLite file path (or ':memory:').
 * Accepted forms: `sqlite:///abs/path.db`, `sqlite:relative/path.db`, `sqlite::memory:`,
 * `file:/abs/path.db`, `file:///abs/path.db`, a plain path, and `:memory:`.
 * Relative paths resolve against the data directory, so the location does not depend on the
 * working directory the service was started from.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigurationError } from '@spindle/plugin-sdk';

export const MEMORY_DATABASE = ':memory:';

const WINDOWS_DRIVE = /^[a-zA-Z]:[\\/]/;

export function resolveDatabasePath(databaseUrl: string, dataDir: string): string {
  const url = databaseUrl.trim();
  if (url === '') {
    throw new ConfigurationError('invalid_database_url', 'DATABASE_URL is empty');
  }
  if (url === MEMORY_DATABASE) return MEMORY_DATABASE;
  const raw = stripScheme(url);
  if (raw === MEMORY_DATABASE) return MEMORY_DATABASE;
  if (raw === '') {
    throw new ConfigurationError('invalid_database_url', `DATABASE_URL has no file path: ${url}`);
  }
  const absolute = path.isAbsolute(raw) || WINDOWS_DRIVE.test(raw);
  return absolute ? path.normalize(raw) : path.resolve(dataDir, raw);
}

function stripScheme(url: string): string {
  if (WINDOWS_DRIVE.test(url)) return url;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return url;
  const rest = url.slice(scheme.length + 1).split('?')[0]!;
  if (scheme === 'sqlite' || scheme === 'sqlite3') {
    if (rest.startsWith('//')) {
      // sqlite:///abs/path.db (also sqlite:////abs, and sqlite:///C:/x.db on Windows).
      const after = rest.slice(2).replace(/^\/+(?=\/)/, '');
      if (/^\/[a-zA-Z]:[\\/]/.test(after)) return after.slice(1);
      if (after.startsWith('/./') || after.startsWith('/../')) return after.slice(1);
      return after;
    }
    return rest;
  }
  if (scheme === 'file') {
    if (rest.startsWith('//')) return fileURLToPath(url.split('?')[0]!);
    return decodeURIComponent(rest);
  }
  throw new ConfigurationError(
    'invalid_database_url',
    `DATABASE_URL must be a SQLite file (sqlite:, file: or a path), got scheme "${scheme}:"`,
  );
}
