/**
 * GET, PATCH and PUT /api/config. All answer the same flat, masked configuration object (secrets
 * are "***" when set, null when unset) plus `read_only`: the server-level settings, which only the
 * machine's environment or `spindle config set --local` can change. A write is a JSON Merge Patch
 * (RFC 7396): fields left out keep their value, `pipeline` and `plugin_settings` merge key by key,
 * `null` removes a key. PUT is the same write as PATCH (kept for older clients). Writes also answer
 * `cleared_secrets` (credentials cleared because the URL they are sent to changed) and
 * `restart_required` (changed fields that take effect only after a restart; also in the
 * `X-Restart-Required` header). A client may send back what it received (`read_only`,
 * `cleared_secrets` and `restart_required` are ignored on input).
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
  if (spec.secret)
    notes.push(`Secret: answered as "${SECRET_MASK}" when set; sending "${SECRET_MASK}" keeps the stored value.`);
  if (spec.mustExist)
    notes.push(`Must be an existing absolute ${spec.mustExist === 'dir' ? 'directory' : 'file'} path, or null.`);
  if (spec.restartRequired) notes.push('A change takes effect after a restart.');
  if (isServerLevelField(field)) {
    notes.push(
      `Server-level (read-only through the API): set ${SERVER_LEVEL_FIELDS[field].env} in the environment or .env, or run \`spindle config set --local ${field} …\` on the machine.`,
    );
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

const restartRequiredSchema: JsonSchema = {
  type: 'array',
  items: { type: 'string' },
  description:
    'Write answers only: the fields this write changed that take effect only after a restart (GET /api/status `pending_restart` keeps the list until then). Empty when everything applied live. Ignored on input.',
};

const MERGE_NOTE =
  'A JSON Merge Patch (RFC 7396): any subset of the configuration fields; fields left out keep their value. ' +
  '`pipeline` and `plugin_settings` merge key by key (e.g. {"pipeline":{"organizer":"my-organizer"}} changes only the organizer, ' +
  '{"plugin_settings":{"notifier-webhook":{"url":"…"}}} only that setting); arrays are replaced whole; `null` removes a key ' +
  '(a pipeline stage removed this way has no implementation; a plugin setting goes back to its default; a top-level field to its default). ' +
  'Nothing is saved unless every field is valid, and a pipeline or plugin settings that could not start are refused naming the field. ' +
  'Pipeline and plugin-setting changes apply to the next job without a restart.';

const acceptsNull = (schema: JsonSchema): boolean =>
  schema.type === 'null' ||
  (Array.isArray(schema.type) && schema.type.includes('null')) ||
  (Array.isArray(schema.anyOf) && (schema.anyOf as JsonSchema[]).some(acceptsNull));

/** The schema as a merge patch sees it: `null` (remove the key) accepted at every level of an object. */
function patchSchema(schema: JsonSchema): JsonSchema {
  const nullable = (inner: JsonSchema): JsonSchema =>
    acceptsNull(inner) ? inner : { anyOf: [inner, { type: 'null' }] };
  let out = schema;
  if (schema.properties && typeof schema.properties === 'object') {
    out = {
      ...out,
      properties: Object.fromEntries(
        Object.entries(schema.properties as Record<string, JsonSchema>).map(([key, inner]) => [
          key,
          nullable(patchSchema(inner)),
        ]),
      ),
    };
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    out = { ...out, additionalProperties: nullable(patchSchema(schema.additionalProperties as JsonSchema)) };
  }
  return nullable(out);
}

/** Write body: every field optional, with the field table's schema; unknown fields are refused. */
export function configUpdateSchema(): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    description: MERGE_NOTE,
    properties: {
      ...Object.fromEntries(
        APP_CONFIG_FIELD_NAMES.map((field) => [
          field,
          {
            ...patchSchema(fieldSpec(field).schema),
            ...(isServerLevelField(field) ? { readOnly: true } : {}),
            description: describeField(field),
          },
        ]),
      ),
      read_only: readOnlySchema,
      cleared_secrets: clearedSecretsSchema,
      restart_required: restartRequiredSchema,
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
          return [
            field,
            { ...schema, ...(isServerLevelField(field) ? { readOnly: true } : {}), description: describeField(field) },
          ];
        }),
      ),
      read_only: readOnlySchema,
      cleared_secrets: clearedSecretsSchema,
      restart_required: restartRequiredSchema,
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
    writeRoute(
      deps,
      'patch',
      'patchConfig',
      'Changes some configuration fields (JSON Merge Patch); answers the whole configuration, secrets masked',
    ),
    writeRoute(
      deps,
      'put',
      'updateConfig',
      'The same merge-patch write as PATCH (kept for older clients); answers the whole configuration, secrets masked',
    ),
  ];
}

function writeRoute(deps: ConfigRouteDeps, method: 'patch' | 'put', operationId: string, summary: string): RouteSpec {
  return defineRoute<Record<string, never>, Record<string, never>, Record<string, unknown>>({
    method,
    path: '/api/config',
    tag: 'config',
    summary,
    operationId,
    body: configUpdateSchema(),
    response: maskedConfigSchema(),
    responseHeaders: {
      [RESTART_REQUIRED_HEADER]: {
        description:
          'Comma-separated names of the changed fields that take effect only after a restart (as `restart_required`); empty when none.',
        schema: { type: 'string' },
      },
    },
    errors: [400],
    handler: async ({ body, ctx }) => {
      const { read_only: _readOnly, cleared_secrets: _cleared, restart_required: _restart, ...fields } = body;
      const result = await deps.config.update(fields, { origin: 'api' });
      ctx.set(RESTART_REQUIRED_HEADER, result.restartRequired.join(','));
      return {
        ...result.config,
        read_only: deps.config.readOnly(),
        cleared_secrets: result.clearedSecrets,
        restart_required: result.restartRequired,
      };
    },
  });
}
