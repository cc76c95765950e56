import { describe, expect, it } from 'vitest';
import type { JobRepository } from '../../src/persistence/ports.ts';
import type { JobRecord } from '../../src/persistence/records.ts';
import { openTempDatabase } from './test-database.ts';

/** Creates a job and drives it to `state` through transitions (so timeline rows exist). */
async function jobIn(
  jobs: JobRepository,
  state: 'completed' | 'failed' | 'idle',
  extra: Partial<JobRecord> = {},
): Promise<JobRecord> {
  const job = await jobs.create({ volumeLabel: 'DISC', sourceKind: 'disc', ...extra });
  if (state === 'idle') return job;
  return (await jobs.transition(job.id, 'idle', state, {}, null))!;
}

describe('JobRepository', () => {
  it('creates jobs with defaults and returns plain records', async () => {
    const { jobs } = await openTempDatabase();
    const job = await jobs.create({
      volumeLabel: 'SHOW_S1_D1',
      sourceKind: 'folder',
      sourcePath: '/staging/SHOW_S1_D1',
    });
    expect(job).toMatchObject({
      state: 'idle',
      contentType: 'unknown',
      sourceKind: 'folder',
      isAmbiguousMovie: false,
      progressPercent: 0,
    });
    expect(Object.getPrototypeOf(job)).toBe(Object.prototype);
    expect(job.createdAt).toBeInstanceOf(Date);
    expect(await jobs.get(job.id)).toEqual(job);
    expect(await jobs.get(9999)).toBeNull();
  });

  it('updates fields and refuses unknown ids', async () => {
    const { jobs } = await openTempDatabase();
    const job = await jobs.create({ volumeLabel: 'X', sourceKind: 'disc' });
    const updated = await jobs.update(job.id, {
      detectedTitle: 'Show',
      detectedSeason: 2,
      classificationConfidence: 0.85,
      simulated: true,
    });
    expect(updated).toMatchObject({
      detectedTitle: 'Show',
      detectedSeason: 2,
      classificationConfidence: 0.85,
      simulated: true,
    });
    expect(updated.createdAt).toEqual(job.createdAt);
    await expect(jobs.update(424242, { detectedTitle: 'x' })).rejects.toMatchObject({
      code: 'job_not_found',
      kind: 'not_found',
    });
  });

  it('transitions with compare-and-set and appends a timeline row', async () => {
    const { jobs } = await openTempDatabase();
    const job = await jobs.create({ volumeLabel: 'X', sourceKind: 'disc' });
    const moved = await jobs.transition(job.id, 'idle', 'identifying', { progressPercent: 5 }, 'scan started');
    expect(moved).toMatchObject({ state: 'identifying', progressPercent: 5, completedAt: null });

    // Stale `from`: nothing changes, no timeline row.
    expect(await jobs.transition(job.id, 'idle', 'ripping', { progressPercent: 99 }, 'stale')).toBeNull();
    expect(await jobs.get(job.id)).toMatchObject({ state: 'identifying', progressPercent: 5 });

    const failed = await jobs.transition(job.id, 'identifying', 'failed', { errorMessage: 'boom' }, 'boom');
    expect(failed?.completedAt).toBeInstanceOf(Date);
    const timeline = await jobs.timeline(job.id);
    expect(timeline.map((e) => [e.fromState, e.toState, e.message])).toEqual([
      ['idle', 'identifying', 'scan started'],
      ['identifying', 'failed', 'boom'],
    ]);
    expect(timeline[0]!.jobId).toBe(job.id);
  });

  it('lets exactly one of two racing transitions win', async () => {
    const { jobs } = await openTempDatabase();
    const job = await jobs.create({ volumeLabel: 'X', sourceKind: 'disc' });
    const results = await Promise.all([
      jobs.transition(job.id, 'idle', 'identifying', {}, 'a'),
      jobs.transition(job.id, 'idle', 'failed', {}, 'b'),
    ]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await jobs.timeline(job.id)).toHaveLength(1);
  });

  it('lists active jobs newest first, excluding cleared ones', async () => {
    const { jobs } = await openTempDatabase();
    const a = await jobs.create({ volumeLabel: 'A', sourceKind: 'disc' });
    const b = await jobs.create({ volumeLabel: 'B', sourceKind: 'disc' });
    const c = await jobs.create({ volumeLabel: 'C', sourceKind: 'disc' });
    await jobs.update(b.id, { clearedAt: new Date() });
    expect((await jobs.listActive(10)).map((j) => j.id)).toEqual([c.id, a.id]);
    expect((await jobs.listActive(1)).map((j) => j.id)).toEqual([c.id]);
    expect((await jobs.listInStates(['idle'])).map((j) => j.id)).toEqual([a.id, b.id, c.id]);
    expect(await jobs.listInStates([])).toEqual([]);
  });

  it('pages history newest first with filters, cleared jobs included', async () => {
    const { jobs } = await openTempDatabase();
    const created: JobRecord[] = [];
    for (let i = 0; i < 25; i++) {
      created.push(
        await jobIn(jobs, i % 5 === 0 ? 'failed' : 'completed', {
          contentType: i % 2 ? 'tv' : 'movie',
          volumeLabel: `DISC_${i}`,
        }),
      );
    }
    await jobIn(jobs, 'idle'); // not history
    await jobs.update(created[3]!.id, { clearedAt: new Date() });

    const page1 = await jobs.history({ page: 1, perPage: 10 });
    const page3 = await jobs.history({ page: 3, perPage: 10 });
    expect(page1.total).toBe(25);
    expect(page1.items.map((j) => j.volumeLabel)).toEqual(Array.from({ length: 10 }, (_, i) => `DISC_${24 - i}`));
    expect(page3.items.map((j) => j.volumeLabel)).toEqual(['DISC_4', 'DISC_3', 'DISC_2', 'DISC_1', 'DISC_0']);
    expect((await jobs.history({ page: 4, perPage: 10 })).items).toEqual([]);

    const failed = await jobs.history({ page: 1, perPage: 100, state: 'failed' });
    expect(failed.total).toBe(5);
    expect(failed.items.every((j) => j.state === 'failed')).toBe(true);
    const tvCompleted = await jobs.history({ page: 1, perPage: 100, state: 'completed', contentType: 'tv' });
    expect(tvCompleted.items.every((j) => j.state === 'completed' && j.contentType === 'tv')).toBe(true);
    expect(tvCompleted.total).toBe(10); // odd i, minus the failed 5 and 15
  });

  it('searches volume label, detected title and catalog title case-insensitively', async () => {
    const { jobs } = await openTempDatabase();
    const byLabel = await jobIn(jobs, 'completed', { volumeLabel: 'BREAKING_BAD_S1' });
    const byDetected = await jobIn(jobs, 'completed', { volumeLabel: 'DISC1', detectedTitle: 'Amélie' });
    const byCatalog = await jobIn(jobs, 'failed', { volumeLabel: 'DISC2', catalogTitle: 'The 100% Show_' });
    const search = async (text: string) =>
      (await jobs.history({ page: 1, perPage: 10, search: text })).items.map((j) => j.id);
    expect(await search('breaking_bad')).toEqual([byLabel.id]);
    expect(await search('AMÉLIE')).toEqual([byDetected.id]);
    expect(await search('100%')).toEqual([byCatalog.id]);
    expect(await search('show_')).toEqual([byCatalog.id]);
    expect(await search('disc')).toEqual([byCatalog.id, byDetected.id]);
    expect(await search('nothing')).toEqual([]);
  });

  it('computes stats over the whole history, not one page', async () => {
    const { jobs } = await openTempDatabase();
    const messages = [
      'ripper license expired',
      'disc read error',
      'disc read error',
      'subtitle download failed',
      'disc read error',
    ];
    for (let i = 0; i < 30; i++) {
      const job = await jobs.create({ volumeLabel: `D${i}`, sourceKind: 'disc', contentType: i < 18 ? 'tv' : 'movie' });
      const failing = i < messages.length;
      const completedAt = new Date(job.createdAt.getTime() + (failing ? 10_000 : 20_000));
      // Of the 25 completed jobs, 20 filed 3 files each and 5 filed nothing.
      const filesFiled = failing ? 0 : i < 10 ? 0 : 3;
      await jobs.transition(
        job.id,
        'idle',
        failing ? 'failed' : 'completed',
        { completedAt, errorMessage: failing ? messages[i]! : null, filesFiled },
        null,
      );
    }
    await jobs.create({ volumeLabel: 'RUNNING', sourceKind: 'disc' });

    const stats = await jobs.stats(2, 10);
    expect(stats).toMatchObject({
      totalJobs: 31,
      completed: 25,
      completedWithFiles: 20,
      completedNothingFiled: 5,
      filesFiled: 60,
      failed: 5,
      tv: 18,
      movie: 12,
    });
    expect(stats.avgProcessingSeconds).toBeCloseTo((5 * 10 + 25 * 20) / 30, 6);
    expect(stats.topErrors).toEqual([
      { message: 'disc read error', count: 3 },
      { message: 'ripper license expired', count: 1 },
    ]);
    expect(stats.recentJobs).toHaveLength(10);
    expect(stats.recentJobs[0]!.volumeLabel).toBe('RUNNING');
  });

  it('reports no average when nothing finished', async () => {
    const { jobs } = await openTempDatabase();
    expect(await jobs.stats(5, 10)).toEqual({
      totalJobs: 0,
      completed: 0,
      completedWithFiles: 0,
      completedNothingFiled: 0,
      filesFiled: 0,
      failed: 0,
      tv: 0,
      movie: 0,
      avgProcessingSeconds: null,
      topErrors: [],
      recentJobs: [],
    });
  });

  it('deletes every job, title and timeline row', async () => {
    const { jobs, titles } = await openTempDatabase();
    const a = await jobIn(jobs, 'completed');
    await jobIn(jobs, 'idle');
    await titles.replaceForJob(a.id, [{ titleIndex: 0, durationSeconds: 1, sizeBytes: 1 }]);
    expect(await jobs.deleteAll()).toBe(2);
    expect(await jobs.listActive(10)).toEqual([]);
    expect(await jobs.timeline(a.id)).toEqual([]);
    expect(await titles.listByJob(a.id)).toEqual([]);
  });
});
