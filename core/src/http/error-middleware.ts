/**
 * The API's error contract, from the shared HTTP kit (core/http-kit): every failure leaves as
 * `{"error":{"code","message"}}`; business errors (SpindleError) map to 400/403/404/409 by their
 * kind; anything unexpected is a 500 whose details go to the service log only.
 */
import { errorMiddleware as kitErrorMiddleware } from '@spindle/http-kit';
import { SpindleError, type Logger } from '@spindle/plugin-sdk';

export { HttpError, sendError } from '@spindle/http-kit';

export function errorMiddleware(logger: Logger) {
  return kitErrorMiddleware({
    internalMessage: 'Internal error; the service log has the details',
    onServerError: (ctx, error) => {
      if (SpindleError.is(error))
        logger.error(`${ctx.method} ${ctx.path} failed: ${error.message}`, { code: error.code });
      else
        logger.error(`${ctx.method} ${ctx.path} crashed`, {
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
    },
  });
}
