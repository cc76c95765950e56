/**
 * POST /api/setup/check: can a disc go through? Runs the readiness checks (a real test write into
 * the staging and library folders, MakeMKV's and ffmpeg's version and MakeMKV's licence, the TMDB
 * key asked once) for the setup wizard's last step. A POST because it writes (and removes) a file.
 */
import type { CatalogProvider } from '@spindle/plugin-sdk';
import type { ConfigService } from '../../config/config-service.ts';
import { checkReadiness } from '../../setup/readiness.ts';
import type { ToolSearchOptions } from '../../tools/tool-locations.ts';
import { defineRoute, type JsonSchema, type RouteSpec } from '../route-spec.ts';

export interface SetupRouteDeps {
  config: ConfigService;
  catalog: () => CatalogProvider | null;
  search?: ToolSearchOptions;
}

const checkSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'label', 'state', 'detail', 'fix', 'version', 'license'],
  properties: {
    id: { enum: ['staging', 'library_movies', 'library_tv', 'ripper', 'media_tool', 'catalog'] },
    label: { type: 'string' },
    state: {
      enum: ['ok', 'missing', 'problem', 'optional'],
      description: 'optional: not set up and not needed for a disc to go through',
    },
    detail: { type: 'string', description: 'What was found, or what is wrong.' },
    fix: { type: ['string', 'null'], description: 'Where to fix it; null when nothing needs fixing.' },
    version: { type: ['string', 'null'] },
    license: {
      type: ['string', 'null'],
      description: "MakeMKV's licence state: registered, evaluation, expired or unknown.",
    },
  },
};

export function setupRoutes(deps: SetupRouteDeps): RouteSpec[] {
  return [
    defineRoute<Record<string, never>, Record<string, never>, Record<string, never> | undefined>({
      method: 'post',
      path: '/api/setup/check',
      tag: 'tools',
      summary:
        'Checks that a disc could go through: test writes to staging and libraries, MakeMKV and ffmpeg, the TMDB key',
      operationId: 'checkSetup',
      body: { type: 'object', additionalProperties: false, properties: {} },
      bodyOptional: true,
      response: {
        type: 'object',
        required: ['ready', 'checks'],
        properties: {
          ready: { type: 'boolean', description: 'true only when no check is missing or a problem' },
          checks: { type: 'array', items: checkSchema },
        },
      },
      handler: () =>
        checkReadiness({
          config: deps.config.get(),
          catalog: deps.catalog(),
          thorough: true,
          ...(deps.search ? { search: deps.search } : {}),
        }),
    }),
  ];
}
