/** The HTTP client plugins use: fetch with a timeout and the stage's abort signal. */
import type { HttpClient, HttpRequestOptions, HttpResponse } from '@spindle/plugin-sdk';

export function createHttpClient(signal: AbortSignal, userAgent: string): HttpClient {
  return {
    async request(url: string, options: HttpRequestOptions = {}): Promise<HttpResponse> {
      const signals = [signal];
      if (options.timeoutMs) signals.push(AbortSignal.timeout(options.timeoutMs));
      const response = await fetch(url, {
        method: options.method ?? 'GET',
        headers: { 'User-Agent': userAgent, ...options.headers },
        body: options.body as RequestInit['body'],
        signal: AbortSignal.any(signals),
      });
      const headers: Record<string, string> = {};
      response.headers.forEach((value, key) => {
        headers[key] = value;
      });
      return {
        status: response.status,
        headers,
        text: () => response.text(),
        json: () => response.json() as Promise<unknown>,
        bytes: async () => new Uint8Array(await response.arrayBuffer()),
      };
    },
  };
}
