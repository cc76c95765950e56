/**
 * HTTP and WebSocket: the routes, the trust boundary (Host allowlist and origin checks for every
 * request, a login when reachable from the network) and the /ws gateway. service-host.ts listens.
 */
import type { DependencyContainer } from 'tsyringe';
import { AccessControl } from '../../auth/access-control.ts';
import { AuthStore } from '../../auth/auth-store.ts';
import type { ConfigService } from '../../config/config-service.ts';
import type { ServerSettings } from '../../config/server-settings.ts';
import { provide, type ContainerModule } from '../../container/container-module.ts';
import type { Shutdown } from '../../container/shutdown.ts';
import { Tokens } from '../../container/tokens.ts';
import type { FingerprintServices } from '../../contributions/fingerprint-services.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { ClientGateway } from '../../http/client-gateway.ts';
import { createHttpApp } from '../../http/create-http-app.ts';
import { HostAllowlist } from '../../http/host-allowlist.ts';
import type { JobIntake } from '../../intake/job-intake.ts';
import type { JobCommands } from '../../jobs/job-commands.ts';
import type { JobService } from '../../jobs/job-service.ts';
import type { LogSink } from '../../logging/logger.ts';
import type { NotificationService } from '../../notifications/notification-service.ts';
import type { Database } from '../../persistence/database.ts';
import type { PipelineRunner } from '../../pipeline/pipeline-runner.ts';
import type { ProviderTable } from '../../pipeline/stage-resolver.ts';
import type { StepProbes } from '../../pipeline/step-probes.ts';
import type { DiscSimulator } from '../../simulation/disc-simulator.ts';
import type { DetectorHost } from '../detector-host.ts';
import type { PluginRegistry } from '../../plugins/plugin-registry.ts';
import { APP_VERSION, UI_DIST } from '../app-paths.ts';
import { PendingRestarts } from '../pending-restart.ts';
import type { PipelineHost } from '../pipeline-host.ts';
import { buildRoutes } from '../routes.ts';
import type { StartOptions } from '../service-host.ts';
import type { MatchConcurrency } from './pipeline-module.ts';

export const httpModule: ContainerModule = {
  name: 'http',
  needs: [
    Tokens.ServerSettings,
    Tokens.StartOptions,
    Tokens.StartedAt,
    Tokens.LogSink,
    Tokens.EventBus,
    Tokens.Shutdown,
    Tokens.Database,
    Tokens.ConfigService,
    Tokens.PluginRegistry,
    Tokens.PipelineHost,
    Tokens.ProviderTable,
    Tokens.FingerprintServices,
    Tokens.NotificationService,
    Tokens.MatchConcurrency,
    Tokens.JobService,
    Tokens.PipelineRunner,
    Tokens.JobIntake,
    Tokens.JobCommands,
    Tokens.DiscSimulator,
    Tokens.StepProbes,
    Tokens.DetectorHost,
  ],
  provides: [Tokens.ClientGateway, Tokens.AccessControl, Tokens.HttpApp],
  register(c: DependencyContainer) {
    const settings = c.resolve<ServerSettings>(Tokens.ServerSettings);
    const options = c.resolve<StartOptions>(Tokens.StartOptions);
    const logs = c.resolve<LogSink>(Tokens.LogSink);
    const db = c.resolve<Database>(Tokens.Database);
    const config = c.resolve<ConfigService>(Tokens.ConfigService);
    provide(
      c,
      Tokens.ClientGateway,
      () => new ClientGateway(c.resolve<EventBus>(Tokens.EventBus), logs.logger('ws'), options.gateway),
    );
    c.resolve<Shutdown>(Tokens.Shutdown).add('websocket gateway', () =>
      c.resolve<ClientGateway>(Tokens.ClientGateway).close(),
    );
    provide(c, Tokens.AccessControl, () => new AccessControl({ settings, store: new AuthStore(db.orm) }));
    provide(c, Tokens.HttpApp, (r) => {
      const pipelineHost = r.resolve<PipelineHost>(Tokens.PipelineHost);
      const access = r.resolve<AccessControl>(Tokens.AccessControl);
      const pending = new PendingRestarts(config, settings, options.settings, db.config);
      const detectors = r.resolve<DetectorHost>(Tokens.DetectorHost);
      const routes = buildRoutes({
        settings,
        startedAt: r.resolve<Date>(Tokens.StartedAt),
        registry: r.resolve<PluginRegistry>(Tokens.PluginRegistry),
        config,
        logs,
        db,
        runner: r.resolve<PipelineRunner>(Tokens.PipelineRunner),
        jobService: r.resolve<JobService>(Tokens.JobService),
        intake: r.resolve<JobIntake>(Tokens.JobIntake),
        commands: r.resolve<JobCommands>(Tokens.JobCommands),
        simulator: r.resolve<DiscSimulator>(Tokens.DiscSimulator),
        probes: r.resolve<StepProbes>(Tokens.StepProbes),
        detectorStatus: () => detectors.statusList(),
        maxConcurrentMatchesAtStart: r.resolve<MatchConcurrency>(Tokens.MatchConcurrency).configured,
        version: APP_VERSION,
        providers: r.resolve<ProviderTable>(Tokens.ProviderTable),
        fingerprint: r.resolve<FingerprintServices>(Tokens.FingerprintServices),
        notifications: r.resolve<NotificationService>(Tokens.NotificationService),
        access,
        safeMode: () => pipelineHost.safeMode(),
        pendingRestart: () => pending.list(),
        ...(options.restart ? { restart: options.restart } : {}),
      });
      const guard = {
        hosts: new HostAllowlist(settings.host, settings.allowedHosts),
        allowedOriginHosts: settings.allowedHosts,
      };
      return createHttpApp({
        routes,
        gateway: r.resolve<ClientGateway>(Tokens.ClientGateway),
        uiDist: options.uiDist ?? UI_DIST,
        debug: settings.debug,
        logger: logs.logger('http'),
        guard,
        access,
      });
    });
  },
};
