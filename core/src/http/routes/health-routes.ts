import type { PluginInfo } from '../../plugins/plugin-registry.ts';
import { defineRoute, type RouteSpec } from '../route-spec.ts';

export interface HealthDeps {
  version: string;
  startedAt: Date;
  debug: boolean;
  plugins: () => readonly PluginInfo[];
}

export function healthRoutes(deps: HealthDeps): RouteSpec[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/health',
      tag: 'system',
      summary: 'Liveness and basic facts about the running service',
      operationId: 'getHealth',
      response: {
        type: 'object',
        required: ['status', 'version', 'uptime_seconds', 'debug', 'plugins_loaded'],
        properties: {
          status: { const: 'ok' },
          version: { type: 'string' },
          uptime_seconds: { type: 'number' },
          debug: { type: 'boolean' },
          plugins_loaded: { type: 'integer' },
        },
      },
      handler: () => ({
        status: 'ok',
        version: deps.version,
        uptime_seconds: Math.round((Date.now() - deps.startedAt.getTime()) / 1000),
        debug: deps.debug,
        plugins_loaded: deps.plugins().filter((p) => p.status === 'loaded').length,
      }),
    }),
  ];
}
