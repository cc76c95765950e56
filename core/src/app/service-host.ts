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
import { PIPELINE_DEFAULT, type AppConfig } from '../config/app-config-fields.ts';
import { ConfigService } from '../config/config-service.ts';
import { registerRipperKeyValidator } from '../tools/ripper-key.ts';
import { registerMakemkvSettingsSync } from '../tools/makemkv-settings-file.ts';
import { ToolProcessLedger } from '../tools/tool-process-ledger.ts';
import { loadServerSettings, type LoadServerSettingsOptions, type ServerSettings } from '../config/server-settings.ts';
import { Tokens } from '../container/tokens.ts';
import { EventBus } from '../events/event-bus.ts';
import { ClientGateway, type GatewayOptions } from '../http/client-gateway.ts';
import { createHttpApp } from '../http/create-http-app.ts';
import { HostAllowlist } from '../http/host-allowlist.ts';
import { AccessControl } from '../auth/access-control.ts';
import { AuthStore } from '../auth/auth-store.ts';
import { announceAccess } from '../auth/access-announcement.ts';
import { systemClock } from '../jobs/clock.ts';
import { JobService } from '../jobs/job-service.ts';
import { StagingCleanup } from '../jobs/staging-cleanup.ts';
import { SubtitleCache } from '../subtitles/subtitle-cache.ts';
import { SubtitleService } from '../subtitles/subtitle-service.ts';
import { StepProbes } from '../pipeline/step-probes.ts';
import { gatherAsrFacts } from '../asr/asr-environment.ts';
import { resolveAsrStatus } from '../asr/asr-status.ts';
import { reconcileJobs } from '../jobs/startup-reconciler.ts';
import { LogSink, type LogLevel } from '../logging/logger.ts';
import { SecretRedactor } from '../logging/secret-redactor.ts';
import { openDatabase, type Database } from '../persistence/database.ts';
import { PipelineRunner } from '../pipeline/pipeline-runner.ts';
import { LateProviderLookup } from '../pipeline/stage-resolver.ts';
import { PluginContextFactory } from '../plugins/plugin-context-factory.ts';
import { implementationToken, type PluginRegistry } from '../plugins/plugin-registry.ts';
import { PipelineHost } from './pipeline-host.ts';
import { PendingRestarts } from './pending-restart.ts';
import { APP_VERSION, COMPILED, ROOT_NODE_MODULES, SOURCE_PLUGINS, UI_DIST, WORKSPACE_PLUGINS } from './app-paths.ts';
import { buildRoutes } from './routes.ts';
import { DetectorHost } from './detector-host.ts';
import { JobIntake } from '../intake/job-intake.ts';
import { handOverLateFiles } from '../intake/late-files.ts';
import { JobCommands } from '../jobs/job-commands.ts';
import { DiscSimulator } from '../simulation/disc-simulator.ts';
import { createFingerprintServices, type FingerprintServices } from '../contributions/fingerprint-services.ts';
import { ContributorRunner } from '../contributions/contributor-runner.ts';
import { createSimulatedSteps } from '../simulation/simulated-steps.ts';
import { isCredentialSetting } from '../config/plugin-setting-secrets.ts';
import { declarePluginSettingRoles, serverLevelEnvironment } from './plugin-setting-roles.ts';
import { NotificationService } from '../notifications/notification-service.ts';
import { LibraryRefreshService } from '../media-servers/library-refresh-service.ts';
import { checkReadiness } from '../setup/readiness.ts';
import { readRunFile, removeRunFile, writeRunFile } from './run-file.ts';
import { startSummary } from './start-summary.ts';

/** Values of plugin settings that are credentials (named like one, or marked writeOnly by the plugin's manifest). */
function pluginSecretValues(settings: Record<string, Record<string, unknown>>): string[] {
  return Object.entries(settings).flatMap(([pluginId, s]) =>
    Object.entries(s)
      .filter(([key, value]) => isCredentialSetting(pluginId, key) && typeof value === 'string')
      .map(([, value]) => value as string),
  );
}

