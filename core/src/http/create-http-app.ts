/**
 * The Koa application: error contract first, then the request guard (Host, content type, client
 * header, Origin) and the login check, then the API routes, the built UI, and a JSON 404 for
 * everything else. The WebSocket endpoint `/ws` hands sockets to the client gateway
 * (koa-websocket attaches it when `app.listen()` creates the server); its upgrade passes the
 * same Host, Origin and login checks, and client frames are capped at a few KiB (clients only
 * listen).
 */
import type { Logger } from '@spindle/plugin-sdk';
import type { IncomingMessage } from 'node:http';
import Koa, { type ParameterizedContext as Context } from 'koa';
import websockify from 'koa-websocket';
import type { AccessControl } from '../auth/access-control.ts';
import { authGate } from './auth-gate.ts';
import type { ClientGateway } from './client-gateway.ts';
import { jsonNotFound } from '@spindle/http-kit';
import { errorMiddleware } from './error-middleware.ts';
import { HostAllowlist } from './host-allowlist.ts';
import { checkUpgrade, requestGuard, type GuardPolicy, type Refusal } from './request-guard.ts';
import { mountRoutes } from './route-mounter.ts';
import type { RouteSpec } from './route-spec.ts';
import { staticUi } from './static-ui.ts';
import { errorMessage } from '@spindle/plugin-sdk';

/** Largest WebSocket frame a client may send (clients only listen; anything they send is ignored). */
export const WS_MAX_CLIENT_PAYLOAD = 4096;

export interface HttpAppOptions {
  routes: readonly RouteSpec[];
  gateway: ClientGateway;
  uiDist: string;
  debug: boolean;
  logger: Logger;
  isLoopback?: (ctx: Context) => boolean;
  /** Host allowlist and trusted origins (default: loopback names only). */
  guard?: GuardPolicy;
  /** The login check (absent: no login, as on loopback). */
  access?: AccessControl;
}

type VerifyCallback = (ok: boolean, status?: number, message?: string, headers?: Record<string, string>) => void;

function refuseUpgrade(done: VerifyCallback, refusal: Refusal): void {
  done(false, refusal.status, JSON.stringify({ error: { code: refusal.code, message: refusal.message } }), {
    'Content-Type': 'application/json',
  });
}

export function createHttpApp(options: HttpAppOptions): websockify.App {
  const guard: GuardPolicy = options.guard ?? { hosts: new HostAllowlist('127.0.0.1', []), allowedOriginHosts: [] };
  const { access } = options;
  const verifyClient = (info: { req: IncomingMessage }, done: VerifyCallback): void => {
    const refused = checkUpgrade(info.req.headers, guard);
    if (refused) return refuseUpgrade(done, refused);
    if (!access) return done(true);
    access.authorize(info.req.headers).then(
      (principal) =>
        principal
          ? done(true)
          : refuseUpgrade(done, {
              status: 401,
              code: 'login_required',
              message: 'Log in first: the live connection needs the session cookie or an API token',
            }),
      (error: unknown) => {
        options.logger.error('WebSocket login check failed', { error: errorMessage(error) });
        done(false, 500);
      },
    );
  };
  const app = websockify(new Koa({ proxy: false }), { maxPayload: WS_MAX_CLIENT_PAYLOAD, verifyClient });
  app.silent = true; // errors are logged by the error middleware, with secrets redacted
  app.use(errorMiddleware(options.logger));
  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('X-Frame-Options', 'DENY');
    await next();
  });
  app.use(requestGuard(guard));
  if (access) app.use(authGate(access));
  const router = mountRoutes(options.routes, {
    debug: options.debug,
    ...(options.isLoopback ? { isLoopback: options.isLoopback } : {}),
  });
  // Whatever nothing answered becomes a JSON 404 (or 405 when the path exists for other methods).
  app.use(jsonNotFound());
  app.use(router.routes());
  app.use(router.allowedMethods());
  app.use(staticUi(options.uiDist));
  app.ws.use(async (ctx) => {
    if (ctx.path !== '/ws') {
      ctx.websocket.close(1008, 'unknown WebSocket path; use /ws');
      return;
    }
    options.gateway.attach(ctx.websocket);
  });
  return app;
}
