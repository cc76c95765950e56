/**
 * Mounts RouteSpecs on a @koa/router: DEBUG-only and loopback-only gates, validation of params,
 * query and body, then the handler; its return value becomes the JSON response.
 */
import Router from '@koa/router';
import type { ParameterizedContext as Context } from 'koa';
import { readJsonBody } from '@spindle/http-kit';
import { HttpError } from './error-middleware.ts';
import { compileValidator } from './request-validation.ts';
import type { RouteSpec } from './route-spec.ts';

export interface MountOptions {
  debug: boolean;
  /** Decides whether a request comes from this machine (injectable for tests). */
  isLoopback?: (ctx: Context) => boolean;
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.replace(/^::ffff:/, '');
  return a === '::1' || a.startsWith('127.');
}

export function mountRoutes(routes: readonly RouteSpec[], options: MountOptions): Router {
  const router = new Router();
  const isLoopback = options.isLoopback ?? ((ctx: Context) => isLoopbackAddress(ctx.req.socket.remoteAddress));
  for (const route of routes) {
    const params = compileValidator('params', route.params);
    const query = compileValidator('query', route.query);
    const body = compileValidator('body', route.body);
    const wantsBody = route.method === 'post' || route.method === 'put' || route.method === 'patch';
    router[route.method](route.path, async (ctx: Context) => {
      if (route.debugOnly && !options.debug)
        throw new HttpError(404, 'not_found', `No route ${ctx.method} ${ctx.path}`);
      if (route.loopbackOnly && !isLoopback(ctx)) {
        throw new HttpError(403, 'forbidden', 'This route only answers requests from this machine');
      }
      const checkedParams = params({ ...(ctx as Context & { params?: Record<string, string> }).params });
      const checkedQuery = query({ ...ctx.query });
      const rawBody =
        wantsBody || ctx.request.length ? await readJsonBody(ctx, { maxBytes: route.maxBodyBytes }) : undefined;
      const input = {
        params: checkedParams,
        query: checkedQuery,
        body: route.bodyOptional && rawBody === undefined ? undefined : body(rawBody),
        ctx,
      };
      const result = await route.handler(input as never);
      if (ctx.body === undefined || ctx.body === null) {
        ctx.status = route.status ?? 200;
        ctx.body = result ?? null;
        if (result === undefined || result === null) ctx.body = {};
      }
    });
  }
  return router;
}
