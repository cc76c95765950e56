/**
 * One error contract: every failure leaves as `{"error":{"code","message"}}`. Business errors
 * (SpindleError) map to 400/403/404/409 by their kind; anything unexpected is a 500 whose
 * details go to the log only.
 */
import { SpindleError, type ErrorKind, type Logger } from '@spindle/plugin-sdk';
import type { Next, ParameterizedContext as Context } from 'koa';

const STATUS_BY_KIND: Record<ErrorKind, number> = {
  invalid_input: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  failure: 500,
};

export class HttpError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

export function sendError(ctx: Context, status: number, code: string, message: string): void {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = { error: { code, message } };
}

export function errorMiddleware(logger: Logger) {
  return async (ctx: Context, next: Next): Promise<void> => {
    try {
      await next();
    } catch (error) {
      if (error instanceof HttpError) return sendError(ctx, error.status, error.code, error.message);
      if (SpindleError.is(error)) {
        const status = STATUS_BY_KIND[error.kind] ?? 500;
        if (status >= 500) logger.error(`${ctx.method} ${ctx.path} failed: ${error.message}`, { code: error.code });
        return sendError(ctx, status, error.code, error.message);
      }
      const status = (error as { status?: unknown }).status;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        return sendError(ctx, status, 'bad_request', (error as Error).message);
      }
      logger.error(`${ctx.method} ${ctx.path} crashed`, { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      sendError(ctx, 500, 'internal_error', 'Internal error; the service log has the details');
    }
  };
}
