/** What is running: detectors and their status lines, and every discovered plugin. */
import type { DetectorStatus } from '../../app/detector-host.ts';
import type { PluginInfo } from '../../plugins/plugin-registry.ts';
import { defineRoute, type RouteSpec } from '../route-spec.ts';

export interface StatusDeps {
  detectors: () => DetectorStatus[];
  plugins: () => readonly PluginInfo[];
}

export function statusRoutes(deps: StatusDeps): RouteSpec[] {
  return [
    defineRoute({
      method: 'get', path: '/api/status', tag: 'system', operationId: 'getStatus',
      summary: 'Detector status lines (drives, staging watcher) for the status strip',
      response: {
        type: 'object',
        required: ['detectors'],
        properties: { detectors: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, status: { type: 'string' } } } } },
      },
      handler: () => ({ detectors: deps.detectors() }),
    }),
    defineRoute({
      method: 'get', path: '/api/plugins', tag: 'system', operationId: 'listPlugins',
      summary: 'Every discovered plugin: status, what it offers, and the JSON Schema of its settings',
      response: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'package', 'version', 'status'],
          properties: {
            id: { type: 'string' },
            package: { type: 'string' },
            version: { type: 'string' },
            origin: { enum: ['workspace', 'node_modules', 'plugins_path'] },
            status: { enum: ['loaded', 'available', 'invalid'] },
            problem: { type: ['string', 'null'] },
            display_name: { type: ['string', 'null'] },
            description: { type: ['string', 'null'] },
            stages: { type: 'object' },
            providers: { type: 'object' },
            settings_schema: { type: ['object', 'null'] },
          },
        },
      },
      handler: () =>
        deps.plugins().map((p) => ({
          id: p.id,
          package: p.packageName,
          version: p.version,
          origin: p.origin,
          status: p.status,
          problem: p.problem,
          display_name: p.manifest?.displayName ?? null,
          description: p.manifest?.description ?? null,
          stages: p.manifest?.stages ?? {},
          providers: p.manifest?.providers ?? {},
          settings_schema: p.manifest?.settingsSchema ?? null,
        })),
    }),
  ];
}
