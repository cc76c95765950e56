/**
 * The Apprise API notifier against a local HTTP server that records what it receives: a stored
 * configuration (by key) or stateless URLs in the body, the type of each event, and errors that
 * are retryable on 5xx and name only the host.
 */
import { describe, expect, it } from 'vitest';
import { jobCompleted, notification, notifier, send, TOKEN, useRecordingServer } from './support/notifier-fixtures.ts';

const server = useRecordingServer();

describe('Apprise API', () => {
  it('sends to a stored configuration: POST /notify/<key> with title, body, type and tag', async () => {
    const n = await notifier('apprise', {
      apprise_url: `${server().url}/`,
      apprise_key: 'my-key',
      apprise_tag: 'phones',
      apprise_urls: `pover://user@${TOKEN}`,
    });
    expect(n.status()).toEqual({ configured: true, target: new URL(server().url).host });
    await send(n, jobCompleted(2));
    const [request] = server().requests;
    expect(request).toMatchObject({ method: 'POST', url: '/notify/my-key' });
    expect(request!.json()).toEqual({
      title: 'Spindle: job 12 completed',
      body: 'Job 12 needs review: My Show, season 1\n2 of 2 title(s) in the library',
      type: 'success',
      tag: 'phones',
    });
    expect(request!.body).not.toContain(TOKEN);
  });

  it('without a key sends the Apprise URLs in the body to /notify/ (stateless), with the type of the event', async () => {
    const n = await notifier('apprise', {
      apprise_url: server().url,
      apprise_urls: `mailto://me:${TOKEN}@example.org\n tgram://bot/chat ,`,
    });
    await send(n, notification({ event: 'review_needed' }));
    await send(n, notification({ event: 'job_failed' }));
    await send(n, notification({ event: 'test', jobId: null }));
    expect(server().requests.map((r) => r.url)).toEqual(['/notify/', '/notify/', '/notify/']);
    const bodies = server().requests.map((r) => r.json() as { urls: string; type: string; tag?: string });
    expect(bodies.map((b) => b.type)).toEqual(['warning', 'failure', 'info']);
    expect(bodies[0]!.urls).toBe(`mailto://me:${TOKEN}@example.org,tgram://bot/chat`);
    expect(bodies[0]).not.toHaveProperty('tag');
  });

  it('is off without a server, or without a key and URLs; an Apprise error is retryable on 5xx and names only the host', async () => {
    expect((await notifier('apprise', { apprise_key: 'k' })).status()).toEqual({ configured: false, target: null });
    expect((await notifier('apprise', { apprise_url: server().url })).status()).toEqual({
      configured: false,
      target: null,
    });
    const n = await notifier('apprise', { apprise_url: server().url, apprise_key: TOKEN });
    server().replySequence([500]);
    const error = (await send(n).catch((e: unknown) => e)) as Error;
    expect(error).toMatchObject({ code: 'service_unavailable', retryable: true });
    expect(error.message).toBe(`Apprise at ${new URL(server().url).host} answered HTTP 500`);
  });
});
