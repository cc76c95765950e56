/**
 * JobService alone, over in-memory repositories (job-fakes.ts): the state machine guards every
 * change, a change is stored (compare and set) before it is broadcast, terminal states record the
 * outcome and run the terminal callbacks, and title changes are checked and announced.
 */
import { describe, expect, it } from 'vitest';
import type { JobStateHook } from '../../src/jobs/job-lifecycle.ts';
import { matchReview } from '../../src/jobs/title-review.ts';
import { jobWorld } from './job-fakes.ts';

const episode = (titleIndex: number, extra: Record<string, unknown> = {}) => ({
  titleIndex,
  durationSeconds: 1320,
  sizeBytes: 1e9,
  ...extra,
});

describe('JobService.create and require', () => {
  it('creates an idle job and announces it, then its state', async () => {
    const w = jobWorld();
    const job = await w.service.create({ volumeLabel: 'NEW_DISC', sourceKind: 'disc' });
    expect(job.state).toBe('idle');
    expect(w.emitted.map((e) => e.name)).toEqual(['job.created', 'job.state_changed']);
    expect(w.emitted[0]!.payload).toMatchObject({ jobId: job.id, volumeLabel: 'NEW_DISC' });
  });

  it('says which job does not exist (404 job_not_found)', async () => {
    await expect(jobWorld().service.require(404)).rejects.toMatchObject({ code: 'job_not_found', kind: 'not_found' });
  });
});

