import type { Logger } from '@spindle/plugin-sdk';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_CONFIG_FIELDS, type AppConfig } from '../../src/config/app-config-fields.ts';
import { StagingCleanup } from '../../src/jobs/staging-cleanup.ts';
import type { Database } from '../../src/persistence/database.ts';
import type { JobRecord } from '../../src/persistence/records.ts';
import { openTempDatabase, tempDir } from '../persistence/test-database.ts';

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const DAY = 24 * 60 * 60 * 1000;

function configWith(values: Partial<AppConfig>): { get(): AppConfig } {
  const defaults = Object.fromEntries(
    Object.entries(APP_CONFIG_FIELDS).map(([k, f]) => [k, typeof f.default === 'function' ? (f.default as () => unknown)() : f.default]),
  ) as unknown as AppConfig;
  return { get: () => ({ ...defaults, ...values }) };
}

async function folderWithFile(path: string): Promise<string> {
  await mkdir(path, { recursive: true });
  await writeFile(join(path, 'title_t00.mkv'), 'x');
  return path;
}

async function finishedJob(db: Database, stagingPath: string, state: 'completed' | 'failed', completedAt = new Date(), extra: Partial<JobRecord> = {}): Promise<JobRecord> {
  const job = await db.jobs.create({ sourceKind: 'disc', volumeLabel: 'DISC', stagingPath, ...extra });
  await db.jobs.transition(job.id, 'idle', 'identifying', {}, null);
  return (await db.jobs.transition(job.id, 'identifying', state, { completedAt }, null))!;
}

async function setup(values: Partial<AppConfig>) {
  const root = tempDir();
  const staging = join(root, 'staging');
  const library = join(root, 'library');
  await mkdir(staging, { recursive: true });
  await mkdir(library, { recursive: true });
  const db = await openTempDatabase();
  const cleanup = new StagingCleanup({
    config: configWith({ staging_path: staging, library_tv_path: library, library_movies_path: library, ...values }),
    jobs: db.jobs,
    logger: quiet,
    workRoot: join(root, 'work'),
  });
  return { root, staging, library, db, cleanup };
}

describe('staging cleanup', () => {
  it('on_success deletes a completed job’s folder, keeps a failed one, and always drops the work folder', async () => {
    const { root, staging, db, cleanup } = await setup({ staging_cleanup_policy: 'on_success' });
    const done = await finishedJob(db, await folderWithFile(join(staging, 'job_1')), 'completed');
    const failed = await finishedJob(db, await folderWithFile(join(staging, 'job_2')), 'failed');
    await mkdir(join(root, 'work', `job_${done.id}`), { recursive: true });
    await cleanup.jobFinished(done);
    await cleanup.jobFinished(failed);
    expect(existsSync(join(staging, 'job_1'))).toBe(false);
    expect(existsSync(join(staging, 'job_2'))).toBe(true);
    expect(existsSync(join(root, 'work', `job_${done.id}`))).toBe(false);
    expect((await db.jobs.timeline(done.id)).at(-1)?.message).toBe('staging folder deleted (on_success)');
  });

  it('on_completion also deletes after a failure; manual never deletes', async () => {
    const a = await setup({ staging_cleanup_policy: 'on_completion' });
    const failed = await finishedJob(a.db, await folderWithFile(join(a.staging, 'job_9')), 'failed');
    await a.cleanup.jobFinished(failed);
    expect(existsSync(join(a.staging, 'job_9'))).toBe(false);
    const b = await setup({ staging_cleanup_policy: 'manual' });
    const done = await finishedJob(b.db, await folderWithFile(join(b.staging, 'job_3')), 'completed');
    await b.cleanup.jobFinished(done);
    expect(existsSync(join(b.staging, 'job_3'))).toBe(true);
  });

  it('after_days sweeps only folders of jobs finished long enough ago', async () => {
    const { staging, db, cleanup } = await setup({ staging_cleanup_policy: 'after_days', staging_cleanup_days: 7 });
    await finishedJob(db, await folderWithFile(join(staging, 'old')), 'completed', new Date(Date.now() - 8 * DAY));
    await finishedJob(db, await folderWithFile(join(staging, 'old-failed')), 'failed', new Date(Date.now() - 30 * DAY));
    await finishedJob(db, await folderWithFile(join(staging, 'recent')), 'completed', new Date(Date.now() - 2 * DAY));
    const recentJob = (await db.jobs.listInStates(['completed'])).find((j) => j.stagingPath?.endsWith('recent'))!;
    await cleanup.jobFinished(recentJob); // after_days: nothing happens at completion
    expect(await cleanup.sweep()).toBe(2);
    expect([existsSync(join(staging, 'old')), existsSync(join(staging, 'old-failed')), existsSync(join(staging, 'recent'))]).toEqual([false, false, true]);
  });

  it('never deletes outside staging_path, the staging root itself, a folder holding the library, or a simulated job', async () => {
    const { root, staging, library, db, cleanup } = await setup({ staging_cleanup_policy: 'on_completion' });
    const outside = await folderWithFile(join(root, 'my-videos', 'Show'));
    const rootJob = await finishedJob(db, staging, 'completed');
    const outsideJob = await finishedJob(db, outside, 'completed');
    const escaping = await finishedJob(db, join(staging, '..', 'my-videos'), 'completed');
    const simulated = await finishedJob(db, await folderWithFile(join(staging, 'sim')), 'completed', new Date(), { simulated: true });
    for (const job of [rootJob, outsideJob, escaping, simulated]) expect(await cleanup.clean(job, 'test')).toBe(false);
    expect(await cleanup.refusal(outsideJob)).toContain('is not inside staging_path');
    expect([existsSync(staging), existsSync(outside), existsSync(join(staging, 'sim'))]).toEqual([true, true, true]);

    const holder = await setup({ staging_cleanup_policy: 'on_completion' });
    const nested = join(holder.staging, 'job_5');
    await folderWithFile(nested);
    const withLibrary = new StagingCleanup({
      config: configWith({ staging_path: holder.staging, library_tv_path: join(nested, 'TV'), staging_cleanup_policy: 'on_completion' }),
      jobs: holder.db.jobs,
      logger: quiet,
      workRoot: join(holder.root, 'work'),
    });
    await mkdir(join(nested, 'TV'));
    const job = await finishedJob(holder.db, nested, 'completed');
    expect(await withLibrary.refusal(job)).toContain('overlaps the library');
    expect(existsSync(library)).toBe(true);
  });
});
