/**
 * Logging in and out, the first password (one-time setup link), and API tokens. The session
 * is an HttpOnly, SameSite=Strict cookie; tokens are shown once when created and stored hashed.
 */
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '@spindle/plugin-sdk';
import type { ParameterizedContext as Context } from 'koa';
import {
  MIN_PASSWORD_LENGTH,
  SESSION_COOKIE,
  SESSION_LIFETIME_MS,
  type AccessControl,
} from '../../auth/access-control.ts';
import type { ApiTokenInfo } from '../../auth/auth-store.ts';
import { principalOf } from '../auth-gate.ts';
import { HttpError } from '../error-middleware.ts';
import { defineRoute, idParams, type RouteSpec } from '../route-spec.ts';

const passwordSchema = { type: 'string', minLength: 1, maxLength: 1024 };
const tokenSchema = {
  type: 'object',
  required: ['id', 'name', 'prefix', 'created_at', 'last_used_at'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    prefix: { type: 'string', description: 'the first characters of the token, to tell tokens apart' },
    created_at: { type: 'string', format: 'date-time' },
    last_used_at: { type: ['string', 'null'], format: 'date-time' },
  },
};

const tokenWire = (t: ApiTokenInfo) => ({
  id: t.id,
  name: t.name,
  prefix: t.prefix,
  created_at: t.createdAt.toISOString(),
  last_used_at: t.lastUsedAt?.toISOString() ?? null,
});

function setSessionCookie(ctx: Context, value: string | null): void {
  ctx.cookies.set(SESSION_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: ctx.secure,
    overwrite: true,
    ...(value ? { maxAge: SESSION_LIFETIME_MS } : {}),
  });
}

const AUTH_NONE_WARNING =
  'Spindle listens on the network without a login (AUTH=none): anyone who reaches it, or its reverse proxy, controls it.';

export function authRoutes(access: AccessControl): RouteSpec[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/auth/status',
      tag: 'auth',
      operationId: 'getAuthStatus',
      summary:
        'Whether a login is required, whether this request has one, and whether the first password still has to be set',
      response: {
        type: 'object',
        required: ['login_required', 'authenticated', 'method', 'password_set', 'setup_pending', 'warning'],
        properties: {
          login_required: { type: 'boolean' },
          authenticated: {
            type: 'boolean',
            description: 'this request carries a valid session or token (always true when no login is required)',
          },
          method: { enum: ['session', 'token', 'open', null] },
          password_set: { type: 'boolean' },
          setup_pending: {
            type: 'boolean',
            description: 'a login is required and no password exists yet: use the setup link from the log',
          },
          warning: { type: ['string', 'null'], description: 'shown as a banner (AUTH=none on a network address)' },
        },
      },
      handler: async ({ ctx }) => {
        const principal = principalOf(ctx);
        return {
          login_required: access.required,
          authenticated: principal !== null,
          method: principal?.kind ?? null,
          password_set: await access.passwordSet(),
          setup_pending: access.setupPending,
          warning: access.disabledOnLan ? AUTH_NONE_WARNING : null,
        };
      },
    }),
    defineRoute<Record<string, never>, Record<string, never>, { password: string }>({
      method: 'post',
      path: '/api/auth/login',
      tag: 'auth',
      operationId: 'login',
      summary:
        'Log in with the password; sets the session cookie. Wrong passwords from one address are slowed down (429 with Retry-After)',
      body: {
        type: 'object',
        required: ['password'],
        additionalProperties: false,
        properties: { password: passwordSchema },
      },
      response: { type: 'object', required: ['authenticated'], properties: { authenticated: { const: true } } },
      errors: [400, 401, 409, 429],
      handler: async ({ body, ctx }) => {
        const outcome = await access.login(body.password, ctx.req.socket.remoteAddress ?? 'unknown');
        if (!outcome.ok) {
          if (outcome.reason === 'throttled') {
            ctx.set('Retry-After', String(outcome.retryAfterSeconds));
            throw new HttpError(
              429,
              'too_many_attempts',
              `Too many wrong passwords from this address: try again in ${outcome.retryAfterSeconds} s`,
            );
          }
          if (outcome.reason === 'no_password')
            throw new ConflictError(
              'no_password_set',
              'No password is set yet: use the setup link from the service log, or set SPINDLE_PASSWORD and restart',
            );
          throw new HttpError(401, 'wrong_password', 'That password is not right');
        }
        setSessionCookie(ctx, outcome.session);
        return { authenticated: true };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/auth/logout',
      tag: 'auth',
      operationId: 'logout',
      summary: 'End this session (clears the cookie)',
      response: { type: 'object' },
      handler: async ({ ctx }) => {
        await access.logout(principalOf(ctx));
        setSessionCookie(ctx, null);
        return {};
      },
    }),
    defineRoute<Record<string, never>, Record<string, never>, { setup_token: string; password: string }>({
      method: 'post',
      path: '/api/auth/setup',
      tag: 'auth',
      operationId: 'setUpPassword',
      summary:
        'Choose the first password with the one-time token of the setup link in the service log; logs this browser in',
      body: {
        type: 'object',
        required: ['setup_token', 'password'],
        additionalProperties: false,
        properties: { setup_token: { type: 'string', minLength: 1, maxLength: 200 }, password: passwordSchema },
      },
      response: { type: 'object', required: ['authenticated'], properties: { authenticated: { const: true } } },
      errors: [400, 403, 409],
      handler: async ({ body, ctx }) => {
        if (!access.setupPending)
          throw new ConflictError('setup_done', 'A password is already set (or no login is required): log in instead');
        if (body.password.length < MIN_PASSWORD_LENGTH)
          throw new InputError(
            'password_too_short',
            `The password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
          );
        const done = await access.setUp(body.setup_token, body.password);
        if (!done)
          throw new ForbiddenError(
            'setup_token_wrong',
            'This setup link is not the one in the service log (it works once; restart the service for a new one)',
          );
        setSessionCookie(ctx, done.session);
        return { authenticated: true };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/auth/tokens',
      tag: 'auth',
      operationId: 'listApiTokens',
      summary: 'The API tokens (never their values)',
      response: { type: 'array', items: tokenSchema },
      handler: async () => (await access.tokens.listTokens()).map(tokenWire),
    }),
    defineRoute<Record<string, never>, Record<string, never>, { name: string }>({
      method: 'post',
      path: '/api/auth/tokens',
      tag: 'auth',
      operationId: 'createApiToken',
      status: 201,
      summary:
        'Create an API token for a REST client or the CLI (Authorization: Bearer <token>); its value is answered this once',
      body: {
        type: 'object',
        required: ['name'],
        additionalProperties: false,
        properties: { name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } },
      },
      response: {
        allOf: [tokenSchema],
        type: 'object',
        required: ['token'],
        properties: { token: { type: 'string' } },
      },
      handler: async ({ body }) => {
        const { token, info } = await access.tokens.createToken(body.name.trim());
        return { ...tokenWire(info), token };
      },
    }),
    defineRoute<{ id: number }>({
      method: 'delete',
      path: '/api/auth/tokens/:id',
      tag: 'auth',
      operationId: 'revokeApiToken',
      summary: 'Revoke an API token: it stops working at once',
      params: idParams,
      response: { type: 'object' },
      errors: [404],
      handler: async ({ params }) => {
        if (!(await access.tokens.deleteToken(params.id)))
          throw new NotFoundError('token_not_found', `API token ${params.id} does not exist`);
        return {};
      },
    }),
  ];
}