describe('JobService.transition', () => {
  it('stores an allowed change with its timeline note, then broadcasts it', async () => {
    const w = jobWorld();
    const { job } = await w.seed('identifying');
    w.clock.advance(5_000);
    const moved = await w.service.transition(job.id, 'review_needed', {
      patch: { reviewReason: 'which show?', reviewKind: 'identity' },
      message: 'which show?',
    });
    expect(moved).toMatchObject({ state: 'review_needed', reviewReason: 'which show?', reviewKind: 'identity' });
    expect(moved.updatedAt.getTime()).toBe(w.clock.now().getTime());
    expect(w.jobs.rows.get(job.id)!.state).toBe('review_needed');
    expect((await w.jobs.timeline(job.id)).at(-1)).toMatchObject({
      fromState: 'identifying',
      toState: 'review_needed',
      message: 'which show?',
    });
    expect(w.emitted).toEqual([
      {
        name: 'job.state_changed',
        payload: expect.objectContaining({
          jobId: job.id,
          from: 'identifying',
          to: 'review_needed',
          reviewReason: 'which show?',
        }),
      },
    ]);
  });

  it('refuses a change the state machine forbids (409 invalid_transition), storing and announcing nothing', async () => {
    const w = jobWorld();
    const { job } = await w.seed('ripping');
    const before = structuredClone(w.jobs.rows.get(job.id));
    await expect(w.service.transition(job.id, 'completed')).rejects.toMatchObject({
      code: 'invalid_transition',
      kind: 'conflict',
      details: { from: 'ripping', to: 'completed' },
    });
    expect(w.jobs.rows.get(job.id)).toEqual(before);
    expect(w.emitted).toEqual([]);
  });

  it('re-reads and re-validates when the job moved meanwhile: allowed from the new state, it goes on from there', async () => {
    const w = jobWorld();
    const { job } = await w.seed('ripping');
    let once = true;
    w.jobs.beforeCompare = (id) => {
      if (once) ((w.jobs.rows.get(id)!.state = 'matching'), (once = false));
    };
    const moved = await w.service.transition(job.id, 'review_needed', { message: 'titles to decide' });
    expect(moved.state).toBe('review_needed');
    expect(w.emitted.at(-1)!.payload).toMatchObject({ from: 'matching', to: 'review_needed' });
  });

  it('re-validates against the state another writer left: a change no longer allowed is a 409, not a blind write', async () => {
    const w = jobWorld();
    const { job } = await w.seed('organizing');
    w.jobs.beforeCompare = (id) => void (w.jobs.rows.get(id)!.state = 'failed');
    await expect(w.service.transition(job.id, 'completed')).rejects.toMatchObject({
      code: 'invalid_transition',
      details: { from: 'failed', to: 'completed' },
    });
    expect(w.jobs.rows.get(job.id)!.state).toBe('failed');
  });

  it('gives up with 409 transition_race when the job keeps changing under it', async () => {
    const w = jobWorld();
    const { job } = await w.seed('matching');
    const cycle = ['matching', 'organizing'] as const;
    let n = 0;
    // Every compare finds the row moved on to the other working state.
    w.jobs.beforeCompare = (id) => void (w.jobs.rows.get(id)!.state = cycle[++n % 2]!);
    await expect(w.service.transition(job.id, 'failed')).rejects.toMatchObject({ code: 'transition_race' });
    expect(w.emitted).toEqual([]);
  });

  it('records the outcome on completion: the time, 100 %, files filed and titles discarded, where a retry would start', async () => {
    const w = jobWorld();
    const { job } = await w.seed('organizing', { progressPercent: 80, etaSeconds: 30, currentSpeed: '2x' }, [
      episode(1, { state: 'completed', organizedPath: '/library/Show/S01E01.mkv', filePath: '/staging/t1.mkv' }),
      episode(2, { state: 'completed', organizedPath: '/library/Show/S01E02.mkv', filePath: '/staging/t2.mkv' }),
      episode(3, { state: 'completed', discardReason: 'Play All', discardedBy: 'rule', filePath: '/staging/t3.mkv' }),
    ]);
    w.clock.advance(60_000);
    const done = await w.service.transition(job.id, 'completed');
    expect(done).toMatchObject({
      state: 'completed',
      progressPercent: 100,
      etaSeconds: null,
      currentSpeed: null,
      filesFiled: 2,
      titlesDiscarded: 1,
      retryFrom: 'matching',
    });
    expect(done.completedAt?.getTime()).toBe(w.clock.now().getTime());
  });

  it('keeps where a failed job stopped, and the subject of a review it was given up in', async () => {
    const w = jobWorld();
    const { job } = await w.seed('review_needed', { reviewKind: 'titles', resumeState: 'organizing' });
    const failed = await w.service.transition(job.id, 'failed', { patch: { errorMessage: 'Cancelled by user' } });
    expect(failed).toMatchObject({
      state: 'failed',
      errorMessage: 'Cancelled by user',
      retryFrom: 'organizing',
      reviewKind: 'titles',
    });
    const { job: other } = await w.seed('review_needed', { reviewKind: 'titles', resumeState: 'matching' });
    expect(await w.service.transition(other.id, 'matching')).toMatchObject({ state: 'matching', reviewKind: null });
  });

  it('runs the terminal hooks in order with the stored job; one that throws is logged and the others still run', async () => {
    const w = jobWorld();
    const seen: string[] = [];
    terminalHook(w, (j) => void seen.push(`first ${j.id} ${j.state}`));
    terminalHook(w, () => {
      throw new Error('cleanup broke');
    });
    terminalHook(w, async (j) => void seen.push(`third ${j.id} ${j.state}`));
    const { job } = await w.seed('matching');
    await w.service.transition(job.id, 'review_needed');
    expect(seen).toEqual([]); // not terminal
    await w.service.transition(job.id, 'failed');
    expect(seen).toEqual([`first ${job.id} failed`, `third ${job.id} failed`]);
    expect(
      w.logger.entries.some(
        (e) => e.level === 'error' && e.message.includes('hook 2 failed') && e.fields?.error === 'cleanup broke',
      ),
    ).toBe(true);
  });
});

/** Registers `run` as an awaited hook on every terminal state, as job-state-hooks.ts does. */
const hooksOf = new WeakMap<object, number>();
function terminalHook(w: ReturnType<typeof jobWorld>, run: JobStateHook['run']): void {
  const n = (hooksOf.get(w.lifecycle) ?? 0) + 1; // "hook 2" is the second hook of this world
  hooksOf.set(w.lifecycle, n);
  w.lifecycle.hook({ name: `hook ${n}`, on: { enters: 'terminal' }, awaited: true, run });
}

