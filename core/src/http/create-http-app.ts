/**
 * The Koa application: error contract first, then the API routes, the built UI, and a JSON 404
 * for everything else. The WebSocket endpoint `/ws` hands sockets to the client gateway
 * (koa-websocket attaches it when `app.listen()` creates the server).
 */
import type { Logger } from '@spindle/plugin-sdk';
import Koa, { type ParameterizedContext as Context } from 'koa';
import websockify from 'koa-websocket';
import type { ClientGateway } from './client-gateway.ts';
import { errorMiddleware, sendError } from './error-middleware.ts';
import { mountRoutes } from './route-mounter.ts';
import type { RouteSpec } from './route-spec.ts';
import { staticUi } from './static-ui.ts';

export interface HttpAppOptions {
  routes: readonly RouteSpec[];
  gateway: ClientGateway;
  uiDist: string;
  debug: boolean;
  logger: Logger;
  isLoopback?: (ctx: Context) => boolean;
}

export function createHttpApp(options: HttpAppOptions): websockify.App {
  const app = websockify(new Koa({ proxy: false }));
  app.silent = true; // errors are logged by the error middleware, with secrets redacted
  app.use(errorMiddleware(options.logger));
  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    await next();
  });
  const router = mountRoutes(options.routes, { debug: options.debug, ...(options.isLoopback ? { isLoopback: options.isLoopback } : {}) });
  // Whatever nothing answered becomes a JSON 404 (or 405 when the path exists for other methods).
  app.use(async (ctx, next) => {
    await next();
    if (ctx.body !== undefined && ctx.body !== null) return;
    if (ctx.status === 405) return sendError(ctx, 405, 'method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}`);
    if (ctx.method === 'OPTIONS' && ctx.status === 200) return;
    sendError(ctx, 404, 'not_found', `No route ${ctx.method} ${ctx.path}`);
  });
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
