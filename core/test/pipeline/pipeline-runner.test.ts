/**
 * PipelineRunner alone: fake steps (the step table is the runner's port), the real JobService over
 * memory repositories (pipeline-fakes.ts). The runner reads the job's state, runs that state's step,
 * and moves on; it stops for review, fails the job (and every unfinished title) when a step throws,
 * and leaves an aborted job to whoever aborted it.
 */
import { RipperError, type JobState } from '@spindle/plugin-sdk';
import { describe, expect, it } from 'vitest';
import type { Step, StepOutcome } from '../../src/pipeline/step-deps.ts';
import { stepTable } from '../../src/pipeline/step-table.ts';
import { gate, pipelineWorld } from './pipeline-fakes.ts';

type Steps = Partial<Record<'identifying' | 'ripping' | 'matching' | 'organizing', Step>>;

/** A runner whose steps record their state in `ran` and go on (unless a test replaces one). */
function world(options: Parameters<typeof pipelineWorld>[0] = {}, replace: Steps = {}) {
  const w = pipelineWorld(options);
  const ran: string[] = [];
  const next: Step = async (job) => (ran.push(job.state), { kind: 'next' });
  const steps: Steps = { identifying: next, ripping: next, matching: next, organizing: next, ...replace };
  const runner = w.runner(stepTable(steps as Partial<Record<JobState, Step>>));
  const run = async (jobId: number) => {
    runner.start(jobId);
    await runner.settled(jobId);
    return (await w.jobs.get(jobId))!;
  };
  const states = (jobId: number) => w.jobs.events.filter((e) => e.jobId === jobId).map((e) => e.toState);
  return { ...w, ran, runner, run, states };
}

describe('the happy path', () => {
  it('walks an idle job through every working state in order, each step once, and completes at 100 %', async () => {
    const w = world(
      {},
      {
        identifying: async (job) => {
          w.ran.push(job.state);
          return { kind: 'next', patch: { detectedTitle: 'Show Name', contentType: 'tv' } };
        },
      },
    );
    const { job } = await w.seed('idle');
    const done = await w.run(job.id);
    expect(w.ran).toEqual(['identifying', 'ripping', 'matching', 'organizing']);
    expect(w.states(job.id)).toEqual(['idle', 'identifying', 'ripping', 'matching', 'organizing', 'completed']);
    expect(done).toMatchObject({
      state: 'completed',
      progressPercent: 100,
      detectedTitle: 'Show Name',
      contentType: 'tv',
      errorMessage: null,
    });
    const announced = w.emitted
      .filter((e) => e.name === 'job.state_changed')
      .map((e) => `${e.payload.from}→${e.payload.to}`);
    expect(announced).toEqual([
      'idle→identifying',
      'identifying→ripping',
      'ripping→matching',
      'matching→organizing',
      'organizing→completed',
    ]);
    expect(w.runner.isRunning(job.id)).toBe(false);
  });

  it('continues a restarted job from its stored state: the steps before it do not run again', async () => {
    const w = world();
    const { job } = await w.seed('matching');
    expect((await w.run(job.id)).state).toBe('completed');
    expect(w.ran).toEqual(['matching', 'organizing']);
  });

  it('starts each state with progress, speed and ETA cleared (the figures of the last state do not linger)', async () => {
    const seen: string[] = [];
    const w = world(
      {},
      {
        ripping: async (job) => {
          seen.push(`${job.state}: ${job.progressPercent} % ${job.currentSpeed} ${job.etaSeconds}`);
          await w.service.progress(job.id, {
            percent: 60,
            speed: '2.0x',
            etaSeconds: 30,
            currentTitle: 1,
            totalTitles: 2,
          });
          return { kind: 'next' };
        },
        matching: async (job) => (
          seen.push(`${job.state}: ${job.progressPercent} % ${job.currentSpeed} ${job.etaSeconds}`),
          { kind: 'next' }
        ),
      },
    );
    const { job } = await w.seed('identifying', { progressPercent: 80, currentSpeed: '3.0x', etaSeconds: 9 });
    await w.run(job.id);
    expect(seen).toEqual(['ripping: 0 % null null', 'matching: 0 % null null']);
    const moves = w.emitted
      .filter((e) => e.name === 'job.state_changed')
      .map((e) => [e.payload.to, e.payload.progressPercent]);
    expect(moves).toEqual([
      ['ripping', 0],
      ['matching', 0],
      ['organizing', 0],
      ['completed', 100],
    ]);
  });
});

describe('review', () => {
  it('a step asking for review parks the job with its reason, kind and resume state, and nothing after it runs', async () => {
    const review: StepOutcome = {
      kind: 'review',
      reason: '2 title(s) could not be matched with enough confidence',
      about: 'titles',
      resumeAt: 'organizing',
      patch: { detectedSeason: 2 },
    };
    const w = world({}, { matching: async (job) => (w.ran.push(job.state), review) });
    const { job } = await w.seed('ripping');
    const parked = await w.run(job.id);
    expect(w.ran).toEqual(['ripping', 'matching']);
    expect(parked).toMatchObject({
      state: 'review_needed',
      reviewReason: review.reason,
      reviewKind: 'titles',
      resumeState: 'organizing',
      detectedSeason: 2,
    });
    expect(w.jobs.events.at(-1)).toMatchObject({ toState: 'review_needed', message: review.reason });
  });

  it('a job in review is not driven: starting it runs no step', async () => {
    const w = world();
    const { job } = await w.seed('review_needed', {
      resumeState: 'organizing',
      reviewReason: 'decide',
      reviewKind: 'titles',
    });
    expect((await w.run(job.id)).state).toBe('review_needed');
    expect(w.ran).toEqual([]);
  });

  it('"ask which titles to rip": the identified job waits with its titles listed before anything is ripped', async () => {
    const w = world({ config: { ask_which_titles_to_rip: true } });
    const { job } = await w.seed('identifying', {}, [
      { titleIndex: 0, durationSeconds: 1300, sizeBytes: 1, state: 'pending', selected: true },
      { titleIndex: 1, durationSeconds: 20, sizeBytes: 1, state: 'pending', selected: false },
    ]);
    const parked = await w.run(job.id);
    expect(w.ran).toEqual(['identifying']);
    expect(parked).toMatchObject({ state: 'review_needed', reviewKind: 'rip_choice', resumeState: 'ripping' });
    expect(parked.reviewReason).toMatch(/1/);
  });

  it('"always ask before filing": the matched job waits with its plan before organizing', async () => {
    const w = world({ config: { always_ask_before_filing: true } });
    const { job } = await w.seed('matching', {}, [
      {
        titleIndex: 0,
        durationSeconds: 1300,
        sizeBytes: 1,
        state: 'matched',
        selected: true,
        matchedEpisode: 'S01E01',
        filePath: '/s/a.mkv',
      },
    ]);
    const parked = await w.run(job.id);
    expect(w.ran).toEqual(['matching']);
    expect(parked).toMatchObject({ state: 'review_needed', reviewKind: 'filing', resumeState: 'organizing' });
  });
});

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
  /** A ripping step that waits for the signal, as a ripper killing its process does. */
  function waitingRip(w: { ran: string[] }, started: ReturnType<typeof gate<void>>) {
    return async (_job: unknown, deps: { signal: AbortSignal }): Promise<StepOutcome> => {
      w.ran.push('ripping started');
      started.open();
      await new Promise<void>((resolve) => deps.signal.addEventListener('abort', () => resolve(), { once: true }));
      w.ran.push(`ripping stopped: ${(deps.signal.reason as Error).message}`);
      throw new RipperError('aborted', 'makemkvcon was stopped');
    };
  }

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
