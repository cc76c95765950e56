import { SpindleError } from '@spindle/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { backoffMs, withRetries } from '../../src/notifications/delivery-retry.ts';
import { buildJobNotification } from '../../src/notifications/notification-builder.ts';
import type { JobRecord, TitleRecord } from '../../src/persistence/records.ts';

const policy = { attempts: 4, baseDelayMs: 5, maxDelayMs: 20 };
const retryable = () => new SpindleError('service_unavailable', 'HTTP 503', { retryable: true });

describe('delivery retries', () => {
  it('retries retryable errors with growing, capped delays, at most the policy’s attempts', async () => {
    const delays: number[] = [];
    let calls = 0;
    const outcome = await withRetries(
      async () => {
        calls++;
        throw retryable();
      },
      policy,
      new AbortController().signal,
      (_e, _n, d) => delays.push(d),
    );
    expect(outcome).toMatchObject({ ok: false, attempts: 4 });
    expect(calls).toBe(4);
    expect(delays.map((d) => Math.round(d / 5))).toEqual([1, 2, 4]); // 5, 10, 20 ms ± 10 %
  });

  it('stops at the first success, and does not retry a refusal', async () => {
    let calls = 0;
    expect(
      await withRetries(
        async () => {
          if (++calls < 3) throw retryable();
        },
        policy,
        new AbortController().signal,
      ),
    ).toMatchObject({ ok: true, attempts: 3 });
    calls = 0;
    const refused = await withRetries(
      async () => {
        calls++;
        throw new SpindleError('service_refused', 'HTTP 401');
      },
      policy,
      new AbortController().signal,
    );
    expect([refused.ok, refused.attempts, calls]).toEqual([false, 1, 1]);
  });

  it('gives up waiting when the service stops', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = withRetries(
      async () => {
        throw retryable();
      },
      { attempts: 5, baseDelayMs: 10_000, maxDelayMs: 10_000 },
      controller.signal,
    );
    setTimeout(() => controller.abort(), 20);
    expect((await pending).error).toMatchObject({ code: 'aborted' });
    expect(Date.now() - started).toBeLessThan(5000); // well before the 10 s backoff, with room for a busy machine
  });

  it('caps the delay and keeps the jitter within ±10 %', () => {
    expect(backoffMs({ attempts: 9, baseDelayMs: 1000, maxDelayMs: 30_000 }, 10, () => 1)).toBe(33_000);
    expect(backoffMs({ attempts: 9, baseDelayMs: 1000, maxDelayMs: 30_000 }, 0, () => 0)).toBe(900);
  });
});

describe('job notifications', () => {
  const job = {
    id: 7,
    state: 'failed',
    contentType: 'tv',
    volumeLabel: 'SHOW_S1_D1',
    catalogTitle: null,
    detectedTitle: 'Show',
    detectedSeason: 1,
    errorMessage: 'ripper_key ABCD-1234 rejected',
    reviewReason: null,
    libraryPath: null,
  } as unknown as JobRecord;
  const title = (state: string, selected = true) =>
    ({ state, selected, organizedPath: null }) as unknown as TitleRecord;

  it('counts the selected titles by outcome and passes every text through the redactor', () => {
    const n = buildJobNotification(
      'job_failed',
      job,
      [title('completed'), title('failed'), title('review'), title('pending', false)],
      (t) => t.replace('ABCD-1234', '***'),
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(n).toMatchObject({
      event: 'job_failed',
      jobId: 7,
      title: 'Show',
      season: 1,
      counts: { titles: 3, completed: 1, failed: 1, review: 1 },
      reason: 'ripper_key *** rejected',
      summary: 'Job 7 failed: Show, season 1',
      at: '2026-01-01T00:00:00.000Z',
    });
  });
});
