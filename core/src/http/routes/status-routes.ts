/**
 * What is running: detectors and their status lines, every discovered plugin, the stages running
 * on a built-in default because the stored configuration could not start (`safe_mode`), and the
 * changes waiting for a restart (`pending_restart`).
 */
import type { CatalogStatus } from '@spindle/plugin-sdk';
import type { DetectorStatus } from '../../app/detector-host.ts';
import type { PendingRestart } from '../../app/pending-restart.ts';
import type { SafeModeEntry } from '../../app/pipeline-host.ts';
import type { PluginInfo } from '../../plugins/plugin-registry.ts';
import { defineRoute, type RouteSpec } from '../route-spec.ts';

export interface StatusDeps {
  detectors: () => DetectorStatus[];
  plugins: () => readonly PluginInfo[];
  /** The configured catalog's health (null when none is configured). */
  catalog?: () => CatalogStatus | null;
  safeMode?: () => SafeModeEntry[];
  pendingRestart?: () => Promise<PendingRestart[]>;
}

const SAFE_MODE_SCHEMA = {
  type: 'array',
  description:
    'Safe mode: stages the stored configuration names that could not start (e.g. a plugin uninstalled while Spindle was stopped); each runs on `using` (its built-in default, or nothing) until the configuration is fixed. Empty normally.',
  items: {
    type: 'object',
    required: ['field', 'problem', 'fix', 'using'],
    properties: {
      field: { type: 'string' },
      problem: { type: 'string' },
      fix: { type: 'string' },
      using: { description: 'What serves the stage meanwhile.' },
    },
  },
} as const;

const PENDING_RESTART_SCHEMA = {
  type: 'array',
  description:
    'Changes that take effect only after a restart (POST /api/restart): configuration fields, and server settings (HOST, PORT, DATABASE_URL, …) changed in the environment or .env.',
  items: {
    type: 'object',
    required: ['field', 'reason'],
    properties: { field: { type: 'string' }, reason: { type: 'string' } },
  },
} as const;

export function statusRoutes(deps: StatusDeps): RouteSpec[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/status',
      tag: 'system',
      operationId: 'getStatus',
      summary:
        'Detector status lines (drives, staging watcher) and the catalog’s health (e.g. "catalog degraded: …") for the status strip',
      response: {
        type: 'object',
        required: ['detectors', 'safe_mode', 'pending_restart'],
        properties: {
          safe_mode: SAFE_MODE_SCHEMA,
          pending_restart: PENDING_RESTART_SCHEMA,
          detectors: {
            type: 'array',
            items: { type: 'object', properties: { id: { type: 'string' }, status: { type: 'string' } } },
          },
          catalog: {
            type: ['object', 'null'],
            description:
              'null when no catalog provider is configured; healthy false with a message when it is not configured or degraded',
            properties: {
              healthy: { type: 'boolean' },
              configured: { type: 'boolean' },
              message: { type: ['string', 'null'] },
            },
          },
        },
      },
      handler: async () => {
        const catalog = deps.catalog?.() ?? null;
        return {
          detectors: deps.detectors(),
          safe_mode: deps.safeMode?.() ?? [],
          pending_restart: (await deps.pendingRestart?.()) ?? [],
          catalog: catalog && {
            healthy: catalog.healthy,
            configured: catalog.configured ?? true,
            message: catalog.message,
          },
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/plugins',
      tag: 'system',
      operationId: 'listPlugins',
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
