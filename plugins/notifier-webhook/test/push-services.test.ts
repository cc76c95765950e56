/**
 * The ntfy, Discord and Gotify notifiers against a local HTTP server that records what it receives:
 * the payload of each, no credential or full path in it, which failures are retryable, and never a
 * token in an error message.
 */
import { describe, expect, it } from 'vitest';
import { jobCompleted, notification, notifier, send, TOKEN, useRecordingServer } from './support/notifier-fixtures.ts';

const server = useRecordingServer();

describe('ntfy', () => {
  it('publishes JSON to the server root with the topic, a title, tags and the access token', async () => {
    const n = await notifier('ntfy', {
      ntfy_server: `${server().url}/`,
      ntfy_topic: 'spindle-secret-topic',
      ntfy_token: TOKEN,
    });
    expect(n.status()).toEqual({ configured: true, target: new URL(server().url).host });
    await send(
      n,
      notification({
        event: 'job_failed',
        state: 'failed',
        reason: 'Organizing failed: cannot write /srv/media/TV/My Show/Season 01/x.mkv',
      }),
    );
    const [request] = server().requests;
    expect(request).toMatchObject({ method: 'POST', url: '/' });
    expect(request!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request!.json()).toEqual({
      topic: 'spindle-secret-topic',
      title: 'Spindle: job 12 failed',
      message:
        'Job 12 needs review: My Show, season 1\nOrganizing failed: cannot write x.mkv\n0 of 3 title(s) in the library, 2 to review',
      tags: ['x'],
      priority: 4,
    });
    expect(request!.body).not.toContain(TOKEN);
  });

  it('is off without a topic', async () => {
    expect((await notifier('ntfy', {})).status()).toEqual({ configured: false, target: null });
  });
});

describe('Discord', () => {
  it('posts one embed, never pinging anyone, without the webhook token', async () => {
    const n = await notifier('discord', { discord_webhook_url: `${server().url}/api/webhooks/123/${TOKEN}` });
    server().replySequence([], 204);
    await send(n, jobCompleted(2, { label: '@everyone DISC', title: null }));
    const [request] = server().requests;
    expect(request).toMatchObject({ method: 'POST', url: `/api/webhooks/123/${TOKEN}` });
    const body = request!.json() as {
      username: string;
      allowed_mentions: unknown;
      embeds: { title: string; description: string; color: number; fields: unknown[] }[];
    };
    expect(body.username).toBe('Spindle');
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.embeds).toHaveLength(1);
    expect(body.embeds[0]).toMatchObject({
      title: 'Spindle: job 12 completed',
      description: 'Job 12 needs review: My Show, season 1\n2 of 2 title(s) in the library',
      color: 0x2e7d32,
      fields: [
        { name: 'Title', value: '@everyone DISC, season 1', inline: true },
        { name: 'Titles', value: '2 of 2 title(s) in the library', inline: true },
      ],
    });
    expect(request!.body).not.toContain(TOKEN);
  });

  it('treats a rate limit (429) as retryable', async () => {
    const n = await notifier('discord', { discord_webhook_url: `${server().url}/api/webhooks/123/${TOKEN}` });
    server().replySequence([429]);
    await expect(send(n)).rejects.toMatchObject({ code: 'service_unavailable', retryable: true });
  });
});

describe('Gotify', () => {
  it('POSTs title, message and priority to /message with the application token, failures at priority 8', async () => {
    const n = await notifier('gotify', {
      gotify_url: `${server().url}/gotify/`,
      gotify_token: TOKEN,
      gotify_priority: 3,
    });
    expect(n.status()).toEqual({ configured: true, target: new URL(server().url).host });
    await send(
      n,
      notification({
        event: 'job_failed',
        state: 'failed',
        reason: 'Organizing failed: cannot write /srv/media/TV/x.mkv',
      }),
    );
    await send(
      n,
      notification({
        event: 'test',
        jobId: null,
        reason: null,
        summary: 'This is a test',
        counts: { titles: 0, completed: 0, failed: 0, review: 0 },
      }),
    );
    const [failed, test] = server().requests;
    expect(failed).toMatchObject({ method: 'POST', url: `/gotify/message?token=${TOKEN}` });
    expect(failed!.headers['content-type']).toBe('application/json');
    expect(failed!.json()).toEqual({
      title: 'Spindle: job 12 failed',
      message:
        'Job 12 needs review: My Show, season 1\nOrganizing failed: cannot write x.mkv\n0 of 3 title(s) in the library, 2 to review',
      priority: 8,
    });
    expect(test!.json()).toEqual({ title: 'Spindle: test notification', message: 'This is a test', priority: 3 });
    expect(failed!.body).not.toContain(TOKEN);
  });

  it('is off without a server or a token; a wrong token is a final failure that names only the host', async () => {
    expect((await notifier('gotify', { gotify_url: server().url })).status()).toEqual({
      configured: false,
      target: null,
    });
    expect((await notifier('gotify', { gotify_token: TOKEN })).status()).toEqual({ configured: false, target: null });
    const n = await notifier('gotify', { gotify_url: server().url, gotify_token: TOKEN });
    server().replySequence([401]);
    const error = (await send(n).catch((e: unknown) => e)) as Error;
    expect(error).toMatchObject({ code: 'service_refused', retryable: false });
    expect(error.message).toBe(
      `Gotify at ${new URL(server().url).host} refused the request: HTTP 401 (the application token is wrong or was deleted)`,
    );
    expect(error.message).not.toContain(TOKEN);
  });
});
