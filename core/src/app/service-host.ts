/**
 * The composition root: reads server settings, opens the database (migrations), loads the
 * configuration and the plugins, wires the services into the container, starts the HTTP and
 * WebSocket server, reconciles interrupted jobs, and starts the detectors. `close()` undoes it
 * in reverse order.
 */
import 'reflect-metadata';
import { SDK_VERSION, type Logger } from '@spindle/plugin-sdk';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import { PIPELINE_DEFAULT } from '../config/app-config-fields.ts';
import { ConfigService } from '../config/config-service.ts';
import { registerRipperKeyValidator } from '../tools/ripper-key.ts';
import { loadServerSettings, type LoadServerSettingsOptions, type ServerSettings } from '../config/server-settings.ts';
import { Tokens } from '../container/tokens.ts';
import { EventBus } from '../events/event-bus.ts';
import { ClientGateway, type GatewayOptions } from '../http/client-gateway.ts';
import { createHttpApp } from '../http/create-http-app.ts';
import { systemClock } from '../jobs/clock.ts';
import { JobService } from '../jobs/job-service.ts';
import { StagingCleanup } from '../jobs/staging-cleanup.ts';
import { SubtitleCache } from '../subtitles/subtitle-cache.ts';
import { SubtitleService } from '../subtitles/subtitle-service.ts';
import { reconcileJobs } from '../jobs/startup-reconciler.ts';
import { LogSink, type LogLevel } from '../logging/logger.ts';
import { SecretRedactor } from '../logging/secret-redactor.ts';
import { openDatabase, type Database } from '../persistence/database.ts';
import { PipelineRunner } from '../pipeline/pipeline-runner.ts';
import { LateProviderLookup, StageResolver } from '../pipeline/stage-resolver.ts';
import { PluginContextFactory } from '../plugins/plugin-context-factory.ts';
import { loadPlugins } from '../plugins/plugin-loader.ts';
import type { PluginRegistry } from '../plugins/plugin-registry.ts';
import { APP_VERSION, ROOT_NODE_MODULES, UI_DIST, WORKSPACE_PLUGINS } from './app-paths.ts';
import { buildRoutes } from './routes.ts';
import { DetectorHost } from './detector-host.ts';
import { JobIntake } from '../intake/job-intake.ts';
import { JobCommands } from '../jobs/job-commands.ts';
import { DiscSimulator } from '../simulation/disc-simulator.ts';
import { createSimulatedSteps } from '../simulation/simulated-steps.ts';

/** Values of plugin settings whose names say they are credentials. */
function pluginSecretValues(settings: Record<string, Record<string, unknown>>): string[] {
  return Object.values(settings).flatMap((s) =>
    Object.entries(s)
      .filter(([key, value]) => /key|token|password|secret/i.test(key) && typeof value === 'string')
      .map(([, value]) => value as string),
  );
}

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
  close(): Promise<void>;
}

function listen(app: { listen(port: number, host: string, cb: () => void): Server }, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
    server.once('error', reject);
  });
}

