/** The one error body of the network, `{"error":{"code","message"}}`, and the middleware that sends it. */
import type { Next, ParameterizedContext as Context } from 'koa';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function sendError(ctx: Context, status: number, code: string, message: string): void {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = { error: { code, message } };
}

/**
 * Maps ApiErrors (and SpindleErrors of kind invalid_input, e.g. a malformed fingerprint) to their
 * status; anything else is a 500 whose detail goes to the log only. Log lines name the method,
 * the path (never the query string) and the status — never the peer's address.
 */
export function errorMiddleware(log: (line: string) => void) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const started = Date.now();
    try {
      await next();
      if (ctx.body === undefined || ctx.body === null) {
        if (ctx.status === 405) sendError(ctx, 405, 'method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}`);
        else sendError(ctx, 404, 'not_found', `No route ${ctx.method} ${ctx.path}`);
      }
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
        sendError(ctx, error.status, error.code, error.message);
      } else if ((error as { kind?: unknown }).kind === 'invalid_input' && typeof (error as { code?: unknown }).code === 'string') {
        sendError(ctx, 400, (error as { code: string }).code, (error as Error).message);
      } else {
        log(`error ${ctx.method} ${ctx.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        sendError(ctx, 500, 'internal_error', 'Internal error; the server log has the details');
      }
    }
    log(`${ctx.method} ${ctx.path} ${ctx.status} ${Date.now() - started}ms`);
  };
}
