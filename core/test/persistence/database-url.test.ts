import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/persistence/database.ts';
import { resolveDatabasePath } from '../../src/persistence/database-url.ts';
import { onCleanup, tempDir } from './test-database.ts';

describe('resolveDatabasePath', () => {
  const dataDir = '/var/lib/spindle';
  it.each([
    ['sqlite:///abs/path.db', '/abs/path.db'],
    ['sqlite:////abs/path.db', '/abs/path.db'],
    ['sqlite:relative/path.db', '/var/lib/spindle/relative/path.db'],
    ['sqlite:///./rel.db', '/var/lib/spindle/rel.db'],
    ['file:/abs/path.db', '/abs/path.db'],
    ['file:///abs/my%20path.db', '/abs/my path.db'],
    ['/plain/abs.db', '/plain/abs.db'],
    ['plain/rel.db', '/var/lib/spindle/plain/rel.db'],
    [':memory:', ':memory:'],
    ['sqlite::memory:', ':memory:'],
  ])('%s → %s', (url, expected) => {
    expect(resolveDatabasePath(url, dataDir)).toBe(expected);
  });

  it('rejects other databases and empty values', () => {
    expect(() => resolveDatabasePath('postgres://db/spindle', dataDir)).toThrow(/DATABASE_URL/);
    expect(() => resolveDatabasePath('  ', dataDir)).toThrow(/empty/);
  });
});

describe('openDatabase', () => {
  it('creates missing parent directories', async () => {
    const dir = tempDir();
    const db = await openDatabase({ databaseUrl: `sqlite://${dir}/nested/deeper/spindle.db`, dataDir: dir });
    onCleanup(() => db.close());
    expect(db.path).toBe(path.join(dir, 'nested', 'deeper', 'spindle.db'));
    expect(existsSync(db.path)).toBe(true);
  });

  it('opens an in-memory database with the full schema', async () => {
    const db = await openDatabase({ databaseUrl: ':memory:', dataDir: tempDir() });
    onCleanup(() => db.close());
    const job = await db.jobs.create({ volumeLabel: 'MEM', sourceKind: 'disc' });
    expect((await db.jobs.get(job.id))?.volumeLabel).toBe('MEM');
  });

  it('wraps failures in a DatabaseError', async () => {
    const dir = tempDir();
    await expect(openDatabase({ databaseUrl: 'mysql://x', dataDir: dir })).rejects.toMatchObject({
      category: 'configuration',
    });
    await expect(openDatabase({ databaseUrl: dir, dataDir: dir })).rejects.toMatchObject({
      code: 'database_open_failed',
      category: 'database',
    });
  });
});
