/**
 * GET requests to the TMDB API: the Read Access Token as Bearer, answers cached, HTTP 429 retried
 * after its Retry-After (bounded), and every failure turned into a coded SpindleError that says
 * what happened. A 401 is reported to `onUnauthorized` so the provider can show "catalog degraded".
 */
import {
  ConfigurationError,
  errorMessage,
  IdentificationError,
  SpindleError,
  type HttpClient,
  type JsonValue,
  type Logger,
} from '@spindle/plugin-sdk';
import { credentialOf, NOT_CONFIGURED, WRONG_KIND } from './credential.ts';
import { ResponseCache } from './response-cache.ts';
import type { TmdbSettings } from './tmdb-settings.ts';

export interface TmdbClientDeps {
  http: HttpClient;
  logger: Logger;
  settings: TmdbSettings;
  cache: ResponseCache;
  /** The current `catalog_api_key` (read on every request: it may change at runtime). */
  credential: () => unknown;
  onUnauthorized: (fingerprint: string, message: string) => void;
  onAuthorized: (fingerprint: string) => void;
  sleep?: (ms: number) => Promise<void>;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds to wait from a Retry-After header (delta-seconds or HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(header: string | undefined, now: number = Date.now()): number | null {
  if (header === undefined || header.trim() === '') return null;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, (at - now) / 1000);
}

function statusMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { status_message?: unknown };
    if (typeof parsed.status_message === 'string') return parsed.status_message.slice(0, 200);
  } catch {
    // not JSON: fall through
  }
  return body.trim().slice(0, 120) || 'no details';
}

export class TmdbClient {
  constructor(private readonly deps: TmdbClientDeps) {}

  /** The parsed JSON answer for `path` (e.g. `/search/movie`), or null for HTTP 404. */
  async get(path: string, query: Record<string, string | number | null | undefined> = {}): Promise<JsonValue | null> {
    const credential = credentialOf(this.deps.credential());
    if (credential.kind === 'none') throw new ConfigurationError('catalog_not_configured', NOT_CONFIGURED);
    if (credential.kind === 'v3_key') throw new ConfigurationError('catalog_wrong_credential', WRONG_KIND);
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query).sort(([a], [b]) => a.localeCompare(b))) {
      if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
    }
    const pathAndQuery = `${path}${params.size > 0 ? `?${params}` : ''}`;
    const key = ResponseCache.keyOf(this.deps.settings.base_url, pathAndQuery);
    const cached = await this.deps.cache.get(key);
    if (cached.hit) return cached.body;
    const body = await this.fetchJson(pathAndQuery, credential.token, credential.fingerprint);
    await this.deps.cache
      .set(key, body)
      .catch((error: unknown) => this.deps.logger.warn('could not cache a TMDB answer', { error: String(error) }));
    return body;
  }

  private async fetchJson(pathAndQuery: string, token: string, fingerprint: string): Promise<JsonValue | null> {
    const { settings, http, logger } = this.deps;
    const url = `${settings.base_url}${pathAndQuery}`;
    for (let attempt = 0; ; attempt++) {
      logger.debug('TMDB request', { path: pathAndQuery, attempt });
      let response;
      try {
        response = await http.request(url, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
          timeoutMs: settings.request_timeout_seconds * 1000,
        });
      } catch (error) {
        if (SpindleError.is(error) && error.code === 'aborted') throw error;
        const message = errorMessage(error);
        throw new IdentificationError(
          'catalog_unavailable',
          `catalog lookup failed: TMDB could not be reached (${message})`,
          { retryable: true, cause: error },
        );
      }
      if (response.status === 429) {
        const wait =
          retryAfterSeconds(response.headers['retry-after']) ?? Math.min(2 ** attempt, settings.max_retry_wait_seconds);
        if (attempt >= settings.max_retries || wait > settings.max_retry_wait_seconds) {
          throw new IdentificationError(
            'catalog_rate_limited',
            `catalog lookup failed: TMDB is rate limiting requests (HTTP 429, retry after ${Math.ceil(wait)} s)`,
            { retryable: true, details: { retryAfterSeconds: wait } },
          );
        }
        logger.info('TMDB rate limit: waiting before retrying', { seconds: wait });
        await (this.deps.sleep ?? sleepFor)(wait * 1000);
        continue;
      }
      const text = await response.text().catch(() => '');
      if (response.status === 401) {
        const message = `catalog degraded: TMDB refused the Read Access Token (HTTP 401: ${statusMessage(text)}); check the token under Settings → Identification`;
        this.deps.onUnauthorized(fingerprint, message);
        throw new ConfigurationError('catalog_unauthorized', message);
      }
      if (response.status === 404) return null;
      if (response.status < 200 || response.status >= 300) {
        throw new IdentificationError(
          'catalog_unavailable',
          `catalog lookup failed: TMDB answered HTTP ${response.status} (${statusMessage(text)})`,
          {
            retryable: response.status >= 500,
          },
        );
      }
      this.deps.onAuthorized(fingerprint);
      try {
        return JSON.parse(text) as JsonValue;
      } catch (error) {
        throw new IdentificationError(
          'catalog_bad_response',
          `catalog lookup failed: TMDB answered ${pathAndQuery.split('?')[0]} with malformed JSON`,
          { cause: error },
        );
      }
    }
  }
}
