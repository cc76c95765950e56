/**
 * One writer of job and title rows: every write the pipeline, the subtitles and the simulation
 * make goes through JobService, which announces it on the bus (`job.updated` with the fields that
 * changed, `title.updated` for each title stored or changed). One test per write moved there.
 */
import type { DiscScan, Organizer, StageContext } from '@spindle/plugin-sdk';
import { RecordingLogger } from '@spindle/plugin-sdk/testing';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileEarly } from '../../src/pipeline/early-organize.ts';
import type { StepDeps } from '../../src/pipeline/step-deps.ts';
import { identifyStep } from '../../src/pipeline/steps/identify-step.ts';
import { createSimulatedSteps } from '../../src/simulation/simulated-steps.ts';
import { SubtitleCache } from '../../src/subtitles/subtitle-cache.ts';
import { SubtitleService } from '../../src/subtitles/subtitle-service.ts';
import { tempDir } from '../persistence/test-database.ts';
import { IdentityDeclarations } from '../../src/jobs/identity-declaration.ts';
import { JobCommands } from '../../src/jobs/job-commands.ts';
import type { PipelineRunner } from '../../src/pipeline/pipeline-runner.ts';
import { FakeRunner, jobWorld } from './job-fakes.ts';
import { identificationAnswer } from '../support/records.ts';

type World = ReturnType<typeof jobWorld>;
const names = (w: World) => w.emitted.map((e) => e.name);

/** Step deps over the world's repositories and its real JobService; `extra` fakes the stages a test needs. */
function stepDeps(w: World, extra: Record<string, unknown>): StepDeps {
  return {
    jobs: w.jobs,
    titles: w.titles,
    bus: w.bus,
    jobService: w.service,
    logger: w.logger,
    signal: new AbortController().signal,
    context: async () =>
      ({ signal: new AbortController().signal, progress: { report() {} } }) as unknown as StageContext,
    ...extra,
  } as unknown as StepDeps;
}