describe('JobService.reopen', () => {
  it('runs a failed job again from an allowed state, clearing the last outcome but keeping the id and timeline', async () => {
    const w = jobWorld();
    const { job } = await w.seed('failed', {
      errorMessage: 'disc read error',
      retryFrom: 'ripping',
      completedAt: new Date(),
      progressPercent: 40,
    });
    const terminal: number[] = [];
    terminalHook(w, (j) => void terminal.push(j.id));
    const reopened = await w.service.reopen(job.id, 'ripping', 'retry from ripping');
    expect(reopened).toMatchObject({
      id: job.id,
      state: 'ripping',
      errorMessage: null,
      retryFrom: null,
      completedAt: null,
      progressPercent: 0,
    });
    expect((await w.jobs.timeline(job.id)).at(-1)).toMatchObject({
      fromState: 'failed',
      toState: 'ripping',
      message: 'retry from ripping',
    });
    expect(w.emitted.map((e) => e.payload.to)).toEqual(['ripping']);
    expect(terminal).toEqual([]);
  });

  it('refuses a way back the state machine does not have (409 job_not_retryable)', async () => {
    const w = jobWorld();
    const { job } = await w.seed('completed');
    await expect(w.service.reopen(job.id, 'ripping', 'rip again')).rejects.toMatchObject({ code: 'job_not_retryable' });
    const { job: running } = await w.seed('matching');
    await expect(w.service.reopen(running.id, 'identifying', 'again')).rejects.toMatchObject({
      code: 'job_not_retryable',
    });
    expect(w.emitted).toEqual([]);
  });
});

describe('JobService progress and titles', () => {
  it('stores progress clamped to 0–100 and broadcasts it with the job state', async () => {
    const w = jobWorld();
    const { job } = await w.seed('ripping');
    await w.service.progress(job.id, { percent: 140, speed: '3.1x', etaSeconds: 0, currentTitle: 2, totalTitles: 2 });
    expect(w.jobs.rows.get(job.id)).toMatchObject({ progressPercent: 100, currentSpeed: '3.1x' });
    await w.service.progress(job.id, {
      percent: -5,
      speed: null,
      etaSeconds: null,
      currentTitle: null,
      totalTitles: null,
    });
    expect(w.jobs.rows.get(job.id)!.progressPercent).toBe(0);
    expect(w.emitted.map((e) => [e.name, e.payload.percent, e.payload.state])).toEqual([
      ['job.progress', 100, 'ripping'],
      ['job.progress', 0, 'ripping'],
    ]);
  });

  it('changes a title only along the title state machine, and announces each change', async () => {
    const w = jobWorld();
    const { titles } = await w.seed('matching', {}, [episode(1, { state: 'matching' })]);
    const title = titles[0]!;
    await expect(w.service.updateTitle(title, { state: 'pending' })).rejects.toMatchObject({
      code: 'invalid_title_transition',
    });
    expect(w.titles.rows.get(title.id)!.state).toBe('matching');
    const matched = await w.service.updateTitle(title, {
      state: 'matched',
      matchedEpisode: 'S01E01',
      matchConfidence: 0.93,
    });
    expect(matched).toMatchObject({ state: 'matched', matchedEpisode: 'S01E01' });
    expect(w.emitted).toEqual([
      {
        name: 'title.updated',
        payload: {
          jobId: title.jobId,
          titleId: title.id,
          titleIndex: 1,
          state: 'matched',
          matchedEpisode: 'S01E01',
          matchConfidence: 0.93,
        },
      },
    ]);
  });

  it('a title that leaves review loses its review; one that stays keeps it', async () => {
    const w = jobWorld();
    const { titles } = await w.seed('matching', {}, [episode(1, { state: 'matching' })]);
    const review = matchReview(null, 0.7);
    const waiting = await w.service.updateTitle(titles[0]!, { state: 'review', review });
    expect(waiting.review).toEqual(review);
    const renamed = await w.service.updateTitle(waiting, { matchedEpisode: 'S01E02' });
    expect(renamed.review).toEqual(review);
    const decided = await w.service.updateTitle(renamed, { state: 'matched' });
    expect(decided.review).toBeNull();
  });
});

describe('JobService.update and deleteAll', () => {
  it('says which fields changed, and announces a job cleared from the dashboard', async () => {
    const w = jobWorld();
    const { job } = await w.seed('failed');
    await w.service.update(job.id, { errorMessage: 'Disc unreadable' });
    await w.service.update(job.id, { clearedAt: w.clock.now() });
    expect(w.emitted).toEqual([
      { name: 'job.updated', payload: { jobId: job.id, fields: ['errorMessage'] } },
      { name: 'job.updated', payload: { jobId: job.id, fields: ['clearedAt'] } },
      { name: 'job.cleared', payload: { jobId: job.id } },
    ]);
  });

  it('deletes every job (the DEBUG reset) and announces how many went', async () => {
    const w = jobWorld();
    await w.seed('ripping');
    await w.seed('completed');
    expect(await w.service.deleteAll()).toBe(2);
    expect(w.jobs.rows.size).toBe(0);
    expect(w.emitted).toEqual([{ name: 'jobs.reset', payload: { deleted: 2 } }]);
  });
});
