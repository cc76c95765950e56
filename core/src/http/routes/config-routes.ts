/**
 * GET and PUT /api/config. Both answer the same flat, masked configuration object (secrets are
 * "***" when set, null when unset), so a client may PUT back what it received. The changed fields
 * that only take effect after a restart are named in the `X-Restart-Required` header.
 */
import { APP_CONFIG_FIELD_NAMES, SECRET_MASK } from '../../config/app-config-fields.ts';
import type { ConfigService } from '../../config/config-service.ts';
import { fieldSpec } from '../../config/config-values.ts';
import { defineRoute, type JsonSchema, type RouteSpec } from '../route-spec.ts';

export interface ConfigRouteDeps {
  config: ConfigService;
}

export const RESTART_REQUIRED_HEADER = 'X-Restart-Required';

function describeField(field: (typeof APP_CONFIG_FIELD_NAMES)[number]): string {
  const spec = fieldSpec(field);
  const notes = [spec.description];
  if (spec.secret) notes.push(`Secret: answered as "${SECRET_MASK}" when set; sending "${SECRET_MASK}" keeps the stored value.`);
  if (spec.mustExist) notes.push(`Must be an existing absolute ${spec.mustExist === 'dir' ? 'directory' : 'file'} path, or null.`);
  if (spec.restartRequired) notes.push('A change takes effect after a restart.');
  if (field === 'ripper_key') notes.push('Must look like a MakeMKV key ("T-…" or "M-…").');
  return notes.join(' ');
}

/** PUT body: every field optional, with the field table's schema; unknown fields are refused. */
export function configUpdateSchema(): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    description: 'Any subset of the configuration fields. Nothing is saved unless every field is valid.',
    properties: Object.fromEntries(
      APP_CONFIG_FIELD_NAMES.map((field) => [field, { ...fieldSpec(field).schema, description: describeField(field) }]),
    ),
  };
}

/** The configuration as answered: every field present, secrets masked. */
export function maskedConfigSchema(): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    required: [...APP_CONFIG_FIELD_NAMES],
    properties: Object.fromEntries(
      APP_CONFIG_FIELD_NAMES.map((field) => {
        const spec = fieldSpec(field);
        const schema = spec.secret ? { anyOf: [{ const: SECRET_MASK }, { type: 'null' }] } : spec.schema;
        return [field, { ...schema, description: describeField(field) }];
      }),
    ),
  };
}

export function configRoutes(deps: ConfigRouteDeps): RouteSpec[] {
  const response = maskedConfigSchema();
  return [
    defineRoute({
      method: 'get',
      path: '/api/config',
      tag: 'config',
      summary: 'The current configuration; secrets masked as "***"',
      operationId: 'getConfig',
      response,
      handler: () => deps.config.masked(),
    }),
    defineRoute<Record<string, never>, Record<string, never>, Record<string, unknown>>({
      method: 'put',
      path: '/api/config',
      tag: 'config',
      summary: 'Updates some configuration fields; answers the whole configuration, secrets masked',
      operationId: 'updateConfig',
      body: configUpdateSchema(),
      response,
      responseHeaders: {
        [RESTART_REQUIRED_HEADER]: {
          description:
            'Comma-separated names of the changed fields that take effect only after a restart (e.g. "max_concurrent_matches,pipeline"); empty when none.',
          schema: { type: 'string' },
        },
      },
      errors: [400],
      handler: async ({ body, ctx }) => {
        const result = await deps.config.update(body);
        ctx.set(RESTART_REQUIRED_HEADER, result.restartRequired.join(','));
        return result.config;
      },
    }),
  ];
}
