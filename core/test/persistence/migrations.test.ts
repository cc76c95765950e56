import path from 'node:path';
import { MikroORM } from '@mikro-orm/sqlite';
import { describe, expect, it } from 'vitest';
import { migrationsList } from '../../../migrations/index.ts';
import { openDatabase } from '../../src/persistence/database.ts';
import { MIGRATIONS_TABLE, ormOptions } from '../../src/persistence/orm-options.ts';
import { listTables } from '../../src/persistence/schema-migrations.ts';
import { pragmaValue } from '../../src/persistence/sqlite-native.ts';
import { onCleanup, openTempDatabase, tempDir } from './test-database.ts';

const ALL_NAMES = migrationsList.map((m) => m.name);
const [FIRST] = ALL_NAMES;

async function executedMigrations(orm: MikroORM): Promise<string[]> {
  const rows = await orm.em
    .getConnection()
    .execute<{ name: string }[]>(`select name from ${MIGRATIONS_TABLE} order by id`);
  return rows.map((row) => row.name);
}

/** An ORM handle on a file without running openDatabase (no migrations applied). */
async function rawOrm(file: string): Promise<MikroORM> {
  const orm = await MikroORM.init(ormOptions(file));
  onCleanup(() => orm.close(true));
  return orm;
}

describe('migrations', () => {
  it('names files <timestamp>-<VerbNoun> and lists them in order', () => {
    expect(ALL_NAMES.length).toBeGreaterThanOrEqual(2);
    for (const name of ALL_NAMES) expect(name).toMatch(/^\d{14}-[A-Z][A-Za-z]+$/);
    expect([...ALL_NAMES].sort()).toEqual(ALL_NAMES);
  });

  it('applies every migration to a fresh database', async () => {
    const db = await openTempDatabase();
    expect(db.migration).toEqual({ mode: 'migrated', applied: ALL_NAMES });
    expect(await executedMigrations(db.orm)).toEqual(ALL_NAMES);
    const tables = await listTables(db.orm);
    for (const table of ['job', 'title', 'app_config', 'job_event', 'plugin_kv']) expect(tables.has(table)).toBe(true);
  });

  it('leaves the schema exactly as the entities describe it (no drift)', async () => {
    const db = await openTempDatabase();
    expect((await db.orm.schema.getUpdateSchemaSQL({ wrap: false })).trim()).toBe('');
  });

  it('is a no-op when reopened', async () => {
    const dir = tempDir();
    await (await openDatabase({ databaseUrl: 'spindle.db', dataDir: dir })).close();
    const again = await openTempDatabase(dir);
    expect(again.migration.applied).toEqual([]);
    expect(await executedMigrations(again.orm)).toEqual(ALL_NAMES);
  });

  it('upgrades a database at migration 1, keeping its config and jobs', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'spindle.db');
    const old = await MikroORM.init(ormOptions(file));
    await old.migrator.up({ to: FIRST });
    const conn = old.em.getConnection();
    await conn.execute(
      `insert into app_config (key, value_json, updated_at) values ('staging_path', '"/srv/staging"', 1), ('ripper_key', '"T-abc"', 1)`,
    );
    await conn.execute(
      `insert into job (volume_label, state, content_type, source_kind, created_at, updated_at, completed_at, error_message)
       values ('OLD_DISC', 'failed', 'tv', 'disc', 1000, 2000, 2000, 'disc read error')`,
    );
    expect((await listTables(old)).has('job_event')).toBe(false);
    await old.close(true);

    const db = await openTempDatabase(dir);
    expect(db.migration).toEqual({ mode: 'migrated', applied: ALL_NAMES.slice(1) });
    expect(await db.config.readAll()).toEqual({ staging_path: '/srv/staging', ripper_key: 'T-abc' });
    const [job] = (await db.jobs.history({ page: 1, perPage: 10 })).items;
    expect(job).toMatchObject({
      volumeLabel: 'OLD_DISC',
      state: 'failed',
      errorMessage: 'disc read error',
      simulated: false,
      identityDeclared: false,
    });
    expect(job!.createdAt.getTime()).toBe(1000);
    expect(await db.jobs.timeline(job!.id)).toEqual([]);
    expect((await db.orm.schema.getUpdateSchemaSQL({ wrap: false })).trim()).toBe('');
  });

  it('stamps a pre-migrations database at the latest revision and keeps its data', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'spindle.db');
    // A legacy install: the original tables created directly, without a migrations table.
    const legacy = await rawOrm(file);
    const conn = legacy.em.getConnection();
    await conn.execute(
      "create table `job` (`id` integer not null primary key autoincrement, `state` text not null default 'idle', " +
        "`content_type` text not null default 'unknown', `volume_label` text not null, `source_kind` text not null default 'disc', " +
        '`created_at` datetime not null, `updated_at` datetime not null, `completed_at` datetime null, `cleared_at` datetime null, ' +
        '`error_message` text null)',
    );
    await conn.execute(
      'create table `app_config` (`key` text not null primary key, `value_json` text not null, `updated_at` datetime not null)',
    );
    await conn.execute(
      `insert into app_config values ('contribution_pseudonym', '"0b7f1c2e-1a2b-4c3d-8e9f-0123456789ab"', 1)`,
    );
    await conn.execute(
      `insert into job (volume_label, state, created_at, updated_at, completed_at) values ('LEGACY', 'completed', 10, 20, 20)`,
    );
    expect((await listTables(legacy)).has(MIGRATIONS_TABLE)).toBe(false);
    await legacy.close(true);

    const db = await openTempDatabase(dir);
    expect(db.migration).toEqual({ mode: 'stamped', applied: ALL_NAMES });
    expect(await executedMigrations(db.orm)).toEqual(ALL_NAMES);
    expect(await db.config.readAll()).toEqual({ contribution_pseudonym: '0b7f1c2e-1a2b-4c3d-8e9f-0123456789ab' });
    const [job] = (await db.jobs.history({ page: 1, perPage: 10 })).items;
    expect(job).toMatchObject({
      volumeLabel: 'LEGACY',
      state: 'completed',
      isAmbiguousMovie: false,
      subtitlesTotal: 0,
    });
    // Missing tables and columns were added, so the repositories work fully.
    await db.titles.replaceForJob(job!.id, [{ titleIndex: 0, durationSeconds: 60, sizeBytes: 1 }]);
    await db.pluginStore.set('p', 'k', '1');
    expect(await db.jobs.transition(job!.id, 'completed', 'idle', {}, 'retry')).not.toBeNull();
    expect((await db.orm.schema.getUpdateSchemaSQL({ wrap: false })).trim()).toBe('');

    await db.close();
    const reopened = await openTempDatabase(dir);
    expect(reopened.migration).toEqual({ mode: 'migrated', applied: [] });
  });

  it('runs SQLite in WAL mode with foreign keys and a busy timeout', async () => {
    const db = await openTempDatabase();
    expect(await pragmaValue(db.orm, 'journal_mode')).toBe('wal');
    expect(await pragmaValue(db.orm, 'foreign_keys')).toBe(1);
    expect(Number(await pragmaValue(db.orm, 'busy_timeout'))).toBeGreaterThan(0);
  });

  it('cascades job deletes to titles and timeline rows', async () => {
    const db = await openTempDatabase();
    const job = await db.jobs.create({ volumeLabel: 'X', sourceKind: 'disc' });
    await db.titles.replaceForJob(job.id, [{ titleIndex: 0, durationSeconds: 1, sizeBytes: 1 }]);
    await db.jobs.transition(job.id, 'idle', 'identifying', {}, null);
    await db.orm.em.getConnection().execute(`delete from job where id = ?`, [job.id]);
    expect(await db.titles.listByJob(job.id)).toEqual([]);
    expect(await db.jobs.timeline(job.id)).toEqual([]);
  });
});
