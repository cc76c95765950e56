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
import type { ConfigService } from '../../config/config-service.ts';
import type { ServerSettings } from '../../config/server-settings.ts';
import { provide, provideValue, type ContainerModule } from '../../container/container-module.ts';
import type { Shutdown } from '../../container/shutdown.ts';
import { Tokens } from '../../container/tokens.ts';
import type { ContributorRunner } from '../../contributions/contributor-runner.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { JobIntake } from '../../intake/job-intake.ts';
import { handOverLateFiles } from '../../intake/late-files.ts';
import { JobCommands } from '../../jobs/job-commands.ts';
import { JobLifecycle } from '../../jobs/job-lifecycle.ts';
import { JobService } from '../../jobs/job-service.ts';
import { installJobStateHooks } from '../../jobs/job-state-hooks.ts';
import type { StagingCleanup } from '../../jobs/staging-cleanup.ts';
import type { LogSink } from '../../logging/logger.ts';
import type { LibraryRefreshService } from '../../media-servers/library-refresh-service.ts';
import type { NotificationService } from '../../notifications/notification-service.ts';
import type { Database } from '../../persistence/database.ts';
import { CONFIGURED_STEPS } from '../../pipeline/configured-steps.ts';
import { PipelineRunner } from '../../pipeline/pipeline-runner.ts';
import type { ProviderTable, StageResolver } from '../../pipeline/stage-resolver.ts';
import { StepProbes } from '../../pipeline/step-probes.ts';
import type { PluginContextFactory } from '../../plugins/plugin-context-factory.ts';
import { DiscSimulator } from '../../simulation/disc-simulator.ts';
import { createSimulatedSteps } from '../../simulation/simulated-steps.ts';
import { SimulatingStepSource } from '../../simulation/simulated-step-source.ts';
import { SimulationPace } from '../../simulation/simulation-pace.ts';
import { SubtitleService } from '../../subtitles/subtitle-service.ts';
import { DetectorHost } from '../detector-host.ts';
import type { PipelineHost } from '../pipeline-host.ts';

/** max_concurrent_matches as configured at startup, and as it applies (clamped to physical cores on CPU, 4 on GPU). */
export interface MatchConcurrency {
  configured: number;
  effective: number;
}

export const pipelineModule: ContainerModule = {
  name: 'pipeline',
  needs: [
    Tokens.ServerSettings,
    Tokens.LogSink,
    Tokens.Logger,
    Tokens.EventBus,
    Tokens.Clock,
    Tokens.Shutdown,
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
  provides: [
    Tokens.JobLifecycle,
    Tokens.JobService,
    Tokens.MatchConcurrency,
    Tokens.SubtitleService,
    Tokens.SimulationPace,
    Tokens.PipelineRunner,
    Tokens.JobIntake,
    Tokens.JobCommands,
    Tokens.DiscSimulator,
    Tokens.StepProbes,
    Tokens.DetectorHost,
  ],
  async register(c: DependencyContainer) {
    const settings = c.resolve<ServerSettings>(Tokens.ServerSettings);
    const logs = c.resolve<LogSink>(Tokens.LogSink);
    const db = c.resolve<Database>(Tokens.Database);
    const bus = c.resolve<EventBus>(Tokens.EventBus);
    const config = c.resolve<ConfigService>(Tokens.ConfigService);
    const providers = c.resolve<ProviderTable>(Tokens.ProviderTable);
    const resolver = c.resolve<StageResolver>(Tokens.StageResolver);
    const contexts = c.resolve<PluginContextFactory>(Tokens.PluginContextFactory);
    const workRoot = join(settings.dataDir, 'work');
    const configured = config.get().max_concurrent_matches;
    const effective = resolveAsrStatus(
      await gatherAsrFacts(configured),
      providers.get('transcriber')?.status() ?? null,
    ).max_concurrent_matches;
    provideValue<MatchConcurrency>(c, Tokens.MatchConcurrency, { configured, effective });

    c.registerSingleton(Tokens.JobLifecycle, JobLifecycle);
    c.registerSingleton(Tokens.JobService, JobService);
    c.registerSingleton(Tokens.SimulationPace, SimulationPace);
    c.registerSingleton(Tokens.SubtitleService, SubtitleService);
    c.registerSingleton(Tokens.JobCommands, JobCommands);
    c.registerSingleton(Tokens.DiscSimulator, DiscSimulator);
    c.registerSingleton(Tokens.StepProbes, StepProbes);
    c.registerSingleton(Tokens.DetectorHost, DetectorHost);
    c.registerSingleton(Tokens.JobIntake, JobIntake);
    const jobService = (r: DependencyContainer) => r.resolve<JobService>(Tokens.JobService);
    const runner = (r: DependencyContainer) => r.resolve<PipelineRunner>(Tokens.PipelineRunner);
    const intake = (r: DependencyContainer) => r.resolve<JobIntake>(Tokens.JobIntake);
    // PipelineRunner takes a deps object (the runner is being reworked in parallel): built here.
    provide(c, Tokens.PipelineRunner, (r) => {
      const pace = r.resolve<SimulationPace>(Tokens.SimulationPace);
      // A job the DEBUG simulator created runs the simulated stages; every other job the configured ones.
      const steps = new SimulatingStepSource(
        CONFIGURED_STEPS,
        createSimulatedSteps((jobId) => pace.multiplier(jobId)),
      );
      return new PipelineRunner({
        jobs: db.jobs,
        bus,
        titles: db.titles,
        jobService: jobService(r),
        resolver,
        contexts,
        config,
        logger: logs.logger('pipeline'),
        workRoot,
        steps,
        subtitles: r.resolve<SubtitleService>(Tokens.SubtitleService),
        matchConcurrency: effective,
      });
    });

    const shutdown = c.resolve<Shutdown>(Tokens.Shutdown);
    shutdown.add('pipeline runner', () => runner(c).shutdown());
    const detectors = c.resolve<DetectorHost>(Tokens.DetectorHost);
    installJobStateHooks(c.resolve<JobLifecycle>(Tokens.JobLifecycle), {
      notifications: c.resolve<NotificationService>(Tokens.NotificationService),
      detectors,
      stagingCleanup: c.resolve<StagingCleanup>(Tokens.StagingCleanup),
      contributors: c.resolve<ContributorRunner>(Tokens.ContributorRunner),
      libraryRefresh: c.resolve<LibraryRefreshService>(Tokens.LibraryRefreshService),
      // Files that came late to a folder job become a job of their own when it ends (never ignored, never deleted).
      lateFiles: (job) =>
        handOverLateFiles(
          { jobs: db.jobs, titles: db.titles, bus, logger: logs.logger('intake') },
          job,
          (previous, files) => intake(c).followUp(previous, files),
        ),
    });
    config.onChange((changed) => detectors.settingsChanged(changed));
    config.onChange(async (changed, current) => {
      if (!changed.includes('pipeline') && !changed.includes('plugin_settings')) return;
      await c.resolve<PipelineHost>(Tokens.PipelineHost).apply(current.pipeline, current.plugin_settings);
      await detectors.pipelineChanged();
    });
  },
};
