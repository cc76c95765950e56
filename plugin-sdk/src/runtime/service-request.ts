/**
 * One HTTP call to a user's service (a webhook, ntfy, a media server) whose URL may hold a token.
 * The HTTP client's own errors name the full URL; these name only the service and its host, so
 * they are safe in logs, on a job's timeline and in notifications. Network errors, HTTP 5xx and
 * 429 are `retryable`; other 4xx are not. An abort stays an AbortedError; an address the host
 * refuses to connect to (`outbound_address_refused`) is said as such, never retried.
 */
import type { HttpClient, HttpRequestOptions, HttpResponse } from '../context.ts';
import { SpindleError } from '../errors.ts';

export interface ServiceRequestOptions extends HttpRequestOptions {
  /** The service's name for messages, e.g. "Jellyfin". */
  service: string;
  /** Added to the message of a 401/403 answer, e.g. "check the API key". */
  authHint?: string;
}

/** The host (and port) of an http(s) URL, or null when it is not one. Never the path or query, where tokens live. */
export function serviceHost(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.host : null;
  } catch {
    return null;
  }
}

/** The most specific reason in an error's cause chain (`ECONNREFUSED`, `ENOTFOUND`, "timed out"). */
function networkReason(error: unknown): string {
  if (SpindleError.is(error) && error.code === 'http_timed_out') return 'timed out';
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
  }
  return 'network error';
}

export async function requestService(
  http: HttpClient,
  url: string,
  options: ServiceRequestOptions,
): Promise<HttpResponse> {
  const { service, authHint, ...request } = options;
  const host = serviceHost(url);
  if (!host)
    throw new SpindleError('service_url_invalid', `${service}: the configured URL is not a valid http(s) URL`, {
      category: 'configuration',
    });
  let response: HttpResponse;
  try {
    response = await http.request(url, request);
  } catch (error) {
    if (SpindleError.is(error) && error.code === 'aborted') throw error;
    // The host's outgoing-address rule (link-local, cloud metadata): its message names only the host.
    if (SpindleError.is(error) && error.code === 'outbound_address_refused') {
      throw new SpindleError('outbound_address_refused', `${service} at ${host}: ${error.message}`, {
        category: 'configuration',
      });
    }
    throw new SpindleError(
      'service_unreachable',
      `${service} at ${host} could not be reached (${networkReason(error)})`,
      { retryable: true },
    );
  }
  const { status } = response;
  if (status >= 400) await response.bytes().catch(() => undefined); // release the connection
  if (status >= 500 || status === 429) {
    throw new SpindleError('service_unavailable', `${service} at ${host} answered HTTP ${status}`, {
      retryable: true,
      details: { status },
    });
  }
  if (status >= 400) {
    const hint = (status === 401 || status === 403) && authHint ? ` (${authHint})` : '';
    throw new SpindleError('service_refused', `${service} at ${host} refused the request: HTTP ${status}${hint}`, {
      details: { status },
    });
  }
  return response;
}
