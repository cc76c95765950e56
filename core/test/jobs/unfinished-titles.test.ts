/**
 * One "fail every unfinished title" for cancel and a failed stage:
 * which titles fail, which keep their file claim, and that every change goes out as title.updated.
 */
import 'reflect-metadata';
import type { Logger } from '@spindle/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../../src/events/event-bus.ts';
import { JobLifecycle } from '../../src/jobs/job-lifecycle.ts';
import { JobService } from '../../src/jobs/job-service.ts';
import { failUnfinishedTitles, type ReleasedFiles } from '../../src/jobs/unfinished-titles.ts';
import { openTempDatabase, storeJobWithTitles } from '../persistence/test-database.ts';

const quiet = { debug() {}, info() {}, warn() {}, error() {} } as unknown as Logger;

async function run(released: ReleasedFiles) {
  const db = await openTempDatabase();
  const bus = new EventBus();
  const events: number[] = [];
  bus.on('title.updated', (e) => void events.push(e.titleIndex));
  const jobService = new JobService(db.jobs, db.titles, bus, { now: () => new Date() }, quiet, new JobLifecycle(quiet));
  const states = ['ripping', 'queued', 'matching', 'matched', 'pending'] as const;
  const { job } = await storeJobWithTitles(
    db,
    { sourceKind: 'disc', volumeLabel: 'DISC', state: 'ripping' },
    1300,
    states.map((state, i) => ({
      outputFilename: `t${i}.mkv`,
      state,
      selected: true,
      ...(state === 'pending' ? {} : { filePath: `/staging/t${i}.mkv` }),
    })),
  );
  await failUnfinishedTitles({ titles: db.titles, jobService }, job.id, released);
  const titles = await db.titles.listByJob(job.id);
  return { rows: titles.map((t) => [t.state, t.filePath]), events };
}

describe('failUnfinishedTitles', () => {
  it('cancel: ripping, queued and matching fail; every file claim stays', async () => {
    const { rows, events } = await run('none');
    expect(rows).toEqual([
      ['failed', '/staging/t0.mkv'],
      ['failed', '/staging/t1.mkv'],
      ['failed', '/staging/t2.mkv'],
      ['matched', '/staging/t3.mkv'],
      ['pending', null],
    ]);
    expect(events).toEqual([0, 1, 2]);
  });

  it('a failed stage: the title caught mid-rip no longer claims its partial file', async () => {
    const { rows } = await run('mid_rip');
    expect(rows).toEqual([
      ['failed', null],
      ['failed', '/staging/t1.mkv'],
      ['failed', '/staging/t2.mkv'],
      ['matched', '/staging/t3.mkv'],
      ['pending', null],
    ]);
  });
});
