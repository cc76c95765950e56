/**
 * Reads a JSON request body with a size limit. Only `Content-Type: application/json` is read
 * (the request guard refuses anything else before a route runs; this is the second check);
 * malformed JSON is a 400, not a crash.
 */
import type { ParameterizedContext as Context } from 'koa';
import { HttpError } from './error-middleware.ts';
import { isJsonContentType } from './request-guard.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export async function readJsonBody(ctx: Context, limit = MAX_BODY_BYTES): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > limit) {
      ctx.set('Connection', 'close'); // the rest of the body is never read: this connection cannot be reused
      throw new HttpError(413, 'payload_too_large', `Request body is larger than ${limit} bytes`);
    }
    chunks.push(buf);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  if (!isJsonContentType(ctx.get('content-type'))) {
    throw new HttpError(415, 'unsupported_content_type', 'Request bodies must be JSON sent as Content-Type: application/json');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'invalid_json', 'Request body is not valid JSON');
  }
}
