/** Every HTTP route of the service, assembled from the route modules. */
import type { ServerSettings } from '../config/server-settings.ts';
import type { ConfigService } from '../config/config-service.ts';
import { openApiRoutes } from '../http/routes/openapi-routes.ts';
import { authRoutes } from '../http/routes/auth-routes.ts';
import type { AccessControl } from '../auth/access-control.ts';
import { asrRoutes } from '../http/routes/asr-routes.ts';
import { catalogRoutes } from '../http/routes/catalog-routes.ts';
import { configRoutes } from '../http/routes/config-routes.ts';
import { diagnosticsRoutes } from '../http/routes/diagnostics-routes.ts';
import { toolsRoutes } from '../http/routes/tools-routes.ts';
import { setupRoutes } from '../http/routes/setup-routes.ts';
import { healthRoutes } from '../http/routes/health-routes.ts';
import { historyRoutes } from '../http/routes/history-routes.ts';
import { identifyRoutes } from '../http/routes/identify-routes.ts';
import { fingerprintRoutes } from '../http/routes/fingerprint-routes.ts';
import { reviewRoutes } from '../http/routes/review-routes.ts';
import { jobRoutes } from '../http/routes/job-routes.ts';
import { IdentityDeclarations } from '../jobs/identity-declaration.ts';
import { simulationRoutes } from '../http/routes/simulation-routes.ts';
import { stagingRoutes } from '../http/routes/staging-routes.ts';
import type { FingerprintServices } from '../contributions/fingerprint-services.ts';
import type { JobCommands } from '../jobs/job-commands.ts';
import type { DiscSimulator } from '../simulation/disc-simulator.ts';
import type { RouteSpec } from '../http/route-spec.ts';
import { statusRoutes } from '../http/routes/status-routes.ts';
import { restartRoutes } from '../http/routes/restart-routes.ts';
import type { PendingRestart } from './pending-restart.ts';
import type { SafeModeEntry } from './pipeline-host.ts';
import { notificationRoutes } from '../http/routes/notification-routes.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import { subtitleRoutes } from '../http/routes/subtitle-routes.ts';
import { testStepRoutes } from '../http/routes/test-step-routes.ts';
import type { StepProbes } from '../pipeline/step-probes.ts';
import type { DetectorStatus } from './detector-host.ts';
import type { JobIntake } from '../intake/job-intake.ts';
import type { JobService } from '../jobs/job-service.ts';
import type { LogSink } from '../logging/logger.ts';
import type { Database } from '../persistence/database.ts';
import type { PipelineRunner } from '../pipeline/pipeline-runner.ts';
import type { PluginRegistry } from '../plugins/plugin-registry.ts';
import type { ProviderLookup } from '@spindle/plugin-sdk';

export interface RouteDeps {
  settings: ServerSettings;
  startedAt: Date;
  registry: PluginRegistry;
  runner: PipelineRunner;
  jobService: JobService;
  intake: JobIntake;
  config: ConfigService;
  logs: LogSink;
  db: Database;
  commands: JobCommands;
  simulator: DiscSimulator;
  detectorStatus: () => DetectorStatus[];
  probes: StepProbes;
  /** max_concurrent_matches as configured at startup. */
  maxConcurrentMatchesAtStart: number;
  version: string;
  /** The configured providers (the catalog's health shows in /api/status). */
  providers?: ProviderLookup;
  /** The fingerprint network's local endpoints (absent: their routes are not mounted). */
  fingerprint?: FingerprintServices;
  /** Job notifications (absent: POST /api/notifications/test is not mounted). */
  notifications?: NotificationService;
  /** Login, logout, first password and API tokens (absent: their routes are not mounted). */
  access?: AccessControl;
  /** Stages on their default because the stored configuration could not start. */
  safeMode?: () => SafeModeEntry[];
  pendingRestart?: () => Promise<PendingRestart[]>;
  /** Restarts the service (present when started by `spindle serve`). */
  restart?: () => void;
}

export function buildRoutes(deps: RouteDeps): RouteSpec[] {
  const routes: RouteSpec[] = [
    ...healthRoutes({
      version: deps.version,
      startedAt: deps.startedAt,
      debug: deps.settings.debug,
      plugins: () => deps.registry.plugins,
    }),
    // history and stats before /api/jobs/:id, which would otherwise claim them
    ...historyRoutes(deps.db.jobs),
    ...jobRoutes({ jobs: deps.db.jobs, titles: deps.db.titles, commands: deps.commands }),
    ...reviewRoutes({ jobs: deps.db.jobs, titles: deps.db.titles }),
    ...identifyRoutes(new IdentityDeclarations({ jobService: deps.jobService, runner: deps.runner })),
    ...subtitleRoutes(deps.commands),
    ...testStepRoutes(deps.probes),
    ...stagingRoutes(deps.intake),
    ...simulationRoutes(deps.simulator),
    ...configRoutes({ config: deps.config }),
    ...toolsRoutes({ config: deps.config }),
    ...setupRoutes({ config: deps.config, catalog: () => deps.providers?.get('catalog') ?? null }),
    ...diagnosticsRoutes({
      version: deps.version,
      settings: deps.settings,
      config: () => deps.config.get(),
      problems: () => deps.logs.recentProblems(),
      plugins: () => deps.registry.plugins,
      jobs: deps.db.jobs,
    }),
    ...asrRoutes({
      config: deps.config,
      configuredAtStart: deps.maxConcurrentMatchesAtStart,
      transcriber: () => deps.providers?.get('transcriber') ?? null,
    }),
    ...catalogRoutes({ catalog: () => deps.providers?.get('catalog') ?? null, logger: deps.logs.logger('catalog') }),
    ...statusRoutes({
      detectors: deps.detectorStatus,
      plugins: () => deps.registry.plugins,
      catalog: () => deps.providers?.get('catalog')?.status() ?? null,
      ...(deps.safeMode ? { safeMode: deps.safeMode } : {}),
      ...(deps.pendingRestart ? { pendingRestart: deps.pendingRestart } : {}),
    }),
    ...restartRoutes(deps.restart ? { restart: deps.restart } : {}),
  ];
  if (deps.fingerprint) routes.push(...fingerprintRoutes(deps.fingerprint));
  if (deps.notifications) routes.push(...notificationRoutes(deps.notifications));
  if (deps.access) routes.push(...authRoutes(deps.access));
  routes.push(...openApiRoutes(() => routes, { version: deps.version, debug: deps.settings.debug }));
  return routes;
}
