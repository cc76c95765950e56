/** One log line a request: method, path (never the query string), status, time — never the peer's address. */
import type { Next, ParameterizedContext as Context } from 'koa';

export function accessLog(log: (line: string) => void) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const started = Date.now();
    try {
      await next();
    } finally {
      log(`${ctx.method} ${ctx.path} ${ctx.status} ${Date.now() - started}ms`);
    }
  };
}
