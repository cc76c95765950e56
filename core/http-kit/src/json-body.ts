/**
 * Reads a JSON request body under a size limit: 413 `body_too_large` when the declared
 * Content-Length or the bytes read pass the limit (the rest is never read, so the connection is
 * closed), 415 when the body is not sent as `application/json` (where the server asks for that),
 * 400 `invalid_json` when it does not parse. An empty body is `undefined`.
 */
import type { ParameterizedContext as Context } from 'koa';
import { HttpError } from './error-body.ts';

/** The body limit unless a server or route sets its own: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface JsonBodyOptions {
  /** Largest body accepted, bytes (default MAX_BODY_BYTES). */
  maxBytes?: number;
  /** Refuse a non-empty body whose Content-Type is not application/json with 415 (default true). */
  requireJsonType?: boolean;
}

/** True for `application/json`, with or without parameters (`; charset=utf-8`), in any case. */
export function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  return value.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

function tooLarge(ctx: Context, maxBytes: number): HttpError {
  ctx.set('Connection', 'close'); // the rest of the body is never read: this connection cannot be reused
  return new HttpError(413, 'body_too_large', `The request body is larger than ${maxBytes} bytes`);
}

export async function readJsonBody(ctx: Context, options: JsonBodyOptions = {}): Promise<unknown> {
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  if (Number(ctx.get('content-length') || 0) > maxBytes) throw tooLarge(ctx, maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge(ctx, maxBytes);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  if ((options.requireJsonType ?? true) && !isJsonContentType(ctx.get('content-type'))) {
    throw new HttpError(
      415,
      'unsupported_content_type',
      'Request bodies must be JSON sent as Content-Type: application/json',
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON');
  }
}
