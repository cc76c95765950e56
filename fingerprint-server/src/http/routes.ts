/** The /v1 routes of the network. */
import Router from '@koa/router';
import { HttpError, readJsonBody } from '@spindle/http-kit';
import type { ParameterizedContext as Context } from 'koa';
import type { ContributionService } from '../contribution-service.ts';
import { decodeBounded } from '../identify/fingerprint-quality.ts';
import type { IdentifyService } from '../identify/identify-service.ts';
import { validator } from './schema-validation.ts';

export interface RouteDeps {
  contributions: ContributionService;
  identify: IdentifyService;
  health: () => Promise<Record<string, unknown>>;
  maxBodyBytes: number;
}

const fingerprintText = { type: 'string', minLength: 4, maxLength: 262_144 };
/** Identify takes nothing but the fingerprint (no pseudonym, catalog id or episode guess). */
const checkIdentifyQuery = validator<{ fingerprint?: string; limit?: string }>(
  {
    type: 'object',
    additionalProperties: false,
    properties: { fingerprint: fingerprintText, limit: { type: 'string', pattern: '^(?:[1-9]|1[0-9]|20)$' } },
  },
  'identify query',
);
const checkIdentifyBody = validator<{ fingerprint_b64: string }>(
  {
    type: 'object',
    additionalProperties: false,
    required: ['fingerprint_b64'],
    properties: { fingerprint_b64: fingerprintText },
  },
  'identify body',
);

export function buildRouter(deps: RouteDeps): Router {
  const router = new Router({ prefix: '/v1' });
  // Any Content-Type is read as JSON: the network's clients are not only Spindle.
  const body = (ctx: Context) => readJsonBody(ctx, { maxBytes: deps.maxBodyBytes, requireJsonType: false });

  router.post('/contribute', async (ctx) => {
    const answer = await deps.contributions.contribute(await body(ctx));
    // 201 stored and counting, 202 stored but screened (flagged), 200 already there.
    ctx.status = answer.status === 'accepted' ? 201 : answer.status === 'flagged' ? 202 : 200;
    ctx.body = answer;
  });
  router.post('/contribute-disc', async (ctx) => {
    const answer = await deps.contributions.contributeDisc(await body(ctx));
    ctx.status = answer.status === 'accepted' ? 201 : 200;
    ctx.body = answer;
  });
  router.post('/forget', async (ctx) => {
    ctx.body = await deps.contributions.forget(await body(ctx));
  });
  router.get('/identify', async (ctx) => {
    const query = checkIdentifyQuery({ ...ctx.query });
    const sent =
      query.fingerprint ?? (ctx.request.length ? checkIdentifyBody(await body(ctx)).fingerprint_b64 : undefined);
    if (!sent)
      throw new HttpError(
        400,
        'invalid_request',
        'identify needs the fingerprint (query parameter "fingerprint" or JSON body {"fingerprint_b64"})',
      );
    const { items } = decodeBounded(sent);
    ctx.body = { candidates: await deps.identify.identify(items, query.limit ? Number(query.limit) : 5) };
  });
  router.get('/health', async (ctx) => {
    ctx.body = { status: 'ok', ...(await deps.health()) };
  });
  return router;
}
