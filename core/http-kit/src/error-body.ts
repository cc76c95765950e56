/**
 * The one error contract of Spindle's HTTP servers: every failure leaves as
 * `{"error":{"code","message"}}`. An HttpError names its status and code; an error that carries a
 * business `kind` and a `code` (the plugin SDK's SpindleError, recognised by shape so this package
 * needs no SDK) maps by its kind to 400/403/404/409/500; a 4xx a Koa part threw becomes
 * `bad_request`; anything else is a 500 whose details go to the server's log only.
 */
import type { Next, ParameterizedContext as Context } from 'koa';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Headers sent with the error answer (e.g. Retry-After). */
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

/** HTTP status of each business error kind (the SDK's ErrorKind). */
export const STATUS_BY_KIND: Readonly<Record<string, number>> = {
  invalid_input: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  failure: 500,
};

interface CodedError extends Error {
  kind: string;
  code: string;
}

function isCodedError(error: unknown): error is CodedError {
  const e = error as { kind?: unknown; code?: unknown } | null;
  return error instanceof Error && typeof e?.kind === 'string' && typeof e.code === 'string';
}

export interface ErrorMiddlewareOptions {
  /** Told of every failure answered with a 5xx: the place for the log line (the answer says only `internalMessage`). */
  onServerError(ctx: Context, error: unknown, status: number): void;
  /** The message of a 500 for an unexpected error, e.g. "Internal error; the service log has the details". */
  internalMessage: string;
}

export function errorMiddleware(options: ErrorMiddlewareOptions) {
  return async (ctx: Context, next: Next): Promise<void> => {
    try {
      await next();
    } catch (error) {
      if (error instanceof HttpError) {
        for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
        if (error.status >= 500) options.onServerError(ctx, error, error.status);
        return sendError(ctx, error.status, error.code, error.message);
      }
      if (isCodedError(error)) {
        const status = STATUS_BY_KIND[error.kind] ?? 500;
        if (status >= 500) options.onServerError(ctx, error, status);
        return sendError(ctx, status, error.code, error.message);
      }
      const status = (error as { status?: unknown } | null)?.status;
      if (typeof status === 'number' && status >= 400 && status < 500)
        return sendError(ctx, status, 'bad_request', (error as Error).message);
      options.onServerError(ctx, error, 500);
      sendError(ctx, 500, 'internal_error', options.internalMessage);
    }
  };
}

/** What no route answered: a JSON 405 when the path exists for other methods, else a JSON 404 (an answered OPTIONS passes). */
export function jsonNotFound() {
  return async (ctx: Context, next: Next): Promise<void> => {
    await next();
    if (ctx.body !== undefined && ctx.body !== null) return;
    if (ctx.status === 405)
      return sendError(ctx, 405, 'method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}`);
    if (ctx.method === 'OPTIONS' && ctx.status === 200) return;
    sendError(ctx, 404, 'not_found', `No route ${ctx.method} ${ctx.path}`);
  };
}
