/**
 * One HTTP exchange with OpenSubtitles: the request cancelled by the caller's signal, HTTP 429
 * answered by waiting for its Retry-After (bounded, abortable) and trying again, network failures
 * turned into retryable SubtitleErrors. Status codes other than 429 are the caller's to read.
 */
import {
  errorMessage,
  sleep as abortableSleep,
  SpindleError,
  SubtitleError,
  throwIfAborted,
  untilAborted,
  type HttpClient,
  type HttpRequestOptions,
  type Logger,
} from '@spindle/plugin-sdk';

export interface ExchangeDeps {
  http: HttpClient;
  logger: Logger;
  timeoutMs: number;
  maxRetries: number;
  maxRetryWaitSeconds: number;
  /** Waits `ms`, rejecting with an AbortedError when the signal fires (tests may replace it). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  bytes: Uint8Array;
  /** The body decoded as UTF-8. */
  text: string;
}

/** Seconds to wait from a Retry-After header (delta-seconds or HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(header: string | undefined, now: number = Date.now()): number | null {
  if (header === undefined || header.trim() === '') return null;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, (at - now) / 1000);
}

/** Where a request went, for messages and logs: origin and path, never the query's values of other hosts. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return 'an invalid URL';
  }
}

export async function exchange(
  deps: ExchangeDeps,
  url: string,
  init: HttpRequestOptions,
  signal: AbortSignal,
): Promise<Answer> {
  const sleep = deps.sleep ?? abortableSleep;
  for (let attempt = 0; ; attempt++) {
    throwIfAborted(signal);
    let answer: Answer;
    try {
      const response = await untilAborted(
        deps.http.request(url, { ...init, timeoutMs: deps.timeoutMs, signal }),
        signal,
      );
      const bytes = await untilAborted(response.bytes(), signal);
      answer = { status: response.status, headers: response.headers, bytes, text: new TextDecoder().decode(bytes) };
    } catch (error) {
      throwIfAborted(signal);
      if (SpindleError.is(error) && error.code === 'aborted') throw error;
      const message = errorMessage(error);
      throw new SubtitleError('subtitle_service_unreachable', `OpenSubtitles could not be reached (${message})`, {
        retryable: true,
        cause: error,
      });
    }
    if (answer.status !== 429) return answer;
    const waitSeconds =
      retryAfterSeconds(answer.headers['retry-after']) ?? Math.min(2 ** attempt, deps.maxRetryWaitSeconds);
    if (attempt >= deps.maxRetries || waitSeconds > deps.maxRetryWaitSeconds) {
      throw new SubtitleError(
        'subtitle_rate_limited',
        `OpenSubtitles is limiting requests (HTTP 429; retry after ${Math.ceil(waitSeconds)} s); try again later`,
        { retryable: true, details: { retryAfterSeconds: waitSeconds } },
      );
    }
    deps.logger.info('OpenSubtitles rate limit: waiting before retrying', {
      url: describeUrl(url),
      seconds: waitSeconds,
      attempt: attempt + 1,
    });
    await sleep(waitSeconds * 1000, signal);
  }
}
