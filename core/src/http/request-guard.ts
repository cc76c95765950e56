/**
 * The shared request guard: runs before every route, the static UI and the WebSocket upgrade, so
 * no page from another origin can change state or read the API through DNS rebinding.
 * - `Host` must be allowed (HostAllowlist; the refusal names ALLOWED_HOSTS).
 * - A request with a body must be `Content-Type: application/json` (parameters allowed).
 * - A state-changing request (POST, PUT, PATCH, DELETE) must carry that type or the client
 *   header `X-Spindle-Client`: neither is possible in a CORS "simple request", so a foreign page
 *   always needs a preflight, and preflights are refused (no CORS header is ever granted).
 * - A state-changing request or WebSocket upgrade with a foreign `Origin` is refused.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { isJsonContentType } from '@spindle/http-kit';
import type { Next, ParameterizedContext as Context } from 'koa';
import { sendError } from './error-middleware.ts';
import { hostNameOf, type HostAllowlist } from './host-allowlist.ts';

/** The header the UI, the CLI and the test clients send with every request. */
export const CLIENT_HEADER = 'X-Spindle-Client';
const CLIENT_HEADER_KEY = CLIENT_HEADER.toLowerCase();
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface Refusal {
  status: number;
  code: string;
  message: string;
}

export interface GuardPolicy {
  hosts: HostAllowlist;
  /** Names from ALLOWED_HOSTS: an Origin naming one is ours even when a proxy rewrote Host. */
  allowedOriginHosts: readonly string[];
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** An Origin header that is not this service as the client reached it. */
export function isForeignOrigin(
  origin: string | undefined,
  hostHeader: string | undefined,
  policy: GuardPolicy,
): boolean {
  if (origin === undefined) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return true; // "null" (sandboxed frames, file: pages) and anything unreadable
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return true;
  if (hostHeader !== undefined && url.host === hostHeader.trim().toLowerCase()) return false;
  const name = hostNameOf(url.host);
  return !(name !== null && policy.allowedOriginHosts.includes(name));
}

function hostRefusal(headers: IncomingHttpHeaders, policy: GuardPolicy): Refusal | null {
  const host = header(headers, 'host');
  if (policy.hosts.allows(host)) return null;
  return {
    status: 403,
    code: 'host_not_allowed',
    message: `Spindle does not answer requests for host "${hostNameOf(host) ?? host ?? ''}". If this is how you reach it, add the name to the ALLOWED_HOSTS server setting (environment or .env) and restart.`,
  };
}

function originRefusal(headers: IncomingHttpHeaders, policy: GuardPolicy): Refusal | null {
  if (!isForeignOrigin(header(headers, 'origin'), header(headers, 'host'), policy)) return null;
  return {
    status: 403,
    code: 'foreign_origin',
    message: 'Requests from another web page (a foreign Origin) may not change anything in Spindle',
  };
}

export interface GuardedRequest {
  method: string;
  headers: IncomingHttpHeaders;
}

function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = header(headers, 'content-length');
  return header(headers, 'transfer-encoding') !== undefined || (length !== undefined && length.trim() !== '0');
}

/** The first rule the request breaks, or null when it may go on. */
export function checkRequest(request: GuardedRequest, policy: GuardPolicy): Refusal | null {
  const { headers } = request;
  const method = request.method.toUpperCase();
  const refused = hostRefusal(headers, policy);
  if (refused) return refused;
  if (method === 'OPTIONS' && header(headers, 'access-control-request-method') !== undefined) {
    return { status: 403, code: 'cross_origin_refused', message: 'Spindle does not answer cross-origin requests' };
  }
  const json = isJsonContentType(header(headers, 'content-type'));
  if (hasBody(headers) && !json) {
    return {
      status: 415,
      code: 'unsupported_content_type',
      message: 'Request bodies must be JSON sent as Content-Type: application/json',
    };
  }
  if (!MUTATING.has(method)) return null;
  const origin = originRefusal(headers, policy);
  if (origin) return origin;
  if (!json && !header(headers, CLIENT_HEADER_KEY)) {
    return {
      status: 403,
      code: 'client_header_required',
      message: `Requests that change something must send Content-Type: application/json or the ${CLIENT_HEADER} header`,
    };
  }
  return null;
}

/** The WebSocket upgrade: the same Host rule, and an Origin only from this service. */
export function checkUpgrade(headers: IncomingHttpHeaders, policy: GuardPolicy): Refusal | null {
  return hostRefusal(headers, policy) ?? originRefusal(headers, policy);
}

/** Koa middleware applying checkRequest; refusals leave as the one error body. */
export function requestGuard(policy: GuardPolicy) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const refused = checkRequest({ method: ctx.method, headers: ctx.req.headers }, policy);
    if (refused) {
      // A body the guard refused is never read: the connection cannot be reused.
      if (hasBody(ctx.req.headers)) ctx.set('Connection', 'close');
      return sendError(ctx, refused.status, refused.code, refused.message);
    }
    await next();
  };
}
