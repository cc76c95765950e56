import type { Logger } from '@spindle/plugin-sdk';
import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_CONFIG_FIELDS, type AppConfig } from '../../src/config/app-config-fields.ts';
import { StagingCleanup } from '../../src/jobs/staging-cleanup.ts';
import type { Database } from '../../src/persistence/database.ts';
import type { DiscardedBy, JobRecord } from '../../src/persistence/records.ts';
import { openTempDatabase, storeJobWithTitles, tempDir } from '../persistence/test-database.ts';

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const DAY = 24 * 60 * 60 * 1000;

function configWith(values: Partial<AppConfig>): { get(): AppConfig } {
  const defaults = Object.fromEntries(
    Object.entries(APP_CONFIG_FIELDS).map(([k, f]) => [
      k,
      typeof f.default === 'function' ? (f.default as () => unknown)() : f.default,
    ]),
  ) as unknown as AppConfig;
  return { get: () => ({ ...defaults, ...values }) };
}

async function folderWithFiles(path: string, names: string[]): Promise<string> {
  await mkdir(path, { recursive: true });
  for (const name of names) await writeFile(join(path, name), 'x');
  return path;
}

type TitleFate = { file: string; discardedBy?: DiscardedBy; reason?: string };

/** A finished job whose titles claim the given files, each left out by whom the case says (or not left out). */
async function finishedJob(
  db: Database,
  stagingPath: string,
  state: 'completed' | 'failed',
  titles: TitleFate[],
  completedAt = new Date(),
  extra: Partial<JobRecord> = {},
): Promise<JobRecord> {
  const { job } = await storeJobWithTitles(
    db,
    { sourceKind: 'disc', volumeLabel: 'DISC', stagingPath, ...extra },
    60,
    titles.map((t) => ({
      filePath: join(stagingPath, t.file),
      state: 'completed' as const,
      discardReason: t.discardedBy ? (t.reason ?? 'left out') : null,
      discardedBy: t.discardedBy ?? null,
    })),
  );
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
    titles: db.titles,
    logger: quiet,
    workRoot: join(root, 'work'),
  });
  return { root, staging, library, db, cleanup };
}

const names = async (folder: string) => (existsSync(folder) ? (await readdir(folder)).sort() : null);