/** The URL a client on this machine uses (a wildcard address means this machine's loopback). */
function clientUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '') return `http://127.0.0.1:${port}`;
  if (host === '::' || host === '[::]') return `http://[::1]:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
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
    config.useEnvironment(serverLevelEnvironment(settings));
    await config.load();
    registerRipperKeyValidator(config);
    registerMakemkvSettingsSync(config, { logger: logs.logger('tools'), env });
    container.register(Tokens.ConfigService, { useValue: config });
    // Contribution pseudonyms (the current one and those rotated away) are blanked out of every log line, like secrets.
    const pseudonyms = new Set<string>();
    const secrets = () => [settings.password, config.get().ripper_key, config.get().catalog_api_key, ...pluginSecretValues(config.get().plugin_settings), ...pseudonyms.add(config.get().contribution_pseudonym)];
    redactor.setSecrets(secrets());
    config.onChange((changed) => {
      redactor.setSecrets(secrets());
      bus.emit('config.changed', { changed });
    });
    if (options.resetPipeline) {
      await config.update({ pipeline: structuredClone(PIPELINE_DEFAULT) }, { origin: 'local', replace: true });
      logger.warn('the stage pipeline was reset to the built-in default');
    }

    const extraPluginDirs = [...(options.pluginPaths ?? []), ...(env.SPINDLE_PLUGINS_DIR ? [env.SPINDLE_PLUGINS_DIR] : [])];
    const configuredPluginsPath = config.get().plugins_path;
    const providers = new LateProviderLookup();
    const fingerprint = createFingerprintServices({ orm: db.orm, settings, config, bus, logger: logs.logger('contributions'), appVersion: APP_VERSION });
    cleanups.push(() => fingerprint.stop());
    // Tools left running by a previous run that was killed are stopped before any job resumes.
    const toolProcesses = new ToolProcessLedger(settings.dataDir, logs.logger('tools'));
    toolProcesses.stopLeftovers();
    const contexts = new PluginContextFactory({
      processObserver: toolProcesses,
      outbound: { allowLinkLocal: settings.allowLinkLocalRequests },
      fingerprintNetwork: fingerprint.port,
      logSink: logs,
      pluginStore: db.pluginStore,
      config,
      providers,
      host: { sdkVersion: SDK_VERSION, appVersion: APP_VERSION, platform: process.platform, dataDir: settings.dataDir },
    });
    cleanups.push(() => contexts.shutdown());
    let configReadWithRoles = false;
    const pipelineHost = new PipelineHost({
      roots: {
        workspacePlugins: [WORKSPACE_PLUGINS],
        ...(COMPILED ? { shadowed: [SOURCE_PLUGINS] } : {}),
        nodeModules: [ROOT_NODE_MODULES],
        pluginsPaths: [...extraPluginDirs, ...(configuredPluginsPath ? [configuredPluginsPath] : [])],
      },
      sdkVersion: SDK_VERSION,
      logger: logs.logger('plugins'),
      contexts,
      providers,
      registered: (record) => container.register(implementationToken(record.group, record.kind, record.id), { useValue: record }),
      // Which plugin settings are secrets or server-level is known once the manifests are read:
      // the configuration is read again with that knowledge before any plugin gets its settings.
      manifestsChecked: async (manifests) => {
        declarePluginSettingRoles(manifests);
        if (!configReadWithRoles) await config.load();
        configReadWithRoles = true;
      },
    });
    // Starts what the stored pipeline names; a stage that cannot start runs on its default (safe mode).
    const resolver = await pipelineHost.start(config.get().pipeline, () => config.get().plugin_settings);
    const registry = pipelineHost.registry;
    container.register(Tokens.PluginRegistry, { useValue: registry });
    redactor.setSecrets(secrets());
    // Now that writeOnly settings are known, a read seals any of them still stored in plain text.
    await db.config.readAll();
    container.register(Tokens.StageResolver, { useValue: resolver });
    // A pipeline or plugin-settings write is refused (400 naming the field) unless it can start.
    const checkPipeline = (_: unknown, next: AppConfig) => pipelineHost.check(next.pipeline, next.plugin_settings, config.get().plugin_settings, config.get().pipeline).then(() => null);
    config.addValidator('pipeline', checkPipeline);
    config.addValidator('plugin_settings', checkPipeline);

    // max_concurrent_matches takes effect at startup, clamped to physical cores on CPU and 4 on GPU.
    const maxConcurrentMatchesAtStart = config.get().max_concurrent_matches;
    const matchConcurrency = resolveAsrStatus(await gatherAsrFacts(maxConcurrentMatchesAtStart), providers.get('transcriber')?.status() ?? null).max_concurrent_matches;
    const jobService = container.resolve(JobService);
    container.register(Tokens.JobService, { useValue: jobService });
    const stagingCleanup = new StagingCleanup({ config, jobs: db.jobs, titles: db.titles, logger: logs.logger('staging'), workRoot: join(settings.dataDir, 'work') });
    jobService.onTerminal((job) => stagingCleanup.jobFinished(job));
    const contributors = new ContributorRunner({ resolver, contexts, jobs: db.jobs, titles: db.titles, queue: fingerprint.queue, logger: logs.logger('contributions'), workRoot: join(settings.dataDir, 'work') });
    jobService.onTerminal((job) => contributors.jobFinished(job));
    cleanups.push(() => contributors.stop());
    cleanups.push(() => stagingCleanup.stop());
    const redact = (text: string) => redactor.redact(text);
    // After a job: notifications (completed, failed, review needed) and media-server rescans (completed).
    const notifications = new NotificationService({ bus, jobs: db.jobs, titles: db.titles, notifiers: () => resolver.providers('notifier'), redact, logger: logs.logger('notifications') });
    notifications.start();
    cleanups.push(() => notifications.stop());
    const libraryRefresh = new LibraryRefreshService({ refreshers: () => resolver.providers('library_refresher'), jobs: db.jobs, titles: db.titles, redact, logger: logs.logger('library-refresh') });
    jobService.onTerminal((job) => libraryRefresh.jobFinished(job));
    cleanups.push(() => libraryRefresh.stop());
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
      bus,
      titles: db.titles,
      jobService,
      resolver,
      contexts,
      config,
      logger: logs.logger('pipeline'),
      workRoot: join(settings.dataDir, 'work'),
      simulatedSteps: createSimulatedSteps((jobId) => simulator?.multiplier(jobId) ?? 1),
      subtitles,
      matchConcurrency,
    });
    container.register(Tokens.PipelineRunner, { useValue: runner });
    cleanups.push(() => runner.shutdown());

    const intake = new JobIntake({ jobService, runner, bus, jobs: db.jobs, titles: db.titles, logger: logs.logger('intake'), roots: () => ({ stagingPath: config.get().staging_path, importRoots: settings.importRoots }) });
    // Files that came late to a folder job become a job of their own when it ends (never ignored, never deleted).
    jobService.onTerminal(async (job) => {
      await handOverLateFiles({ jobs: db.jobs, titles: db.titles, bus, logger: logs.logger('intake') }, job, (previous, files) => intake.followUp(previous, files));
    });
    const commands = new JobCommands({ jobs: db.jobs, titles: db.titles, jobService, runner, subtitles, askBeforeFiling: () => config.get().always_ask_before_filing });
    simulator = new DiscSimulator({ jobs: db.jobs, jobService, runner, intake, bus, config });
    const probes = new StepProbes({
      providers,
      runner,
      jobs: db.jobs,
      titles: db.titles,
      subtitles,
      mediaTool: () => config.get().media_tool_path ?? 'ffmpeg',
    });
    const detectors = new DetectorHost({ resolver, contexts, intake, logger: logs.logger('detectors'), workRoot: join(settings.dataDir, 'work') });
    const gateway = new ClientGateway(bus, logs.logger('ws'), options.gateway);
    cleanups.push(() => gateway.close());
    const startedAt = new Date();
    // The trust boundary: Host allowlist and origin checks for every request, a login when reachable from the network.
    const access = new AccessControl({ settings, store: new AuthStore(db.orm) });
    const setupToken = await access.start();
    const guard = { hosts: new HostAllowlist(settings.host, settings.allowedHosts), allowedOriginHosts: settings.allowedHosts };
    const pending = new PendingRestarts(config, settings, options.settings, db.config);
    const routes = buildRoutes({
      settings, startedAt, registry, runner, jobService, intake, config, logs, db, commands, simulator, detectorStatus: () => detectors.statusList(), probes,
      maxConcurrentMatchesAtStart, version: APP_VERSION, providers, fingerprint, notifications, access,
      safeMode: () => pipelineHost.safeMode(),
      pendingRestart: () => pending.list(),
      ...(options.restart ? { restart: options.restart } : {}),
    });
    const app = createHttpApp({ routes, gateway, uiDist: options.uiDist ?? UI_DIST, debug: settings.debug, logger: logs.logger('http'), guard, access });
    // koa-websocket attaches its WebSocket server inside app.listen().
    const server = await listen(app, settings.port, settings.host);
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          app.ws.server?.close();
          // Open WebSockets (a browser tab) would hold server.close() until they end: close them too.
          for (const socket of app.ws.server?.clients ?? []) {
            socket.close(1001, 'server shutting down');
            setTimeout(() => socket.terminate(), 1000).unref();
          }
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );
    const port = (server.address() as AddressInfo).port;
    const url = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`;

    await reconcileJobs(db.jobs, jobService, logger, (id) => runner.start(id), { titles: db.titles, stagingPath: () => config.get().staging_path });
    stagingCleanup.startSweeping();
    await detectors.start();
    await fingerprint.start();
    await contributors.resumePending();
    cleanups.push(() => detectors.stop());
    config.onChange((changed) => detectors.settingsChanged(changed));
    // Pipeline and plugin-setting changes apply live: the next job uses them, running jobs keep theirs.
    config.onChange(async (changed, current) => {
      if (!changed.includes('pipeline') && !changed.includes('plugin_settings')) return;
      await pipelineHost.apply(current.pipeline, current.plugin_settings);
      await detectors.pipelineChanged();
    });
    bus.on('job.state_changed', (e) => {
      if (e.from !== 'ripping') return;
      void db.jobs.get(e.jobId).then((job) => {
        if (job?.sourceKind === 'disc' && job.driveId && !job.simulated) return detectors.ripFinished(job.driveId, e.to !== 'failed');
      });
    });
    logger.info(`Spindle ${APP_VERSION} listening on ${url}${settings.debug ? ' (DEBUG: simulation endpoints on)' : ''}`);
    announceAccess(logs.logger('auth'), access, { host: settings.host, port, setupToken });
    // The run file tells the command line where this service listens (removed at a clean stop).
    const previousRun = readRunFile(settings.dataDir);
    if (previousRun.state === 'running' && previousRun.info.pid !== process.pid) logger.warn(`another Spindle (process ${previousRun.info.pid}) says it uses this data folder too; the command line now finds this one`);
    else if (previousRun.state === 'stale') logger.info(`replaced the run file of a run that did not stop cleanly (process ${previousRun.info.pid || 'unknown'})`);
    writeRunFile(settings.dataDir, { url: clientUrl(settings.host, port), pid: process.pid, port, host: settings.host, version: APP_VERSION, started_at: startedAt.toISOString() });
    cleanups.push(() => removeRunFile(settings.dataDir));
    const summary = checkReadiness({ config: config.get(), catalog: providers.get('catalog'), thorough: false })
      .then((readiness) => logger.info(startSummary({ url, dataDir: settings.dataDir, pluginsLoaded: registry.plugins.filter((p) => p.status === 'loaded').length, readiness })))
      .catch((error: unknown) => logger.warn('the start-up checks failed', { error: error instanceof Error ? error.message : String(error) }));
    cleanups.push(() => summary);

    let closed = false;
    return {
      url, port, settings, container, db, config, jobService, runner, registry, bus, gateway, logs, fingerprint, contributors,
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
