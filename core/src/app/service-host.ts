/**
 * Starts and stops the service. What exists is decided by the container's modules
 * (app/modules/service-modules.ts: persistence, plugins, after-job, pipeline, http); this file
 * seeds the container, composes the modules, then runs the start sequence: listen, reconcile
 * interrupted jobs, start the detectors and background work, write the run file. `close()`
 * undoes it in reverse order (container/shutdown.ts).
 */
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import type { AccessControl } from '../auth/access-control.ts';
import type { ConfigService } from '../config/config-service.ts';
import { loadServerSettings, type LoadServerSettingsOptions, type ServerSettings } from '../config/server-settings.ts';
import { composeModules, provideValue } from '../container/container-module.ts';
import { Shutdown } from '../container/shutdown.ts';
import { Tokens } from '../container/tokens.ts';
import type { ContributorRunner } from '../contributions/contributor-runner.ts';
import type { FingerprintServices } from '../contributions/fingerprint-services.ts';
import { EventBus } from '../events/event-bus.ts';
import type { ClientGateway, GatewayOptions } from '../http/client-gateway.ts';
import { systemClock } from '../jobs/clock.ts';
import type { JobService } from '../jobs/job-service.ts';
import type { StagingCleanup } from '../jobs/staging-cleanup.ts';
import { reconcileJobs } from '../jobs/startup-reconciler.ts';
import { LogSink, type LogLevel } from '../logging/logger.ts';
import { SecretRedactor } from '../logging/secret-redactor.ts';
import type { Database } from '../persistence/database.ts';
import type { PipelineRunner } from '../pipeline/pipeline-runner.ts';
import type { PluginRegistry } from '../plugins/plugin-registry.ts';
import type { DetectorHost } from './detector-host.ts';
import { listen, type HttpApp } from './http-listener.ts';
import { SERVICE_MODULES } from './modules/service-modules.ts';
import { announceRun } from './run-announcement.ts';

export interface StartOptions {
  settings?: LoadServerSettingsOptions;
  /** Replace the stored pipeline with the built-in default before loading plugins. */
  resetPipeline?: boolean;
  logLevel?: LogLevel;
  logWrite?: (line: string) => void;
  uiDist?: string;
  /** Extra plugin folders (besides the configured plugins_path and SPINDLE_PLUGINS_DIR). */
  pluginPaths?: string[];
  gateway?: GatewayOptions;
  /** Restarts the service in place (given by `spindle serve`; enables POST /api/restart). */
  restart?: () => void;
}

export interface RunningService {
  url: string;
  port: number;
  settings: ServerSettings;
  container: DependencyContainer;
  db: Database;
  config: ConfigService;
  jobService: JobService;
  runner: PipelineRunner;
  registry: PluginRegistry;
  bus: EventBus;
  gateway: ClientGateway;
  logs: LogSink;
  /** The fingerprint network's local side: queues, audit log, uploader, privacy controls. */
  fingerprint: FingerprintServices;
  /** Contributors run after a job completes, in the background (`busy`, `settled()`). */
  contributors: ContributorRunner;
  close(): Promise<void>;
}

export async function startService(options: StartOptions = {}): Promise<RunningService> {
  const settings = loadServerSettings(options.settings);
  const redactor = new SecretRedactor();
  const logs = new LogSink({
    level: options.logLevel ?? (settings.debug ? 'debug' : 'info'),
    redactor,
    ...(options.logWrite ? { write: options.logWrite } : {}),
  });
  const logger = logs.logger('core');
  const shutdown = new Shutdown();
  const c = rootContainer.createChildContainer();
  const startedAt = new Date();
  for (const [token, value] of [
    [Tokens.ServerSettings, settings],
    [Tokens.StartOptions, options],
    [Tokens.StartedAt, startedAt],
    [Tokens.LogSink, logs],
    [Tokens.SecretRedactor, redactor],
    [Tokens.Logger, logger],
    [Tokens.EventBus, new EventBus(logs.logger('events'))],
    [Tokens.Clock, systemClock],
    [Tokens.Shutdown, shutdown],
  ] as const)
    provideValue(c, token, value);
  try {
    await composeModules(c, SERVICE_MODULES);
    const get = <T>(token: symbol) => c.resolve<T>(token);
    const config = get<ConfigService>(Tokens.ConfigService);
    const access = get<AccessControl>(Tokens.AccessControl);
    const setupToken = await access.start();
    const http = await listen(get<HttpApp>(Tokens.HttpApp), settings.port, settings.host);
    shutdown.add('http server', http.close);
    const port = (http.server.address() as AddressInfo).port;
    const url = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`;

    const runner = get<PipelineRunner>(Tokens.PipelineRunner);
    const db = get<Database>(Tokens.Database);
    await reconcileJobs(db.jobs, get<JobService>(Tokens.JobService), logger, (id) => runner.start(id), {
      titles: db.titles,
      stagingPath: () => config.get().staging_path,
    });
    get<StagingCleanup>(Tokens.StagingCleanup).startSweeping();
    const detectors = get<DetectorHost>(Tokens.DetectorHost);
    await detectors.start();
    const fingerprint = get<FingerprintServices>(Tokens.FingerprintServices);
    await fingerprint.start();
    const contributors = get<ContributorRunner>(Tokens.ContributorRunner);
    await contributors.resumePending();
    shutdown.add('detectors', () => detectors.stop());
    const registry = get<PluginRegistry>(Tokens.PluginRegistry);
    const pluginsLoaded = registry.plugins.filter((p) => p.status === 'loaded').length;
    const announced = announceRun({
      logger,
      authLogger: logs.logger('auth'),
      settings,
      url,
      port,
      startedAt,
      access,
      setupToken,
      config: config.get(),
      providers: get(Tokens.ProviderTable),
      pluginsLoaded,
    });
    shutdown.add('run file and start summary', announced.stop);
    return {
      url,
      port,
      settings,
      container: c,
      db,
      config,
      jobService: get(Tokens.JobService),
      runner,
      registry,
      bus: get(Tokens.EventBus),
      gateway: get(Tokens.ClientGateway),
      logs,
      fingerprint,
      contributors,
      close: () => shutdown.run(logger),
    };
  } catch (error) {
    await shutdown.run(logger);
    throw error;
  }
}
