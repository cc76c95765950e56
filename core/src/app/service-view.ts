/**
 * The container's services by name: one table from a name to its token, read through typed
 * getters. Modules build their services' deps objects from it (`pickServices`), and service-host
 * returns its RunningService from it. Each read resolves the token, so an unregistered one fails
 * at startup inside composeModules, which names the module and the token it was building.
 */
import type { Logger } from '@spindle/plugin-sdk';
import type { DependencyContainer } from 'tsyringe';
import type { AccessControl } from '../auth/access-control.ts';
import type { ConfigService } from '../config/config-service.ts';
import type { ServerSettings } from '../config/server-settings.ts';
import type { Shutdown } from '../container/shutdown.ts';
import { Tokens, type Token } from '../container/tokens.ts';
import type { ContributorRunner } from '../contributions/contributor-runner.ts';
import type { FingerprintServices } from '../contributions/fingerprint-services.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { ClientGateway } from '../http/client-gateway.ts';
import type { JobIntake } from '../intake/job-intake.ts';
import type { Clock } from '../jobs/clock.ts';
import type { JobCommands } from '../jobs/job-commands.ts';
import type { JobLifecycle } from '../jobs/job-lifecycle.ts';
import type { JobService } from '../jobs/job-service.ts';
import type { StagingCleanup } from '../jobs/staging-cleanup.ts';
import type { LogSink } from '../logging/logger.ts';
import type { LibraryRefreshService } from '../media-servers/library-refresh-service.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { SecretRedactor } from '../logging/secret-redactor.ts';
import type { Database } from '../persistence/database.ts';
import type { JobRepository, TitleRepository } from '../persistence/ports.ts';
import type { PipelineRunner } from '../pipeline/pipeline-runner.ts';
import type { ProviderTable, StageResolver } from '../pipeline/stage-resolver.ts';
import type { StepProbes } from '../pipeline/step-probes.ts';
import type { PluginContextFactory } from '../plugins/plugin-context-factory.ts';
import type { PluginRegistry } from '../plugins/plugin-registry.ts';
import type { DiscSimulator } from '../simulation/disc-simulator.ts';
import type { SimulationPace } from '../simulation/simulation-pace.ts';
import type { SubtitleService } from '../subtitles/subtitle-service.ts';
import type { DetectorHost } from './detector-host.ts';
import type { HttpApp } from './http-listener.ts';
import type { MatchConcurrency } from './modules/pipeline-module.ts';
import type { PipelineHost } from './pipeline-host.ts';
import type { StartOptions } from './container-seeds.ts';

export interface ServiceView {
  settings: ServerSettings;
  options: StartOptions;
  startedAt: Date;
  logs: LogSink;
  redactor: SecretRedactor;
  logger: Logger;
  bus: EventBus;
  clock: Clock;
  shutdown: Shutdown;
  db: Database;
  jobs: JobRepository;
  titles: TitleRepository;
  config: ConfigService;
  fingerprint: FingerprintServices;
  providers: ProviderTable;
  contexts: PluginContextFactory;
  pipelineHost: PipelineHost;
  registry: PluginRegistry;
  resolver: StageResolver;
  lifecycle: JobLifecycle;
  jobService: JobService;
  matchConcurrency: MatchConcurrency;
  subtitles: SubtitleService;
  runner: PipelineRunner;
  intake: JobIntake;
  commands: JobCommands;
  pace: SimulationPace;
  simulator: DiscSimulator;
  probes: StepProbes;
  detectors: DetectorHost;
  stagingCleanup: StagingCleanup;
  contributors: ContributorRunner;
  notifications: NotificationService;
  libraryRefresh: LibraryRefreshService;
  gateway: ClientGateway;
  access: AccessControl;
  httpApp: HttpApp;
}

const TOKEN_OF: { readonly [K in keyof ServiceView]: Token } = {
  settings: Tokens.ServerSettings,
  options: Tokens.StartOptions,
  startedAt: Tokens.StartedAt,
  logs: Tokens.LogSink,
  redactor: Tokens.SecretRedactor,
  logger: Tokens.Logger,
  bus: Tokens.EventBus,
  clock: Tokens.Clock,
  shutdown: Tokens.Shutdown,
  db: Tokens.Database,
  jobs: Tokens.JobRepository,
  titles: Tokens.TitleRepository,
  config: Tokens.ConfigService,
  fingerprint: Tokens.FingerprintServices,
  providers: Tokens.ProviderTable,
  contexts: Tokens.PluginContextFactory,
  pipelineHost: Tokens.PipelineHost,
  registry: Tokens.PluginRegistry,
  resolver: Tokens.StageResolver,
  lifecycle: Tokens.JobLifecycle,
  jobService: Tokens.JobService,
  matchConcurrency: Tokens.MatchConcurrency,
  subtitles: Tokens.SubtitleService,
  runner: Tokens.PipelineRunner,
  intake: Tokens.JobIntake,
  commands: Tokens.JobCommands,
  pace: Tokens.SimulationPace,
  simulator: Tokens.DiscSimulator,
  probes: Tokens.StepProbes,
  detectors: Tokens.DetectorHost,
  stagingCleanup: Tokens.StagingCleanup,
  contributors: Tokens.ContributorRunner,
  notifications: Tokens.NotificationService,
  libraryRefresh: Tokens.LibraryRefreshService,
  gateway: Tokens.ClientGateway,
  access: Tokens.AccessControl,
  httpApp: Tokens.HttpApp,
};

/** The container's services as typed properties, each resolved when read. */
export function serviceView(c: DependencyContainer): ServiceView {
  const view = {} as ServiceView;
  for (const name of Object.keys(TOKEN_OF) as (keyof ServiceView)[])
    Object.defineProperty(view, name, { enumerable: true, get: () => c.resolve(TOKEN_OF[name]) });
  return view;
}

/** The named services, resolved now (the shared part of a deps object; names match the deps fields). */
export function pickServices<K extends keyof ServiceView>(c: DependencyContainer, ...names: K[]): Pick<ServiceView, K> {
  return Object.fromEntries(names.map((name) => [name, c.resolve(TOKEN_OF[name])])) as Pick<ServiceView, K>;
}
