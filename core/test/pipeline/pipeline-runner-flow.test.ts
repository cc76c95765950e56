/**
 * PipelineRunner alone, the way forward: the runner reads the job's state, runs that state's step, and moves
 * on; it stops for review.
 */
import { describe, expect, it } from 'vitest';
import type { StepOutcome } from '../../src/pipeline/step-deps.ts';
import { world } from './pipeline-runner-world.ts';

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
