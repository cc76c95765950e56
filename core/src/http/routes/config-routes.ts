/**
 * GET and PUT /api/config. Both answer the same flat, masked configuration object (secrets are
 * "***" when set, null when unset) plus `read_only`: the server-level settings, which only the
 * machine's environment or `spindle config set --local` can change. PUT also answers
 * `cleared_secrets`: credentials cleared because the URL they are sent to changed. A client may
 * PUT back what it received (`read_only` and `cleared_secrets` are ignored on input). The changed
 * fields that only take effect after a restart are named in the `X-Restart-Required` header.
 */
import { APP_CONFIG_FIELD_NAMES, SECRET_MASK } from '../../config/app-config-fields.ts';
import type { ConfigService } from '../../config/config-service.ts';
import { fieldSpec } from '../../config/config-values.ts';
import { isServerLevelField, SERVER_LEVEL_FIELDS } from '../../config/server-level.ts';
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
  if (isServerLevelField(field)) {
    notes.push(`Server-level (read-only through the API): set ${SERVER_LEVEL_FIELDS[field].env} in the environment or .env, or run \`spindle config set --local ${field} …\` on the machine.`);
  }
  if (field === 'ripper_key') notes.push('Must look like a MakeMKV key ("T-…" or "M-…").');
  return notes.join(' ');
}

const readOnlySchema: JsonSchema = {
  type: 'array',
  description: 'The server-level settings: the API answers them but never changes them. Ignored on input.',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['field', 'env', 'command', 'source'],
    properties: {
      field: { type: 'string', description: 'The field, or plugin_settings.<plugin>.<setting>.' },
      env: { type: ['string', 'null'], description: 'The environment variable (or .env line) that sets it, if any.' },
      command: { type: 'string', description: 'The command that sets it on the machine Spindle runs on.' },
      source: { enum: ['environment', 'stored', 'default'], description: 'Where the current value comes from.' },
    },
  },
};

const clearedSecretsSchema: JsonSchema = {
  type: 'array',
  items: { type: 'string' },
  description:
    'PUT answers only: secrets cleared by this write because the URL they are sent to changed (e.g. "plugin_settings.refresher-media-server.jellyfin_api_key"); enter them again. Ignored on input.',
};

/** PUT body: every field optional, with the field table's schema; unknown fields are refused. */
export function configUpdateSchema(): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    description: 'Any subset of the configuration fields. Nothing is saved unless every field is valid.',
    properties: {
      ...Object.fromEntries(
        APP_CONFIG_FIELD_NAMES.map((field) => [
          field,
          { ...fieldSpec(field).schema, ...(isServerLevelField(field) ? { readOnly: true } : {}), description: describeField(field) },
        ]),
      ),
      read_only: readOnlySchema,
      cleared_secrets: clearedSecretsSchema,
    },
  };
}

/** The configuration as answered: every field present, secrets masked. */
export function maskedConfigSchema(): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    required: [...APP_CONFIG_FIELD_NAMES, 'read_only'],
    properties: {
      ...Object.fromEntries(
        APP_CONFIG_FIELD_NAMES.map((field) => {
          const spec = fieldSpec(field);
          const schema = spec.secret ? { anyOf: [{ const: SECRET_MASK }, { type: 'null' }] } : spec.schema;
          return [field, { ...schema, ...(isServerLevelField(field) ? { readOnly: true } : {}), description: describeField(field) }];
        }),
      ),
      read_only: readOnlySchema,
      cleared_secrets: clearedSecretsSchema,
    },
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
      handler: () => ({ ...deps.config.masked(), read_only: deps.config.readOnly() }),
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
        const { read_only: _readOnly, cleared_secrets: _cleared, ...fields } = body;
        const result = await deps.config.update(fields, { origin: 'api' });
        ctx.set(RESTART_REQUIRED_HEADER, result.restartRequired.join(','));
        return { ...result.config, read_only: deps.config.readOnly(), cleared_secrets: result.clearedSecrets };
      },
    }),
  ];
}
