/**
 * A real HttpClient on the global fetch, cancelled by the stage's abort signal or a timeout.
 *
 * With `checkUrl` (the core passes its outgoing-address rule), every URL the request reaches is
 * checked before it is connected to: the first one and each redirect target, which this client
 * then follows itself (at most MAX_REDIRECTS; credentials are not carried to another origin).
 */
import type { HttpClient, HttpRequestOptions, HttpResponse } from '../context.ts';
import { AbortedError, errorMessage, SpindleError } from '../errors.ts';

export interface FetchHttpClientOptions {
  /** Rejects (with a SpindleError saying why) when Spindle may not connect to this URL. */
  checkUrl?: (url: URL) => Promise<void>;
}

export const MAX_REDIRECTS = 10;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);

export function createFetchHttpClient(signal: AbortSignal, clientOptions: FetchHttpClientOptions = {}): HttpClient {
  const { checkUrl } = clientOptions;
  return {
    async request(url: string, options: HttpRequestOptions = {}): Promise<HttpResponse> {
      const signals = [signal];
      if (options.timeoutMs !== undefined) signals.push(AbortSignal.timeout(options.timeoutMs));
      if (options.signal !== undefined) signals.push(options.signal);
      const aborted = options.signal === undefined ? signal : AbortSignal.any([signal, options.signal]);
      let response: Response;
      let bytes: Promise<Uint8Array> | undefined;
      let target: URL;
      try {
        target = new URL(url);
      } catch (error) {
        throw toHttpError(url, error, aborted);
      }
      let method = options.method ?? 'GET';
      let headers = options.headers;
      let body = options.body as RequestInit['body'];
      for (let hop = 0; ; hop++) {
        if (checkUrl) await checkUrl(target);
        try {
          response = await fetch(target, {
            method,
            headers,
            body,
            signal: AbortSignal.any(signals),
            redirect: checkUrl ? 'manual' : 'follow',
          });
        } catch (error) {
          throw toHttpError(url, error, aborted);
        }
        const location = response.headers.get('location');
        if (!checkUrl || !REDIRECT_STATUSES.has(response.status) || location === null) break;
        await response.body?.cancel().catch(() => undefined);
        if (hop >= MAX_REDIRECTS)
          throw new SpindleError(
            'http_too_many_redirects',
            `Request to ${url} was redirected more than ${MAX_REDIRECTS} times`,
          );
        const next = new URL(location, target);
        if (next.origin !== target.origin && headers) {
          headers = Object.fromEntries(
            Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name.toLowerCase())),
          );
        }
        if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        target = next;
      }
      const readBytes = () => {
        bytes ??= response.arrayBuffer().then(
          (buffer) => new Uint8Array(buffer),
          (error: unknown) => Promise.reject(toHttpError(url, error, aborted)),
        );
        return bytes;
      };
      return {
        status: response.status,
        headers: Object.fromEntries(response.headers),
        bytes: readBytes,
        text: async () => new TextDecoder().decode(await readBytes()),
        json: async () => {
          const text = new TextDecoder().decode(await readBytes());
          try {
            return JSON.parse(text) as unknown;
          } catch (error) {
            throw new SpindleError('http_invalid_json', `${url} did not answer with JSON`, { cause: error });
          }
        },
      };
    },
  };
}

function toHttpError(url: string, error: unknown, signal: AbortSignal): SpindleError {
  if (signal.aborted) return new AbortedError(`Request to ${url} aborted`, { cause: error });
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return new SpindleError('http_timed_out', `Request to ${url} timed out`, { retryable: true, cause: error });
  }
  const message = errorMessage(error);
  return new SpindleError('http_request_failed', `Request to ${url} failed: ${message}`, {
    retryable: true,
    cause: error,
  });
}
