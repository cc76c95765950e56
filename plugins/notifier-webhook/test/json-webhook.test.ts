/**
 * The JSON webhook notifier against a local HTTP server that records what it receives: the flat
 * JSON payload, no credential or full path in it (unless include_paths), coded errors that are
 * retryable on 5xx and network errors but not on 4xx, never the URL's token in an error message,
 * and only the chosen events.
 */
import { describe, expect, it } from 'vitest';
import { jobCompleted, notification, notifier, send, TOKEN, useRecordingServer } from './support/notifier-fixtures.ts';

const server = useRecordingServer();

describe('JSON webhook', () => {
  it('POSTs the job as flat JSON with the Authorization header, file paths shortened to names', async () => {
    const n = await notifier('webhook', {
      webhook_url: `${server().url}/hooks/${TOKEN}`,
      webhook_authorization: `Bearer ${TOKEN}`,
    });
    await send(n);
    const [request] = server().requests;
    expect(request).toMatchObject({ method: 'POST', url: `/hooks/${TOKEN}` });
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request!.json()).toEqual({
      event: 'review_needed',
      at: '2026-01-02T03:04:05.000Z',
      summary: 'Job 12 needs review: My Show, season 1',
      job: {
        id: 12,
        state: 'review_needed',
        label: 'MY_SHOW_S1_D1',
        content_type: 'tv',
        title: 'My Show',
        season: 1,
        titles: { total: 3, completed: 0, failed: 0, review: 2 },
      },
      reason: '2 title(s) could not be matched; title_t01.mkv is damaged',
    });
    expect(request!.body).not.toContain(TOKEN);
    expect(request!.body).not.toContain('/srv/');
  });

  it('includes full paths only when include_paths is on', async () => {
    const n = await notifier('webhook', { webhook_url: `${server().url}/hook`, include_paths: true });
    await send(n, jobCompleted(1));
    const body = server().requests[0]!.json() as { paths: unknown; reason: unknown };
    expect(body.paths).toEqual({
      library: '/srv/media/TV/My Show',
      files: ['/srv/media/TV/My Show/Season 01/My Show - S01E01.mkv'],
    });
  });

  it('fails retryably on 5xx and network errors, finally on 4xx, naming only the host', async () => {
    const n = await notifier('webhook', { webhook_url: `${server().url}/hooks/${TOKEN}` });
    server().replySequence([503]);
    const unavailable = await send(n).catch((e: unknown) => e);
    expect(unavailable).toMatchObject({
      code: 'service_unavailable',
      retryable: true,
      message: `Webhook at ${new URL(server().url).host} answered HTTP 503`,
    });
    server().replySequence([404]);
    expect(await send(n).catch((e: unknown) => e)).toMatchObject({ code: 'service_refused', retryable: false });
    const down = await notifier('webhook', { webhook_url: `http://127.0.0.1:9/hooks/${TOKEN}`, timeout_seconds: 2 });
    const unreachable = await send(down).catch((e: unknown) => e);
    expect(unreachable).toMatchObject({ code: 'service_unreachable', retryable: true });
    for (const error of [unavailable, unreachable]) expect((error as Error).message).not.toContain(TOKEN);
  });

  it('is off without a URL, sends only the chosen events, and always sends a test', async () => {
    const off = await notifier('webhook', {});
    expect(off.status()).toEqual({ configured: false, target: null });
    const onlyFailures = await notifier('webhook', {
      webhook_url: `${server().url}/hooks/${TOKEN}`,
      events: ['job_failed'],
    });
    expect(onlyFailures.status()).toEqual({ configured: true, target: new URL(server().url).host });
    await send(onlyFailures, notification({ event: 'job_completed' }));
    expect(server().requests).toHaveLength(0);
    await send(onlyFailures, notification({ event: 'test', jobId: null }));
    await send(onlyFailures, notification({ event: 'job_failed', reason: 'ffprobe could not read title_t00.mkv' }));
    expect(server().requests.map((r) => (r.json() as { event: string }).event)).toEqual(['test', 'job_failed']);
  });
});