export async function startService(options: StartOptions = {}): Promise<RunningService> {
  const settings = loadServerSettings(options.settings);
  const redactor = new SecretRedactor();
  const env = options.settings?.env ?? process.env;
  const logs = new LogSink({ level: options.logLevel ?? (settings.debug ? 'debug' : 'info'), redactor, ...(options.logWrite ? { write: options.logWrite } : {}) });
  const logger: Logger = logs.logger('core');

  const db = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  const cleanups: (() => Promise<void> | void)[] = [() => db.close()];
  try {
    const container = rootContainer.createChildContainer();
    const bus = new EventBus(logs.logger('events'));
    container.register(Tokens.ServerSettings, { useValue: settings });
    container.register(Tokens.Database, { useValue: db });
    container.register(Tokens.JobRepository, { useValue: db.jobs });
    container.register(Tokens.TitleRepository, { useValue: db.titles });
    container.register(Tokens.ConfigRepository, { useValue: db.config });
    container.register(Tokens.PluginStoreRepository, { useValue: db.pluginStore });
    container.register(Tokens.EventBus, { useValue: bus });
    container.register(Tokens.Logger, { useValue: logger });
    container.register(Tokens.Clock, { useValue: systemClock });

    const config = container.resolve(ConfigService);
    await config.load();
    registerRipperKeyValidator(config);
    container.register(Tokens.ConfigService, { useValue: config });
    const secrets = () => [config.get().ripper_key, config.get().catalog_api_key, ...pluginSecretValues(config.get().plugin_settings)];
    redactor.setSecrets(secrets());
    config.onChange((changed) => {
      redactor.setSecrets(secrets());
      bus.emit('config.changed', { changed });
    });
    if (options.resetPipeline) {
      await config.update({ pipeline: structuredClone(PIPELINE_DEFAULT) });
      logger.warn('the stage pipeline was reset to the built-in default');
    }

    const extraPluginDirs = [...(options.pluginPaths ?? []), ...(env.SPINDLE_PLUGINS_DIR ? [env.SPINDLE_PLUGINS_DIR] : [])];
    const configuredPluginsPath = config.get().plugins_path;
    const registry = await loadPlugins({
      roots: {
        workspacePlugins: [WORKSPACE_PLUGINS],
        nodeModules: [ROOT_NODE_MODULES],
        pluginsPaths: [...extraPluginDirs, ...(configuredPluginsPath ? [configuredPluginsPath] : [])],
      },
      pipeline: config.get().pipeline,
      pluginSettings: config.get().plugin_settings,
      container,
      logger: logs.logger('plugins'),
    });
    container.register(Tokens.PluginRegistry, { useValue: registry });

    const providers = new LateProviderLookup();
    const contexts = new PluginContextFactory({
      logSink: logs,
      pluginStore: db.pluginStore,
      config,
      providers,
      host: { sdkVersion: SDK_VERSION, appVersion: APP_VERSION, platform: process.platform, dataDir: settings.dataDir },
    });
    cleanups.push(() => contexts.shutdown());
    const resolver = await StageResolver.create(registry, config.get().pipeline, contexts, providers);
    container.register(Tokens.StageResolver, { useValue: resolver });

    const jobService = container.resolve(JobService);
    container.register(Tokens.JobService, { useValue: jobService });
    const stagingCleanup = new StagingCleanup({ config, jobs: db.jobs, logger: logs.logger('staging'), workRoot: join(settings.dataDir, 'work') });
    jobService.onTerminal((job) => stagingCleanup.jobFinished(job));
    cleanups.push(() => stagingCleanup.stop());
    const subtitles = new SubtitleService({
      jobs: db.jobs,
      bus,
      providers,
      cache: new SubtitleCache(join(settings.dataDir, 'cache', 'subtitles')),
      logger: logs.logger('subtitles'),
      language: () => config.get().subtitle_language,
    });
    let simulator: DiscSimulator | null = null;
    const runner = new PipelineRunner({
      jobs: db.jobs,
      titles: db.titles,
      jobService,
      resolver,
      contexts,
      config,
      logger: logs.logger('pipeline'),
      workRoot: join(settings.dataDir, 'work'),
      simulatedSteps: createSimulatedSteps((jobId) => simulator?.multiplier(jobId) ?? 1),
      subtitles,
    });
    container.register(Tokens.PipelineRunner, { useValue: runner });
    cleanups.push(() => runner.shutdown());

    const intake = new JobIntake({ jobService, runner, bus });
    const commands = new JobCommands({ jobs: db.jobs, titles: db.titles, jobService, runner, subtitles });
    simulator = new DiscSimulator({ jobs: db.jobs, jobService, runner, intake, bus, config });
    const detectors = new DetectorHost({ resolver, contexts, intake, logger: logs.logger('detectors'), workRoot: join(settings.dataDir, 'work') });
    const gateway = new ClientGateway(bus, logs.logger('ws'), options.gateway);
    cleanups.push(() => gateway.close());
    const startedAt = new Date();
    const routes = buildRoutes({ settings, startedAt, registry, runner, jobService, intake, config, logs, db, commands, simulator, detectorStatus: () => detectors.statusList(), version: APP_VERSION });
    const app = createHttpApp({ routes, gateway, uiDist: options.uiDist ?? UI_DIST, debug: settings.debug, logger: logs.logger('http') });
    // koa-websocket attaches its WebSocket server inside app.listen().
    const server = await listen(app, settings.port, settings.host);
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          app.ws.server?.close();
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );
    const port = (server.address() as AddressInfo).port;
    const url = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`;

    await reconcileJobs(db.jobs, jobService, logger, (id) => runner.start(id));
    stagingCleanup.startSweeping();
    await detectors.start();
    cleanups.push(() => detectors.stop());
    config.onChange((changed) => detectors.settingsChanged(changed));
    bus.on('job.state_changed', (e) => {
      if (e.from !== 'ripping') return;
      void db.jobs.get(e.jobId).then((job) => {
        if (job?.sourceKind === 'disc' && job.driveId && !job.simulated) return detectors.ripFinished(job.driveId, e.to !== 'failed');
      });
    });
    logger.info(`Spindle ${APP_VERSION} listening on ${url}${settings.debug ? ' (DEBUG: simulation endpoints on)' : ''}`);

    let closed = false;
    return {
      url, port, settings, container, db, config, jobService, runner, registry, bus, gateway, logs,
      async close() {
        if (closed) return;
        closed = true;
        for (const cleanup of cleanups.reverse()) {
          try {
            await cleanup();
          } catch (error) {
            logger.warn('shutdown step failed', { error: error instanceof Error ? error.message : String(error) });
          }
        }
      },
    };
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
    throw error;
  }
}
