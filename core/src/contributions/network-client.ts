/**
 * HTTP calls to the fingerprint network at FINGERPRINT_SERVER_URL. Sends JSON bodies only — no
 * cookies, no identity; the User-Agent names Spindle and its version only.
 *
 * The spec leaves the bodies of the contribute answers open, so the client works with any
 * conforming network and classifies answers by status alone:
 * - any 2xx: the network has the contribution (accepted). The body is optional and read only for
 *   information — a duplicate or a flagged contribution — never required;
 * - 429: rate limited, pause for Retry-After (clamped to RETRY_AFTER_BOUNDS_MS);
 * - 408, 5xx, a network error or a timeout: worth retrying;
 * - any other 4xx: refused for good, with the network's reason;
 * - anything else (1xx/3xx; redirects are not followed): worth retrying.
 */
import type { IdentifyCandidate } from '@spindle/plugin-sdk';
import { checkOutboundUrl, type OutboundPolicy } from '../net/outbound-guard.ts';

export type SendOutcome =
  | { kind: 'accepted'; status: number; duplicate: boolean; flagged: boolean }
  | { kind: 'rejected'; status: number; message: string }
  | { kind: 'rate_limited'; retryAfterMs: number }
  | { kind: 'retry'; message: string; retryAfterMs: number | null };

/** A Retry-After is honoured within these bounds: never a tight loop, never an overflowing timer. */
export const RETRY_AFTER_BOUNDS_MS = { min: 1_000, max: 3_600_000 } as const;
/** The pause after a 429 whose Retry-After is absent or unreadable. */
export const DEFAULT_RATE_LIMIT_WAIT_MS = 60_000;
/** An informational answer body is read up to this size; the rest is ignored. */
const MAX_INFO_BODY_BYTES = 64 * 1024;

export function clampRetryAfterMs(ms: number): number {
  if (!Number.isFinite(ms)) return RETRY_AFTER_BOUNDS_MS.max;
  return Math.min(RETRY_AFTER_BOUNDS_MS.max, Math.max(RETRY_AFTER_BOUNDS_MS.min, Math.ceil(ms)));
}

/**
 * Retry-After as delta-seconds or an HTTP date, clamped to RETRY_AFTER_BOUNDS_MS; null when absent
 * or unreadable (negative, fractional, garbage). A date in the past means "now", i.e. the minimum.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d{1,30}$/.test(text)) return clampRetryAfterMs(Number(text) * 1000);
  if (!/[a-z]/i.test(text)) return null; // "-5", "1.5", "0x10": not a valid Retry-After
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : clampRetryAfterMs(at - now);
}

/** Reads at most `limit` bytes of a body as text, cancelling the rest; '' when it cannot be read. */
async function readSome(res: Response, limit: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    return '';
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

async function readJsonInfo(res: Response): Promise<Record<string, unknown> | null> {
  const text = await readSome(res, MAX_INFO_BODY_BYTES);
  try {
    const body = JSON.parse(text) as unknown;
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

async function errorMessage(res: Response): Promise<string> {
  const text = await readSome(res, MAX_INFO_BODY_BYTES);
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string } };
    if (body.error?.message) return `${res.status} ${body.error.code ?? ''}: ${body.error.message}`.replace(' :', ':');
  } catch {
    // not JSON
  }
  return `HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
}

/** What an accepting body says, when it says anything: a duplicate, or a contribution set aside for review. */
function acceptedInfo(status: number, body: Record<string, unknown> | null): { duplicate: boolean; flagged: boolean } {
  const word = typeof body?.status === 'string' ? body.status.toLowerCase() : '';
  const duplicate = word === 'duplicate' || body?.duplicate === true;
  const check = typeof body?.poison_check === 'string' ? body.poison_check.toLowerCase() : '';
  const flagged =
    word === 'flagged' || word === 'screened' || body?.flagged === true || (check !== '' && check !== 'pass');
  return { duplicate, flagged };
}

export class FingerprintNetworkClient {
  constructor(
    readonly baseUrl: string,
    private readonly userAgent: string,
    private readonly timeoutMs = 15_000,
    /** The outgoing-address rule (link-local and cloud metadata addresses are refused by default). */
    private readonly outbound: OutboundPolicy = { allowLinkLocal: false },
  ) {}

  private async call(method: string, path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
    await checkOutboundUrl(new URL(this.baseUrl + path), this.outbound);
    const timeout = AbortSignal.timeout(this.timeoutMs);
    return await fetch(this.baseUrl + path, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': this.userAgent },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      redirect: 'error',
    });
  }

  async send(
    path: '/v1/contribute' | '/v1/contribute-disc',
    payload: unknown,
    signal?: AbortSignal,
  ): Promise<SendOutcome> {
    let res: Response;
    try {
      res = await this.call('POST', path, payload, signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      return {
        kind: 'retry',
        message: `cannot reach the fingerprint network: ${error instanceof Error ? error.message : String(error)}`,
        retryAfterMs: null,
      };
    }
    if (res.status >= 200 && res.status < 300) {
      return { kind: 'accepted', status: res.status, ...acceptedInfo(res.status, await readJsonInfo(res)) };
    }
    const retryAfter = parseRetryAfter(res.headers.get('retry-after'));
    if (res.status === 429) {
      await res.body?.cancel().catch(() => undefined);
      return { kind: 'rate_limited', retryAfterMs: retryAfter ?? DEFAULT_RATE_LIMIT_WAIT_MS };
    }
    const message = await errorMessage(res);
    if (res.status >= 400 && res.status < 500 && res.status !== 408)
      return { kind: 'rejected', status: res.status, message };
    return { kind: 'retry', message, retryAfterMs: retryAfter };
  }

  /**
   * POST /v1/forget; any 2xx confirms it. `canonical_unaffected` is the network's own word when its
   * body carries it, else true (the spec: forgetting never rebuilds canonical fingerprints).
   * Throws with the reason when the network did not confirm.
   */
  async forget(pseudonym: string): Promise<{ canonical_unaffected: boolean }> {
    let res: Response;
    try {
      res = await this.call('POST', '/v1/forget', { pseudonym });
    } catch (error) {
      throw new Error(
        `cannot reach the fingerprint network: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (res.status < 200 || res.status >= 300) throw new Error(await errorMessage(res));
    const body = await readJsonInfo(res);
    return { canonical_unaffected: typeof body?.canonical_unaffected === 'boolean' ? body.canonical_unaffected : true };
  }

  /** GET /v1/identify with only the compressed fingerprint. */
  async identify(fingerprintB64: string, signal?: AbortSignal): Promise<IdentifyCandidate[]> {
    const res = await this.call(
      'GET',
      `/v1/identify?fingerprint=${encodeURIComponent(fingerprintB64)}`,
      undefined,
      signal,
    );
    if (res.status !== 200) throw new Error(`identify failed: ${await errorMessage(res)}`);
    const body = (await res.json()) as { candidates?: IdentifyCandidate[] };
    return Array.isArray(body.candidates) ? body.candidates : [];
  }
}
