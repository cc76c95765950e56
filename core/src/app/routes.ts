/** Every HTTP route of the service, assembled from the route modules. */
import type { ServerSettings } from '../config/server-settings.ts';
import type { ConfigService } from '../config/config-service.ts';
import { openApiRoutes } from '../http/routes/openapi-routes.ts';
import { asrRoutes } from '../http/routes/asr-routes.ts';
import { configRoutes } from '../http/routes/config-routes.ts';
import { diagnosticsRoutes } from '../http/routes/diagnostics-routes.ts';
import { toolsRoutes } from '../http/routes/tools-routes.ts';
import { healthRoutes } from '../http/routes/health-routes.ts';
import { historyRoutes } from '../http/routes/history-routes.ts';
import { jobRoutes } from '../http/routes/job-routes.ts';
import { simulationRoutes } from '../http/routes/simulation-routes.ts';
import { stagingRoutes } from '../http/routes/staging-routes.ts';
import type { JobCommands } from '../jobs/job-commands.ts';
import type { DiscSimulator } from '../simulation/disc-simulator.ts';
import type { RouteSpec } from '../http/route-spec.ts';
import { statusRoutes } from '../http/routes/status-routes.ts';
import { subtitleRoutes } from '../http/routes/subtitle-routes.ts';
import type { DetectorStatus } from './detector-host.ts';
import type { JobIntake } from '../intake/job-intake.ts';
import type { JobService } from '../jobs/job-service.ts';
import type { LogSink } from '../logging/logger.ts';
import type { Database } from '../persistence/database.ts';
import type { PipelineRunner } from '../pipeline/pipeline-runner.ts';
import type { PluginRegistry } from '../plugins/plugin-registry.ts';

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
  version: string;
}

export function buildRoutes(deps: RouteDeps): RouteSpec[] {
  const routes: RouteSpec[] = [
    ...healthRoutes({ version: deps.version, startedAt: deps.startedAt, debug: deps.settings.debug, plugins: () => deps.registry.plugins }),
    // history and stats before /api/jobs/:id, which would otherwise claim them
    ...historyRoutes(deps.db.jobs),
    ...jobRoutes({ jobs: deps.db.jobs, titles: deps.db.titles, commands: deps.commands }),
    ...subtitleRoutes(deps.commands),
    ...stagingRoutes(deps.intake),
    ...simulationRoutes(deps.simulator),
    ...configRoutes({ config: deps.config }),
    ...toolsRoutes({ config: deps.config }),
    ...diagnosticsRoutes({
      version: deps.version,
      settings: deps.settings,
      config: () => deps.config.get(),
      problems: () => deps.logs.recentProblems(),
      plugins: () => deps.registry.plugins,
      jobs: deps.db.jobs,
    }),
    ...asrRoutes({ config: deps.config }),
    ...statusRoutes({ detectors: deps.detectorStatus, plugins: () => deps.registry.plugins }),
  ];
  routes.push(...openApiRoutes(() => routes, { version: deps.version, debug: deps.settings.debug }));
  return routes;
}
