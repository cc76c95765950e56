/**
 * HTTP and WebSocket: the routes, the trust boundary (Host allowlist and origin checks for every
 * request, a login when reachable from the network) and the /ws gateway. service-host.ts listens.
 */
import type { DependencyContainer } from 'tsyringe';
import { AccessControl } from '../../auth/access-control.ts';
import { AuthStore } from '../../auth/auth-store.ts';
import { provide, type ContainerModule } from '../../container/container-module.ts';
import { Tokens } from '../../container/tokens.ts';
import { ClientGateway } from '../../http/client-gateway.ts';
import { createHttpApp } from '../../http/create-http-app.ts';
import { HostAllowlist } from '../../http/host-allowlist.ts';
import { APP_VERSION, UI_DIST } from '../app-paths.ts';
import { PendingRestarts } from '../pending-restart.ts';
import { buildRoutes } from '../routes.ts';
import { pickServices, serviceView } from '../service-view.ts';
import { DRIVEN_BY_ROUTES } from './pipeline-module.ts';

export const httpModule: ContainerModule = {
  name: 'http',
  needs: [
    Tokens.Database,
    Tokens.ConfigService,
    Tokens.PluginRegistry,
    Tokens.PipelineHost,
    Tokens.ProviderTable,
    Tokens.FingerprintServices,
    Tokens.NotificationService,
    ...DRIVEN_BY_ROUTES,
  ],
  provides: [Tokens.ClientGateway, Tokens.AccessControl, Tokens.HttpApp],
  register(c: DependencyContainer) {
    const s = serviceView(c);
    const { settings, options, logs, db, config } = s;
    provide(c, Tokens.ClientGateway, () => new ClientGateway(s.bus, logs.logger('ws'), options.gateway));
    s.shutdown.add('websocket gateway', () => s.gateway.close());
    provide(c, Tokens.AccessControl, () => new AccessControl({ settings, store: new AuthStore(db.orm) }));
    provide(c, Tokens.HttpApp, () => {
      const { pipelineHost, access, detectors } = s;
      const pending = new PendingRestarts(config, settings, options.settings, db.config);
      const routes = buildRoutes({
        ...pickServices(c, 'settings', 'startedAt', 'registry', 'config', 'logs', 'db', 'runner', 'jobService'),
        ...pickServices(c, 'intake', 'commands', 'simulator', 'probes', 'providers', 'fingerprint', 'notifications'),
        access,
        detectorStatus: () => detectors.statusList(),
        maxConcurrentMatchesAtStart: s.matchConcurrency.configured,
        version: APP_VERSION,
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
        gateway: s.gateway,
        uiDist: options.uiDist ?? UI_DIST,
        debug: settings.debug,
        logger: logs.logger('http'),
        guard,
        access,
      });
    });
  },
};
