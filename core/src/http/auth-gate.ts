/**
 * The login check, right after the request guard: when a login is required, every route, `/ws`
 * and the static UI answer 401 without a valid session or token, except what a person needs to
 * log in (the login page, its assets, the login/setup routes and the auth status) and the
 * liveness route `/api/health` (container health checks carry no credential; it tells the
 * version and uptime, nothing of the user's). A browser navigation gets the 401 as a short page
 * that sends the person to /login; everything else gets the JSON error body.
 */
import type { Next, ParameterizedContext as Context } from 'koa';
import type { AccessControl, Principal } from '../auth/access-control.ts';
import { sendError } from './error-middleware.ts';

const OPEN_API = new Set([
  'GET /api/health',
  'HEAD /api/health',
  'GET /api/auth/status',
  'POST /api/auth/login',
  'POST /api/auth/setup',
]);

function isOpen(ctx: Context): boolean {
  if (OPEN_API.has(`${ctx.method} ${ctx.path}`)) return true;
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
  return ctx.path === '/login' || (ctx.path.startsWith('/assets/') && !ctx.path.includes('..'));
}

const LOGIN_PAGE = (
  next: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Spindle: log in</title>
<meta http-equiv="refresh" content="0;url=/login?next=${encodeURIComponent(next)}"></head>
<body><p>Spindle needs you to log in: <a href="/login?next=${encodeURIComponent(next)}">continue to the login page</a>.</p></body></html>`;

export function principalOf(ctx: Context): Principal | null {
  return (ctx.state as { principal?: Principal }).principal ?? null;
}

export function authGate(access: AccessControl) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const principal = await access.authorize(ctx.req.headers);
    (ctx.state as { principal?: Principal | null }).principal = principal;
    if (principal || isOpen(ctx)) return next();
    ctx.set('Cache-Control', 'no-store');
    const navigation =
      (ctx.method === 'GET' || ctx.method === 'HEAD') &&
      !ctx.path.startsWith('/api/') &&
      (ctx.get('accept') ?? '').includes('text/html');
    if (navigation) {
      ctx.status = 401;
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = LOGIN_PAGE(ctx.path);
      return;
    }
    sendError(
      ctx,
      401,
      'login_required',
      'Log in first: send the session cookie from /api/auth/login or an API token as "Authorization: Bearer <token>"',
    );
  };
}