describe('JobService is the one writer of job and title rows', () => {
  it('update stores the fields and announces which changed (job.updated)', async () => {
    const w = jobWorld();
    const { job } = await w.seed('completed');
    const updated = await w.service.update(job.id, { clearedAt: new Date() });
    expect(updated.clearedAt).not.toBeNull();
    expect(w.emitted).toEqual([
      { name: 'job.updated', payload: { jobId: job.id, fields: ['clearedAt'] } },
      { name: 'job.cleared', payload: { jobId: job.id } },
    ]);
  });

  it('replaceTitles and addTitles store titles and announce each one (title.updated)', async () => {
    const w = jobWorld();
    const { job } = await w.seed('identifying', {}, [{ titleIndex: 9, durationSeconds: 1, sizeBytes: 1 }]);
    const stored = await w.service.replaceTitles(
      job.id,
      [0, 1].map((i) => ({ titleIndex: i, durationSeconds: 1300, sizeBytes: 1 })),
    );
    const added = await w.service.addTitles(job.id, [
      { titleIndex: 2, durationSeconds: 1300, sizeBytes: 1, state: 'pending' },
    ]);
    expect((await w.titles.listByJob(job.id)).map((t) => t.titleIndex)).toEqual([0, 1, 2]);
    expect(w.emitted.map((e) => [e.name, e.payload.titleId, e.payload.titleIndex])).toEqual(
      [...stored, ...added].map((t) => ['title.updated', t.id, t.titleIndex]),
    );
  });

  it('the identify step stores its scan through the job service: each scanned title is announced', async () => {
    const w = jobWorld();
    const { job } = await w.seed('identifying');
    const scan: DiscScan = {
      volumeLabel: 'SHOW_S1_D1',
      discType: 'dvd',
      contentHash: null,
      titles: [0, 1, 2].map((i) => ({ index: i, durationSeconds: 1300 + i, sizeBytes: 1, resolution: '480p' })),
    };
    const answer = identificationAnswer({ confidence: 0.9, title: 'Show', evidence: ['test'] });
    const deps = stepDeps(w, {
      resolver: {
        ripperFor: () => ({ record: { id: 'ripper' }, impl: { scan: async () => scan } }),
        identifiers: () => [{ record: { id: 'heuristic' }, impl: { identify: async () => answer } }],
      },
      config: { get: () => ({ discard_files_of: [] }) },
    });
    await identifyStep(job, deps);
    const stored = await w.titles.listByJob(job.id);
    expect(stored.map((t) => t.titleIndex)).toEqual([0, 1, 2]);
    const announced = w.emitted.filter((e) => e.name === 'title.updated').map((e) => e.payload.titleId);
    for (const title of stored) expect(announced).toContain(title.id);
  });

  it('the simulated identify step stores its fake titles through the job service too', async () => {
    const w = jobWorld();
    const { job } = await w.seed('identifying', { contentType: 'movie', simulated: true });
    await createSimulatedSteps(() => 1000).identifying!.step(job, stepDeps(w, {}));
    const stored = await w.titles.listByJob(job.id);
    expect(stored).toHaveLength(2);
    expect(w.emitted.filter((e) => e.name === 'title.updated').map((e) => e.payload.titleId)).toEqual(
      stored.map((t) => t.id),
    );
  });

  it('filing a title early stores the job’s library folder through the job service (job.updated)', async () => {
    const w = jobWorld();
    const match = {
      kind: 'episode',
      season: 1,
      episode: 1,
      episodeEnd: null,
      edition: null,
      confidence: 0.95,
      source: 'test',
      components: [],
      candidates: [],
    };
    const { job, titles } = await w.seed('matching', {}, [
      {
        titleIndex: 0,
        durationSeconds: 1300,
        sizeBytes: 1,
        state: 'matched',
        filePath: '/staging/t0.mkv',
        matchedEpisode: 'S01E01',
        matchDetailsJson: JSON.stringify(match),
      },
    ]);
    const organizer: Organizer = {
      plan: async (request) => ({
        moves: request.titles.map((t) => ({
          titleIndex: t.titleIndex,
          from: t.filePath,
          to: '/library/Show/S01E01.mkv',
          action: 'move',
          reason: null,
        })),
      }),
      apply: async (plan) => ({
        titles: plan.moves.map((m) => ({ titleIndex: m.titleIndex, status: 'moved', path: m.to, message: null })),
        libraryPath: '/library/Show',
      }),
    } as Organizer;
    const deps = stepDeps(w, {
      resolver: { organizer: () => ({ record: { id: 'organizer' }, impl: organizer }) },
      config: {
        get: () => ({
          library_tv_path: '/library',
          library_movies_path: '/movies',
          extras_policy: 'keep',
          conflict_resolution_default: 'ask',
        }),
      },
    });
    expect(await fileEarly(job, titles[0]!, deps)).toBe(true);
    expect((await w.jobs.get(job.id))!.libraryPath).toBe('/library/Show');
    expect(w.emitted).toContainEqual({ name: 'job.updated', payload: { jobId: job.id, fields: ['libraryPath'] } });
  });

  it('the subtitle service stores a job’s subtitle counts through the job service (job.updated)', async () => {
    const w = jobWorld();
    const { job } = await w.seed('review_needed', { detectedTitle: 'Show', detectedSeason: 1 });
    const providers = { get: () => null, all: () => [] };
    const subtitles = new SubtitleService({
      jobs: w.service,
      bus: w.bus,
      providers,
      cache: new SubtitleCache(join(tempDir(), 'subtitles')),
      logger: new RecordingLogger(),
      language: () => 'en',
    });
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nHello there.\n';
    const updated = await subtitles.upload(job, [{ season: 1, episode: 1, srt }]);
    expect(updated).toMatchObject({ subtitlesDownloaded: 1, subtitleStatus: 'ready' });
    expect(names(w)).toEqual(['job.updated']);
    expect(w.emitted[0]!.payload).toMatchObject({
      jobId: job.id,
      fields: expect.arrayContaining(['subtitlesDownloaded', 'subtitleStatus']),
    });
  });

  it('clearing jobs from the dashboard (JobCommands) is announced for each job (job.updated, job.cleared)', async () => {
    const w = jobWorld();
    const commands = new JobCommands({
      jobs: w.jobs,
      titles: w.titles,
      jobService: w.service,
      runner: new FakeRunner() as unknown as PipelineRunner,
      subtitles: undefined as unknown as SubtitleService,
      askBeforeFiling: () => false,
    });
    const { job: one } = await w.seed('completed');
    const { job: two } = await w.seed('failed');
    w.emitted.length = 0;
    await commands.clear(one.id);
    await commands.clearFinished();
    expect(w.emitted).toEqual(
      [one.id, two.id].flatMap((jobId) => [
        { name: 'job.updated', payload: { jobId, fields: ['clearedAt'] } },
        { name: 'job.cleared', payload: { jobId } },
      ]),
    );
  });

  it('a declared identity on a job past identification (IdentityDeclarations) is announced (job.updated)', async () => {
    const w = jobWorld();
    const declarations = new IdentityDeclarations({
      jobService: w.service,
      runner: new FakeRunner() as unknown as PipelineRunner,
    });
    const { job } = await w.seed('matching', { detectedTitle: 'Shwo', detectedSeason: 1 });
    const declared = await declarations.declare(job.id, {
      contentType: 'tv',
      catalogId: null,
      detectedTitle: 'Show',
      detectedSeason: 1,
      detectedYear: null,
      discNumber: null,
    });
    expect(declared).toMatchObject({ state: 'matching', detectedTitle: 'Show', identityDeclared: true });
    expect(names(w)).toEqual(['job.updated']);
    expect(w.emitted[0]!.payload).toMatchObject({
      jobId: job.id,
      fields: expect.arrayContaining(['identityDeclared', 'detectedTitle']),
    });
  });
});
