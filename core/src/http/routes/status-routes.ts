/** What is running: detectors and their status lines, and every discovered plugin. */
import type { CatalogStatus } from '@spindle/plugin-sdk';
import type { DetectorStatus } from '../../app/detector-host.ts';
import type { PluginInfo } from '../../plugins/plugin-registry.ts';
import { defineRoute, type RouteSpec } from '../route-spec.ts';

export interface StatusDeps {
  detectors: () => DetectorStatus[];
  plugins: () => readonly PluginInfo[];
  /** The configured catalog's health (null when none is configured). */
  catalog?: () => CatalogStatus | null;
}

export function statusRoutes(deps: StatusDeps): RouteSpec[] {
  return [
    defineRoute({
      method: 'get', path: '/api/status', tag: 'system', operationId: 'getStatus',
      summary: 'Detector status lines (drives, staging watcher) and the catalog’s health (e.g. "catalog degraded: …") for the status strip',
      response: {
        type: 'object',
        required: ['detectors'],
        properties: {
          detectors: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, status: { type: 'string' } } } },
          catalog: {
            type: ['object', 'null'],
            description: 'null when no catalog provider is configured; healthy false with a message when it is not configured or degraded',
            properties: { healthy: { type: 'boolean' }, configured: { type: 'boolean' }, message: { type: ['string', 'null'] } },
          },
        },
      },
      handler: () => {
        const catalog = deps.catalog?.() ?? null;
        return {
          detectors: deps.detectors(),
          catalog: catalog && { healthy: catalog.healthy, configured: catalog.configured ?? true, message: catalog.message },
        };
      },
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