describe('staging cleanup deletes only what a person decided to discard', () => {
  it('on_success: a completed job loses the files a person (or their setting) discarded, keeps the rest, and says why', async () => {
    const { root, staging, db, cleanup } = await setup({ staging_cleanup_policy: 'on_success' });
    const folder = await folderWithFiles(join(staging, 'MY_SHOW'), ['a.mkv', 'b.mkv', 'c.mkv', 'd.mkv', 'stray.mkv']);
    const done = await finishedJob(
      db,
      folder,
      'completed',
      [
        { file: 'a.mkv', discardedBy: 'person', reason: 'skipped by a person' },
        { file: 'b.mkv', discardedBy: 'setting', reason: 'Play All' },
        { file: 'c.mkv', discardedBy: 'rule', reason: 'shorter than 120 s' },
        { file: 'd.mkv' },
      ],
      new Date(),
      { sourceKind: 'folder', importMode: 'move' },
    );
    await mkdir(join(root, 'work', `job_${done.id}`), { recursive: true });
    await cleanup.jobFinished(done);
    expect(await names(folder)).toEqual(['c.mkv', 'd.mkv', 'stray.mkv']);
    expect(existsSync(join(root, 'work', `job_${done.id}`))).toBe(false);
    const note = (await db.jobs.timeline(done.id)).at(-1)?.message ?? '';
    expect(note).toContain('deleted 2 file(s) a person chose to discard: a.mkv, b.mkv');
    expect(note).toContain('c.mkv (shorter than 120 s — left out by a rule, not by you)');
    expect(note).toContain('stray.mkv (no title of this job claims it)');
  });

  it('Spindle’s own rip folder: its rips of left-out titles go, unfinished ones stay; the folder goes once no video is kept', async () => {
    const { staging, db, cleanup } = await setup({ staging_cleanup_policy: 'on_success' });
    const ownFolder = await folderWithFiles(join(staging, 'job_1'), ['a.mkv', 'b.mkv', 'makemkv.log']);
    const own = await finishedJob(db, ownFolder, 'completed', [
      { file: 'a.mkv', discardedBy: 'person' },
      { file: 'b.mkv', discardedBy: 'rule', reason: 'Extras are skipped' },
    ]);
    expect(own.id).toBe(1);
    await cleanup.jobFinished(own);
    expect(existsSync(ownFolder)).toBe(false);
    expect((await db.jobs.timeline(own.id)).at(-1)?.message).toContain(
      "deleted 1 of Spindle's own rip(s) of titles left out: b.mkv",
    );
    const unfinished = await finishedJob(db, await folderWithFiles(join(staging, 'job_2'), ['a.mkv']), 'completed', [
      { file: 'a.mkv' },
    ]);
    await cleanup.jobFinished(unfinished);
    expect(await names(join(staging, 'job_2'))).toEqual(['a.mkv']);
    const failed = await finishedJob(db, await folderWithFiles(join(staging, 'job_3'), ['a.mkv']), 'failed', [
      { file: 'a.mkv', discardedBy: 'person' },
    ]);
    await cleanup.jobFinished(failed);
    expect(await names(join(staging, 'job_3'))).toEqual(['a.mkv']);
  });

  it('a person’s folder: never its non-video files, never the folder while it holds them; a copy import is left alone', async () => {
    const { staging, db, cleanup } = await setup({ staging_cleanup_policy: 'on_completion' });
    const theirs = await folderWithFiles(join(staging, 'MY_SHOW'), ['a.mkv', 'notes.txt', 'cover.jpg']);
    const job = await finishedJob(db, theirs, 'completed', [{ file: 'a.mkv', discardedBy: 'person' }], new Date(), {
      sourceKind: 'folder',
      importMode: 'move',
    });
    await cleanup.jobFinished(job);
    expect(await names(theirs)).toEqual(['cover.jpg', 'notes.txt']);
    const emptied = await folderWithFiles(join(staging, 'EMPTIED'), ['a.mkv']);
    const job2 = await finishedJob(db, emptied, 'failed', [{ file: 'a.mkv', discardedBy: 'person' }], new Date(), {
      sourceKind: 'folder',
      importMode: 'move',
    });
    await cleanup.jobFinished(job2);
    expect(existsSync(emptied)).toBe(false); // on_completion after a failure: the discarded file went, and the empty folder with it
    const copied = await folderWithFiles(join(staging, 'COPIED'), ['a.mkv']);
    const job3 = await finishedJob(db, copied, 'completed', [{ file: 'a.mkv', discardedBy: 'person' }], new Date(), {
      sourceKind: 'folder',
      importMode: 'copy',
    });
    await cleanup.jobFinished(job3);
    expect(await names(copied)).toEqual(['a.mkv']);
  });

  it('manual never deletes; after_days sweeps jobs finished long enough ago, once', async () => {
    const b = await setup({ staging_cleanup_policy: 'manual' });
    const kept = await finishedJob(b.db, await folderWithFiles(join(b.staging, 'job_3'), ['a.mkv']), 'completed', [
      { file: 'a.mkv', discardedBy: 'person' },
    ]);
    await b.cleanup.jobFinished(kept);
    expect(await b.cleanup.sweep()).toBe(0);
    expect(await names(join(b.staging, 'job_3'))).toEqual(['a.mkv']);

    const { staging, db, cleanup } = await setup({ staging_cleanup_policy: 'after_days', staging_cleanup_days: 7 });
    await finishedJob(
      db,
      await folderWithFiles(join(staging, 'old'), ['a.mkv', 'b.mkv']),
      'completed',
      [
        { file: 'a.mkv', discardedBy: 'person' },
        { file: 'b.mkv', discardedBy: 'rule' },
      ],
      new Date(Date.now() - 8 * DAY),
    );
    await finishedJob(
      db,
      await folderWithFiles(join(staging, 'old-failed'), ['a.mkv']),
      'failed',
      [{ file: 'a.mkv', discardedBy: 'person' }],
      new Date(Date.now() - 30 * DAY),
    );
    const recent = await finishedJob(
      db,
      await folderWithFiles(join(staging, 'recent'), ['a.mkv']),
      'completed',
      [{ file: 'a.mkv', discardedBy: 'person' }],
      new Date(Date.now() - 2 * DAY),
    );
    await cleanup.jobFinished(recent); // after_days: nothing happens at completion
    expect(await cleanup.sweep()).toBe(2);
    expect([
      await names(join(staging, 'old')),
      existsSync(join(staging, 'old-failed')),
      await names(join(staging, 'recent')),
    ]).toEqual([['b.mkv'], false, ['a.mkv']]);
    expect(await cleanup.sweep()).toBe(0); // nothing left to do, and no second timeline note
  });

  it('never touches a folder holding the library; a simulated job has no folder to touch', async () => {
    const holder = await setup({ staging_cleanup_policy: 'on_completion' });
    const nested = await folderWithFiles(join(holder.staging, 'job_5'), ['a.mkv']);
    const withLibrary = new StagingCleanup({
      config: configWith({
        staging_path: holder.staging,
        library_tv_path: join(nested, 'TV'),
        staging_cleanup_policy: 'on_completion',
      }),
      jobs: holder.db.jobs,
      titles: holder.db.titles,
      logger: quiet,
      workRoot: join(holder.root, 'work'),
    });
    await mkdir(join(nested, 'TV'));
    const job = await finishedJob(holder.db, nested, 'completed', [{ file: 'a.mkv', discardedBy: 'person' }]);
    expect(await withLibrary.refusal(job)).toContain('overlaps the library');
    expect(await withLibrary.clean(job, 'test')).toBeNull();
    expect(await names(nested)).toEqual(['TV', 'a.mkv']);
    // The simulated stages leave a staging path that exists nowhere: the cleanup finds no folder (no special case).
    const sim = await finishedJob(
      holder.db,
      '/simulated/job_9',
      'completed',
      [{ file: 'title_t00.mkv', discardedBy: 'person' }],
      new Date(),
      { simulated: true },
    );
    expect(await holder.cleanup.refusal(sim)).toBe('the folder no longer exists');
    expect(await holder.cleanup.clean(sim, 'test')).toBeNull();
  });
});
