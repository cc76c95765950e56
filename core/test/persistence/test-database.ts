/** Temp-dir SQLite databases for persistence and config tests (real files, no mocks). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { openDatabase, type Database } from '../../src/persistence/database.ts';
import type { JobRecord, NewJob, NewTitle, TitleRecord } from '../../src/persistence/records.ts';

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh temp directory, removed after the test. */
export function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'spindle-test-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Opens a database file in a fresh temp directory; closed after the test. */
export async function openTempDatabase(dir = tempDir(), file = 'spindle.db'): Promise<Database> {
  const db = await openDatabase({ databaseUrl: path.join(dir, file), dataDir: dir });
  cleanups.push(() => db.close());
  return db;
}

/** Registers extra cleanup (e.g. closing a second handle) to run after the test. */
export function onCleanup(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

/** Stores a job and its titles: title i at index i, 1 byte, `seconds` long, then what `titles[i]` says. */
export async function storeJobWithTitles(
  db: Database,
  job: NewJob,
  seconds: number,
  titles: Partial<NewTitle>[],
): Promise<{ job: JobRecord; titles: TitleRecord[] }> {
  const stored = await db.jobs.create(job);
  const rows = titles.map((t, i) => ({ titleIndex: i, durationSeconds: seconds, sizeBytes: 1, ...t }));
  return { job: stored, titles: await db.titles.replaceForJob(stored.id, rows) };
}
