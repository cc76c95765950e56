/**
 * PipelineRunner alone, when things go wrong: it fails the job (and every unfinished title) when a step throws,
 * and leaves an aborted job to whoever aborted it.
 */
import { RipperError } from '@spindle/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { gate } from './pipeline-fakes.ts';
import { waitingRip, world } from './pipeline-runner-world.ts';

describe('failure', () => {
  it('a failing stage fails the job in its own words, and every unfinished title fails (the one mid-rip lets go of its partial file)', async () => {
    const w = world(
      {},
      {
        ripping: async () => {
          throw new RipperError('disc_unreadable', 'The disc could not be opened');
        },
      },
    );
    const { job, titles } = await w.seed('ripping', {}, [
      { titleIndex: 0, durationSeconds: 1300, sizeBytes: 1, state: 'matched', filePath: '/s/t0.mkv' },
      { titleIndex: 1, durationSeconds: 1300, sizeBytes: 1, state: 'matching', filePath: '/s/t1.mkv' },
      { titleIndex: 2, durationSeconds: 1300, sizeBytes: 1, state: 'queued', filePath: '/s/t2.mkv' },
      { titleIndex: 3, durationSeconds: 1300, sizeBytes: 1, state: 'ripping', filePath: '/s/t3.mkv' },
      { titleIndex: 4, durationSeconds: 1300, sizeBytes: 1, state: 'pending' },
    ]);
    const failed = await w.run(job.id);
    expect(failed).toMatchObject({ state: 'failed', errorMessage: 'The disc could not be opened' });
    expect(w.jobs.events.at(-1)).toMatchObject({
      fromState: 'ripping',
      toState: 'failed',
      message: 'The disc could not be opened',
    });
    const after = await w.titles.listByJob(job.id);
    expect(after.map((t) => [t.state, t.filePath])).toEqual([
      ['matched', '/s/t0.mkv'],
      ['failed', '/s/t1.mkv'],
      ['failed', '/s/t2.mkv'],
      ['failed', null],
      ['pending', null],
    ]);
    // Each failed title was announced (the UI follows title.updated).
    const updated = w.emitted.filter((e) => e.name === 'title.updated').map((e) => e.payload.titleId as number);
    expect(updated.sort()).toEqual([titles[1]!.id, titles[2]!.id, titles[3]!.id].sort());
    expect(w.ran).toEqual([]);
  });

  it('an unexpected error is named as such, with the state it happened in; the stack goes to the log only', async () => {
    const w = world(
      {},
      {
        matching: async () => {
          throw new TypeError("Cannot read properties of undefined (reading 'season')");
        },
      },
    );
    const { job } = await w.seed('matching');
    const failed = await w.run(job.id);
    expect(failed.errorMessage).toBe(
      "matching failed unexpectedly: Cannot read properties of undefined (reading 'season')",
    );
    expect(failed.errorMessage).not.toMatch(/\n\s+at /);
    const logged = w.logger.entries.find(
      (e) => e.level === 'error' && e.message.includes(`job ${job.id} failed in matching`),
    );
    expect(JSON.stringify(logged?.fields)).toMatch(/TypeError.*\\n\s+at /);
    expect(w.ran).toEqual([]);
  });

  it('a job someone else ended meanwhile is neither moved on nor failed a second time', async () => {
    const w = world(
      {},
      {
        ripping: async (job) => {
          await w.service.transition(job.id, 'failed', { patch: { errorMessage: 'Cancelled by user' } });
          return { kind: 'next' };
        },
      },
    );
    const { job } = await w.seed('ripping');
    const after = await w.run(job.id);
    expect(after).toMatchObject({ state: 'failed', errorMessage: 'Cancelled by user' });
    expect(w.states(job.id).filter((s) => s === 'failed')).toHaveLength(1);
    expect(w.ran).toEqual([]);
  });
});

describe('abort, cancel and shutdown', () => {
  it('abort stops the running step, runs no next step, and leaves the job to whoever aborted it', async () => {
    const started = gate();
    const holder = { ran: [] as string[] };
    const w = world({}, { ripping: (job, deps) => waitingRip(holder, started)(job, deps) });
    const { job } = await w.seed('ripping', {}, [
      { titleIndex: 0, durationSeconds: 1300, sizeBytes: 1, state: 'ripping' },
    ]);
    w.runner.start(job.id);
    await started.promise;
    expect(w.runner.isRunning(job.id)).toBe(true);
    await w.runner.abort(job.id, 'Cancelled by user');
    expect(holder.ran).toEqual(['ripping started', 'ripping stopped: Cancelled by user']);
    expect(w.runner.isRunning(job.id)).toBe(false);
    expect(w.ran).toEqual([]); // matching never ran
    const after = (await w.jobs.get(job.id))!;
    expect(after).toMatchObject({ state: 'ripping', errorMessage: null }); // the canceller (JobCommands) fails it
    expect((await w.titles.listByJob(job.id))[0]!.state).toBe('ripping');
  });

  it('a second start of a running job is ignored: each step runs once', async () => {
    const started = gate();
    const release = gate();
    let calls = 0;
    const w = world(
      {},
      {
        identifying: async () => {
          calls++;
          started.open();
          await release.promise;
          return { kind: 'next' };
        },
      },
    );
    const { job } = await w.seed('idle');
    w.runner.start(job.id);
    await started.promise;
    w.runner.start(job.id);
    w.runner.start(job.id);
    release.open();
    await w.runner.settled(job.id);
    expect(calls).toBe(1);
    expect((await w.jobs.get(job.id))!.state).toBe('completed');
  });

  it('shutdown aborts every running job without failing any: the next start continues them', async () => {
    const a = gate();
    const b = gate();
    const holderA = { ran: [] as string[] };
    const holderB = { ran: [] as string[] };
    let which = 0;
    const w = world(
      {},
      { ripping: (job, deps) => (which++ === 0 ? waitingRip(holderA, a) : waitingRip(holderB, b))(job, deps) },
    );
    const first = await w.seed('ripping');
    const second = await w.seed('ripping');
    w.runner.start(first.job.id);
    await a.promise;
    w.runner.start(second.job.id);
    await b.promise;
    await w.runner.shutdown();
    expect(holderA.ran.at(-1)).toBe('ripping stopped: Spindle is shutting down');
    expect(holderB.ran.at(-1)).toBe('ripping stopped: Spindle is shutting down');
    for (const id of [first.job.id, second.job.id]) expect((await w.jobs.get(id))!.state).toBe('ripping');
  });
});

// Reference subtitles are asked for by the configured rip step, not the runner: see simulated-stages.test.ts.
