/**
 * The local fingerprint endpoints (spec "Local fingerprint endpoints") and the DEBUG seed. The
 * audit log is served to this machine only (403 for any other peer).
 */
import type { ContributionAuditLog } from '../../contributions/contribution-audit-log.ts';
import type { ContributionQueue } from '../../contributions/contribution-queue.ts';
import { RemoteForgetError, type FingerprintPrivacy } from '../../contributions/fingerprint-privacy.ts';
import { HttpError } from '../error-middleware.ts';
import { defineRoute, type JsonSchema, type RouteSpec } from '../route-spec.ts';

const nullableInt = { type: ['integer', 'null'] };
const auditEntrySchema: JsonSchema = {
  type: 'object',
  required: ['ts', 'kind', 'contrib_id', 'catalog_id', 'season', 'pseudonym_prefix'],
  properties: {
    ts: { type: 'string', format: 'date-time' },
    kind: { enum: ['episode', 'disc'] },
    contrib_id: { type: 'integer' },
    catalog_id: { type: 'integer' },
    season: nullableInt,
    episode: nullableInt,
    content_type: { enum: ['tv', 'movie'] },
    title_count: { type: 'integer' },
    pseudonym_prefix: { type: 'string', minLength: 8, maxLength: 8 },
  },
};

export function fingerprintRoutes(deps: {
  privacy: FingerprintPrivacy;
  queue: ContributionQueue;
  auditLog: ContributionAuditLog;
}): RouteSpec[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/fingerprint/contributions',
      tag: 'fingerprint',
      operationId: 'listContributions',
      loopbackOnly: true,
      errors: [403],
      summary:
        'The local audit log of uploaded contributions (newest first) and the number still queued; this machine only',
      response: {
        type: 'object',
        required: ['entries', 'pending_count', 'pending'],
        properties: {
          entries: { type: 'array', items: auditEntrySchema },
          pending_count: { type: 'integer' },
          pending: { type: 'object', properties: { episodes: { type: 'integer' }, discs: { type: 'integer' } } },
        },
      },
      handler: async () => {
        const counts = await deps.queue.pendingCounts();
        return {
          entries: (await deps.auditLog.entries()).reverse(),
          pending_count: counts.total,
          pending: { episodes: counts.episodes, discs: counts.discs },
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/fingerprint/contributions/rotate-pseudonym',
      tag: 'fingerprint',
      operationId: 'rotatePseudonym',
      summary: 'Generate a fresh pseudonym (UUIDv4), re-tag every pending contribution with it and save it',
      response: { type: 'object', properties: { pseudonym_prefix: { type: 'string' }, retagged: { type: 'integer' } } },
      handler: () => deps.privacy.rotatePseudonym(),
    }),
    defineRoute({
      method: 'post',
      path: '/api/fingerprint/forget',
      tag: 'fingerprint',
      operationId: 'forgetContributions',
      errors: [409, 502],
      summary:
        'Ask the network to forget the current pseudonym; only when it confirms: rotate the pseudonym, clear fingerprint_disclosure_accepted ' +
        'and delete every pending contribution. If the network does not confirm, nothing changes here (502 says why).',
      response: {
        type: 'object',
        properties: {
          canonical_unaffected: { type: 'boolean' },
          deleted_pending: { type: 'integer' },
          pseudonym_prefix: { type: 'string' },
        },
      },
      handler: async () => {
        try {
          return await deps.privacy.forget();
        } catch (error) {
          if (error instanceof RemoteForgetError) throw new HttpError(502, error.code, error.message);
          throw error;
        }
      },
    }),
    defineRoute({
      method: 'post',
      path: '/debug/fingerprint/seed',
      tag: 'simulation',
      operationId: 'debugSeedFingerprint',
      debugOnly: true,
      status: 201,
      summary: 'DEBUG only: queue one fake episode contribution (synthetic fingerprint)',
      response: { type: 'object', properties: { kind: { const: 'episode' }, contrib_id: { type: 'integer' } } },
      handler: () => deps.privacy.seed(),
    }),
  ];
}
