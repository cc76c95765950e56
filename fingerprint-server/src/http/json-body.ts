/** Reads a JSON request body with a size limit (413 above it, 400 when it is not JSON). */
import type { ParameterizedContext as Context } from 'koa';
import { ApiError } from './api-error.ts';

export async function readJsonBody(ctx: Context, maxBytes: number): Promise<unknown> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > maxBytes) throw new ApiError(413, 'body_too_large', `The request body is larger than ${maxBytes} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new ApiError(413, 'body_too_large', `The request body is larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  if (size === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON');
  }
}
