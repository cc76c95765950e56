/**
 * The DEBUG simulation is an implementation of the stages: the runner gets each job's steps from
 * its StepSource and never looks at `job.simulated`. A simulated job runs the simulated stages to
 * completion (fake titles and paths, no file), a configured job runs the configured steps, and the
 * runner's review gates apply to both alike.
 */
import type { AppConfig, PipelineConfig } from '../../src/config/app-config-fields.ts';
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PipelineRunner } from '../../src/pipeline/pipeline-runner.ts';
import { StageResolver } from '../../src/pipeline/stage-resolver.ts';
import { CONFIGURED_STEPS } from '../../src/pipeline/configured-steps.ts';
import { stepTable } from '../../src/pipeline/step-table.ts';
import type { PluginContextFactory } from '../../src/plugins/plugin-context-factory.ts';
import type { JobRecord } from '../../src/persistence/records.ts';
import type { SubtitleService } from '../../src/subtitles/subtitle-service.ts';
import { createSimulatedSteps } from '../../src/simulation/simulated-steps.ts';
import { SimulatingStepSource } from '../../src/simulation/simulated-step-source.ts';
import { tempDir } from '../persistence/test-database.ts';
import { jobWorld } from '../jobs/job-fakes.ts';

function runnerWorld(config: Partial<AppConfig> = {}) {
  const world = jobWorld();
  const configuredJobs: number[] = [];
  // A stand-in for the configured stages: it records which job it served and asks a person.
  const configured = stepTable({
    identifying: async (job) => {
      configuredJobs.push(job.id);
      return { kind: 'review', reason: 'configured identify asks', about: 'identity', resumeAt: 'identifying' };
    },
  });
  const workRoot = join(tempDir(), 'work');
  const subtitlesStarted: number[] = [];
  const subtitles = { start: (job: JobRecord) => void subtitlesStarted.push(job.id) } as unknown as SubtitleService;
  const runner = new PipelineRunner({
    jobs: world.jobs,
    bus: world.bus,
    titles: world.titles,
    jobService: world.service,
    resolver: StageResolver.fromResolved({} as PipelineConfig, () => {
      throw new Error('no stage is configured here');
    }),
    contexts: {} as PluginContextFactory,
    config: {
      get: () => ({ ask_which_titles_to_rip: false, always_ask_before_filing: false, ...config }) as AppConfig,
    },
    logger: world.logger,
    workRoot,
    subtitles,
    // Fast pace: 20 simulated seconds of ripping take 20 ms (the test waits for the run, not a clock).
    steps: new SimulatingStepSource(
      configured,
      createSimulatedSteps(() => 1000),
    ),
  });
  const run = async (jobId: number) => {
    runner.start(jobId);
    await runner.settled(jobId);
    return (await world.jobs.get(jobId))!;
  };
  /** A disc job in this drive, TV or movie, made by the simulator when `simulated`. */
  const createDisc = (driveId: string, volumeLabel: string, contentType: 'tv' | 'movie', simulated = false) =>
    world.service.create({
      sourceKind: 'disc',
      driveId,
      volumeLabel,
      contentType,
      ...(simulated ? { simulated } : {}),
    });
  return { ...world, runner, run, createDisc, configuredJobs, workRoot, subtitles, subtitlesStarted };
}

describe('simulation as an implementation of the stages', () => {
  it('runs a simulated job through the simulated stages to completion, with fake titles and no file', async () => {
    const w = runnerWorld();
    const job = await w.createDisc('sim:0', 'SIM_SHOW', 'tv', true);
    w.emitted.length = 0;
    const done = await w.run(job.id);
    expect(done.state).toBe('completed');
    expect(done.libraryPath).toBe('/simulated/TV/SIM SHOW');
    const titles = await w.titles.listByJob(job.id);
    expect(titles.map((t) => [t.state, t.matchedEpisode])).toEqual([
      ['completed', 'S01E01'],
      ['completed', 'S01E02'],
      ['completed', 'S01E03'],
      ['completed', 'S01E04'],
    ]);
    const states = w.emitted.filter((e) => e.name === 'job.state_changed').map((e) => e.payload.to);
    expect(states).toEqual(['identifying', 'ripping', 'matching', 'organizing', 'completed']);
    expect(w.configuredJobs).toEqual([]);
    expect(existsSync(w.workRoot)).toBe(false); // no work folder, no file
    expect(w.subtitlesStarted).toEqual([]); // nothing is fetched for a simulated show
  });

  it('runs a job the simulator did not create through the configured steps', async () => {
    const w = runnerWorld();
    const job = await w.createDisc('/dev/sr0', 'REAL_DISC', 'tv');
    const held = await w.run(job.id);
    expect(w.configuredJobs).toEqual([job.id]);
    expect(held).toMatchObject({
      state: 'review_needed',
      reviewReason: 'configured identify asks',
      resumeState: 'identifying',
    });
  });

  it('holds a simulated job for "ask which titles to rip" like any job, and rips only the titles left ticked', async () => {
    const w = runnerWorld({ ask_which_titles_to_rip: true });
    const job = await w.createDisc('sim:1', 'SIM_MOVIE', 'movie', true);
    const held = await w.run(job.id);
    expect(held).toMatchObject({ state: 'review_needed', reviewKind: 'rip_choice', resumeState: 'ripping' });
    const [main, extra] = await w.titles.listByJob(job.id);
    await w.service.updateTitle(extra!, {
      selected: false,
      included: false,
      discardedBy: 'person',
      discardReason: 'skipped by a person',
    });
    await w.service.transition(job.id, 'ripping', { patch: { reviewReason: null, resumeState: null } });
    expect((await w.run(job.id)).state).toBe('completed');
    const after = await w.titles.listByJob(job.id);
    expect(after.map((t) => [t.titleIndex, t.state])).toEqual([
      [main!.titleIndex, 'completed'],
      [extra!.titleIndex, 'pending'],
    ]);
  });

  it('the configured rip step asks for reference subtitles before it rips (a resumed rip too)', async () => {
    const w = runnerWorld();
    const { job } = await w.seed('ripping', { detectedTitle: 'Show', detectedSeason: 1 });
    const deps = { ...w.runner.stepDeps(new AbortController().signal), subtitles: w.subtitles };
    // No ripper is configured here: the step fails after asking for the subtitles.
    await expect(CONFIGURED_STEPS.ripping!.step(job, deps)).rejects.toThrow(/No ripper is configured/);
    expect(w.subtitlesStarted).toEqual([job.id]);
  });
});
