/**
 * Jobs and the pipeline: the job service and its lifecycle (what happens at each state:
 * core/src/jobs/job-state-hooks.ts), the runner, intake (discs, folders), commands, the detectors,
 * the DEBUG simulator and step probes. Pipeline and plugin-setting changes apply live: the next job
 * uses them, running jobs keep theirs.
 */
import { join } from 'node:path';
import type { DependencyContainer } from 'tsyringe';
import { gatherAsrFacts } from '../../asr/asr-environment.ts';
import { resolveAsrStatus } from '../../asr/asr-status.ts';
import { provide, provideValue, type ContainerModule } from '../../container/container-module.ts';
import { Tokens } from '../../container/tokens.ts';
import { JobIntake } from '../../intake/job-intake.ts';
import { handOverLateFiles } from '../../intake/late-files.ts';
import { JobCommands } from '../../jobs/job-commands.ts';
import { JobLifecycle } from '../../jobs/job-lifecycle.ts';
import { JobService } from '../../jobs/job-service.ts';
import { installJobStateHooks } from '../../jobs/job-state-hooks.ts';
import { CONFIGURED_STEPS } from '../../pipeline/configured-steps.ts';
import { PipelineRunner } from '../../pipeline/pipeline-runner.ts';
import { StepProbes } from '../../pipeline/step-probes.ts';
import { DiscSimulator } from '../../simulation/disc-simulator.ts';
import { createSimulatedSteps } from '../../simulation/simulated-steps.ts';
import { SimulatingStepSource } from '../../simulation/simulated-step-source.ts';
import { SimulationPace } from '../../simulation/simulation-pace.ts';
import { SubtitleCache } from '../../subtitles/subtitle-cache.ts';
import { SubtitleService } from '../../subtitles/subtitle-service.ts';
import { DetectorHost } from '../detector-host.ts';
import { pickServices, serviceView } from '../service-view.ts';

/** max_concurrent_matches as configured at startup, and as it applies (clamped to physical cores on CPU, 4 on GPU). */
export interface MatchConcurrency {
  configured: number;
  effective: number;
}

/** What the pipeline module provides for the routes to drive (the http module needs these). */
export const DRIVEN_BY_ROUTES = [
  Tokens.JobService,
  Tokens.MatchConcurrency,
  Tokens.PipelineRunner,
  Tokens.JobIntake,
  Tokens.JobCommands,
  Tokens.DiscSimulator,
  Tokens.StepProbes,
  Tokens.DetectorHost,
] as const;

export const pipelineModule: ContainerModule = {
  name: 'pipeline',
  needs: [
    Tokens.Database,
    Tokens.JobRepository,
    Tokens.TitleRepository,
    Tokens.ConfigService,
    Tokens.ProviderTable,
    Tokens.PluginContextFactory,
    Tokens.PipelineHost,
    Tokens.StageResolver,
    Tokens.StagingCleanup,
    Tokens.ContributorRunner,
    Tokens.NotificationService,
    Tokens.LibraryRefreshService,
  ],
  provides: [Tokens.JobLifecycle, Tokens.SubtitleService, Tokens.SimulationPace, ...DRIVEN_BY_ROUTES],
  async register(c: DependencyContainer) {
    const s = serviceView(c);
    const { settings, logs, config } = s;
    const workRoot = join(settings.dataDir, 'work');
    const configured = config.get().max_concurrent_matches;
    const effective = resolveAsrStatus(
      await gatherAsrFacts(configured),
      s.providers.get('transcriber')?.status() ?? null,
    ).max_concurrent_matches;
    provideValue<MatchConcurrency>(c, Tokens.MatchConcurrency, { configured, effective });

    c.registerSingleton(Tokens.JobLifecycle, JobLifecycle);
    c.registerSingleton(Tokens.JobService, JobService);
    c.registerSingleton(Tokens.SimulationPace, SimulationPace);
    // The services below take one deps object, built here from the container (service-view.ts).
    provide(
      c,
      Tokens.SubtitleService,
      () =>
        new SubtitleService({
          ...pickServices(c, 'bus', 'providers'),
          jobs: s.jobService,
          cache: new SubtitleCache(join(settings.dataDir, 'cache', 'subtitles')),
          logger: logs.logger('subtitles'),
          language: () => config.get().subtitle_language,
        }),
    );
    provide(
      c,
      Tokens.JobCommands,
      () =>
        new JobCommands({
          ...pickServices(c, 'jobs', 'titles', 'jobService', 'runner', 'subtitles'),
          askBeforeFiling: () => config.get().always_ask_before_filing,
        }),
    );
    provide(
      c,
      Tokens.StepProbes,
      () => new StepProbes(pickServices(c, 'providers', 'runner', 'jobs', 'titles', 'subtitles', 'config')),
    );
    provide(
      c,
      Tokens.JobIntake,
      () =>
        new JobIntake({
          ...pickServices(c, 'jobService', 'runner', 'bus', 'jobs', 'titles'),
          logger: logs.logger('intake'),
          roots: () => ({ stagingPath: config.get().staging_path, importRoots: settings.importRoots }),
        }),
    );
    provide(
      c,
      Tokens.DetectorHost,
      () =>
        new DetectorHost({
          ...pickServices(c, 'resolver', 'contexts', 'intake'),
          logger: logs.logger('detectors'),
          workRoot,
        }),
    );
    provide(
      c,
      Tokens.DiscSimulator,
      () => new DiscSimulator(pickServices(c, 'jobs', 'jobService', 'runner', 'intake', 'bus', 'config', 'pace')),
    );
    provide(c, Tokens.PipelineRunner, () => {
      const { pace } = s;
      // A job the DEBUG simulator created runs the simulated stages; every other job the configured ones.
      const steps = new SimulatingStepSource(
        CONFIGURED_STEPS,
        createSimulatedSteps((jobId) => pace.multiplier(jobId)),
      );
      return new PipelineRunner({
        ...pickServices(c, 'jobs', 'bus', 'titles', 'jobService', 'resolver', 'contexts', 'config', 'subtitles'),
        logger: logs.logger('pipeline'),
        workRoot,
        steps,
        matchConcurrency: effective,
      });
    });

    s.shutdown.add('pipeline runner', () => s.runner.shutdown());
    const detectors = s.detectors;
    installJobStateHooks(s.lifecycle, {
      notifications: s.notifications,
      detectors,
      stagingCleanup: s.stagingCleanup,
      contributors: s.contributors,
      libraryRefresh: s.libraryRefresh,
      // Files that came late to a folder job become a job of their own when it ends (never ignored, never deleted).
      lateFiles: (job) =>
        handOverLateFiles(
          { ...pickServices(c, 'jobs', 'titles', 'bus'), logger: logs.logger('intake') },
          job,
          (previous, files) => s.intake.followUp(previous, files),
        ),
    });
    config.onChange((changed) => detectors.settingsChanged(changed));
    config.onChange(async (changed, current) => {
      if (!changed.includes('pipeline') && !changed.includes('plugin_settings')) return;
      await s.pipelineHost.apply(current.pipeline, current.plugin_settings);
      await detectors.pipelineChanged();
    });
  },
};
