/** Every HTTP route of the service, assembled from the route modules. */
import type { ServerSettings } from '../config/server-settings.ts';
import type { ConfigService } from '../config/config-service.ts';
import { openApiRoutes } from '../http/routes/openapi-routes.ts';
import { healthRoutes } from '../http/routes/health-routes.ts';
import type { RouteSpec } from '../http/route-spec.ts';
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
  version: string;
}

export function buildRoutes(deps: RouteDeps): RouteSpec[] {
  const routes: RouteSpec[] = [
    ...healthRoutes({ version: deps.version, startedAt: deps.startedAt, debug: deps.settings.debug, plugins: () => deps.registry.plugins }),
  ];
  routes.push(...openApiRoutes(() => routes, { version: deps.version, debug: deps.settings.debug }));
  return routes;
}
