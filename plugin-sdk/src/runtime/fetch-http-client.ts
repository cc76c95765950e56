/** A real HttpClient on the global fetch, cancelled by the stage's abort signal or a timeout. */
import type { HttpClient, HttpRequestOptions, HttpResponse } from '../context.ts';
import { AbortedError, SpindleError } from '../errors.ts';

export function createFetchHttpClient(signal: AbortSignal): HttpClient {
  return {
    async request(url: string, options: HttpRequestOptions = {}): Promise<HttpResponse> {
      const signals = [signal];
      if (options.timeoutMs !== undefined) signals.push(AbortSignal.timeout(options.timeoutMs));
      if (options.signal !== undefined) signals.push(options.signal);
      const aborted = options.signal === undefined ? signal : AbortSignal.any([signal, options.signal]);
      let response: Response;
      let bytes: Promise<Uint8Array> | undefined;
      try {
        response = await fetch(url, {
          method: options.method ?? 'GET',
          headers: options.headers,
          body: options.body as RequestInit['body'],
          signal: AbortSignal.any(signals),
        });
      } catch (error) {
        throw toHttpError(url, error, aborted);
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
  const message = error instanceof Error ? error.message : String(error);
  return new SpindleError('http_request_failed', `Request to ${url} failed: ${message}`, { retryable: true, cause: error });
}
