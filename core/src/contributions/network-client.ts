/**
 * HTTP calls to the fingerprint network at FINGERPRINT_SERVER_URL. Sends JSON bodies only — no
 * cookies, no identity; the User-Agent names Spindle and its version only. Classifies answers for
 * the uploader: accepted (also an exact duplicate: the network already has it), rejected for good
 * (4xx: the payload itself is wrong), rate limited (429 + Retry-After), or worth retrying
 * (network error, timeout, 5xx).
 */
import type { IdentifyCandidate } from '@spindle/plugin-sdk';
import { checkOutboundUrl, type OutboundPolicy } from '../net/outbound-guard.ts';

export type SendOutcome =
  | { kind: 'accepted'; duplicate: boolean }
  | { kind: 'rejected'; status: number; message: string }
  | { kind: 'rate_limited'; retryAfterMs: number }
  | { kind: 'retry'; message: string; retryAfterMs: number | null };

const DEFAULT_RATE_LIMIT_WAIT_MS = 60_000;

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

async function errorMessage(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string } };
    if (body.error?.message) return `${res.status} ${body.error.code ?? ''}: ${body.error.message}`.replace(' :', ':');
  } catch {
    // not JSON
  }
  return `HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
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

  async send(path: '/v1/contribute' | '/v1/contribute-disc', payload: unknown, signal?: AbortSignal): Promise<SendOutcome> {
    let res: Response;
    try {
      res = await this.call('POST', path, payload, signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      return { kind: 'retry', message: `cannot reach the fingerprint network: ${error instanceof Error ? error.message : String(error)}`, retryAfterMs: null };
    }
    if (res.status === 200 || res.status === 201) {
      // Only the network's own acknowledgement counts: anything else (a proxy's page, a wrong URL)
      // must not delete the contribution from the queue.
      const body = (await res.json().catch(() => ({}))) as { status?: string };
      if (body.status === 'accepted' || body.status === 'duplicate') return { kind: 'accepted', duplicate: body.status === 'duplicate' };
      return { kind: 'retry', message: `unexpected answer from ${this.baseUrl} (HTTP ${res.status} without a contribution status)`, retryAfterMs: null };
    }
    if (res.status === 429) {
      await res.body?.cancel();
      return { kind: 'rate_limited', retryAfterMs: parseRetryAfter(res.headers.get('retry-after')) ?? DEFAULT_RATE_LIMIT_WAIT_MS };
    }
    const message = await errorMessage(res);
    if (res.status >= 500 || res.status === 408) return { kind: 'retry', message, retryAfterMs: parseRetryAfter(res.headers.get('retry-after')) };
    return { kind: 'rejected', status: res.status, message };
  }

  /** POST /v1/forget; throws with the reason when the network did not confirm it. */
  async forget(pseudonym: string): Promise<{ canonical_unaffected: boolean }> {
    let res: Response;
    try {
      res = await this.call('POST', '/v1/forget', { pseudonym });
    } catch (error) {
      throw new Error(`cannot reach the fingerprint network: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (res.status !== 200) throw new Error(await errorMessage(res));
    const body = (await res.json().catch(() => null)) as { canonical_unaffected?: unknown } | null;
    if (body?.canonical_unaffected !== true) throw new Error('the network answered without confirming the forget request');
    return { canonical_unaffected: true };
  }

  /** GET /v1/identify with only the compressed fingerprint. */
  async identify(fingerprintB64: string, signal?: AbortSignal): Promise<IdentifyCandidate[]> {
    const res = await this.call('GET', `/v1/identify?fingerprint=${encodeURIComponent(fingerprintB64)}`, undefined, signal);
    if (res.status !== 200) throw new Error(`identify failed: ${await errorMessage(res)}`);
    const body = (await res.json()) as { candidates?: IdentifyCandidate[] };
    return Array.isArray(body.candidates) ? body.candidates : [];
  }
}
