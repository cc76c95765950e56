/**
 * The notifiers (webhook, ntfy, Discord, Gotify, Apprise) against a local HTTP server that records what it receives: the payload of
 * each, no credential or full path in it (unless include_paths), coded errors that are retryable
 * on 5xx and network errors but not on 4xx, and never the URL's token in an error message.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, Notifier } from '@spindle/plugin-sdk';
import { createFakeSetup, readManifest, startRecordingServer, type FakeSetup, type RecordingHttpServer } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';

const TOKEN = 'tok-9f8e7d6c5b4a';
let server: RecordingHttpServer;
const manifest = readManifest(new URL('../package.json', import.meta.url));
const setups: FakeSetup[] = [];

function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    event: 'review_needed',
    at: '2026-01-02T03:04:05.000Z',
    jobId: 12,
    state: 'review_needed',
    label: 'MY_SHOW_S1_D1',
    contentType: 'tv',
    title: 'My Show',
    season: 1,
    counts: { titles: 3, completed: 0, failed: 0, review: 2 },
    reason: '2 title(s) could not be matched; /srv/staging/MY_SHOW_S1_D1/title_t01.mkv is damaged',
    summary: 'Job 12 needs review: My Show, season 1',
    paths: { library: '/srv/media/TV/My Show', files: ['/srv/media/TV/My Show/Season 01/My Show - S01E01.mkv'] },
    ...overrides,
  };
}

async function notifier(id: 'webhook' | 'ntfy' | 'discord' | 'gotify' | 'apprise', settings: Record<string, unknown>): Promise<Notifier> {
  const setup = await createFakeSetup({ manifest, settings: settings as never });
  setups.push(setup);
  return plugin.definition.providers!.notifier![id]!(setup) as Notifier;
}

const send = (n: Notifier, note = notification()) => n.send(note, new AbortController().signal);

beforeAll(async () => {
  server = await startRecordingServer();
});
afterEach(() => {
  server.requests.length = 0;
  server.replySequence([], 200);
});
afterAll(async () => {
  await server.close();
  for (const s of setups) await s.dispose();
});

describe('JSON webhook', () => {
  it('POSTs the job as flat JSON with the Authorization header, file paths shortened to names', async () => {
    const n = await notifier('webhook', { webhook_url: `${server.url}/hooks/${TOKEN}`, webhook_authorization: `Bearer ${TOKEN}` });
    await send(n);
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', url: `/hooks/${TOKEN}` });
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request!.json()).toEqual({
      event: 'review_needed',
      at: '2026-01-02T03:04:05.000Z',
      summary: 'Job 12 needs review: My Show, season 1',
      job: { id: 12, state: 'review_needed', label: 'MY_SHOW_S1_D1', content_type: 'tv', title: 'My Show', season: 1, titles: { total: 3, completed: 0, failed: 0, review: 2 } },
      reason: '2 title(s) could not be matched; title_t01.mkv is damaged',
    });
    expect(request!.body).not.toContain(TOKEN);
    expect(request!.body).not.toContain('/srv/');
  });

  it('includes full paths only when include_paths is on', async () => {
    const n = await notifier('webhook', { webhook_url: `${server.url}/hook`, include_paths: true });
    await send(n, notification({ event: 'job_completed', state: 'completed', reason: null, counts: { titles: 1, completed: 1, failed: 0, review: 0 } }));
    const body = server.requests[0]!.json() as { paths: unknown; reason: unknown };
    expect(body.paths).toEqual({ library: '/srv/media/TV/My Show', files: ['/srv/media/TV/My Show/Season 01/My Show - S01E01.mkv'] });
  });

  it('fails retryably on 5xx and network errors, finally on 4xx, naming only the host', async () => {
    const n = await notifier('webhook', { webhook_url: `${server.url}/hooks/${TOKEN}` });
    server.replySequence([503]);
    const unavailable = await send(n).catch((e: unknown) => e);
    expect(unavailable).toMatchObject({ code: 'service_unavailable', retryable: true, message: `Webhook at ${new URL(server.url).host} answered HTTP 503` });
    server.replySequence([404]);
    expect(await send(n).catch((e: unknown) => e)).toMatchObject({ code: 'service_refused', retryable: false });
    const down = await notifier('webhook', { webhook_url: `http://127.0.0.1:9/hooks/${TOKEN}`, timeout_seconds: 2 });
    const unreachable = await send(down).catch((e: unknown) => e);
    expect(unreachable).toMatchObject({ code: 'service_unreachable', retryable: true });
    for (const error of [unavailable, unreachable]) expect((error as Error).message).not.toContain(TOKEN);
  });

  it('is off without a URL, sends only the chosen events, and always sends a test', async () => {
    const off = await notifier('webhook', {});
    expect(off.status()).toEqual({ configured: false, target: null });
    const onlyFailures = await notifier('webhook', { webhook_url: `${server.url}/hooks/${TOKEN}`, events: ['job_failed'] });
    expect(onlyFailures.status()).toEqual({ configured: true, target: new URL(server.url).host });
    await send(onlyFailures, notification({ event: 'job_completed' }));
    expect(server.requests).toHaveLength(0);
    await send(onlyFailures, notification({ event: 'test', jobId: null }));
    await send(onlyFailures, notification({ event: 'job_failed', reason: 'ffprobe could not read title_t00.mkv' }));
    expect(server.requests.map((r) => (r.json() as { event: string }).event)).toEqual(['test', 'job_failed']);
  });
});

describe('ntfy', () => {
  it('publishes JSON to the server root with the topic, a title, tags and the access token', async () => {
    const n = await notifier('ntfy', { ntfy_server: `${server.url}/`, ntfy_topic: 'spindle-secret-topic', ntfy_token: TOKEN });
    expect(n.status()).toEqual({ configured: true, target: new URL(server.url).host });
    await send(n, notification({ event: 'job_failed', state: 'failed', reason: 'Organizing failed: cannot write /srv/media/TV/My Show/Season 01/x.mkv' }));
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/' });
    expect(request!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request!.json()).toEqual({
      topic: 'spindle-secret-topic',
      title: 'Spindle: job 12 failed',
      message: 'Job 12 needs review: My Show, season 1\nOrganizing failed: cannot write x.mkv\n0 of 3 title(s) in the library, 2 to review',
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
    const n = await notifier('discord', { discord_webhook_url: `${server.url}/api/webhooks/123/${TOKEN}` });
    server.replySequence([], 204);
    await send(n, notification({ label: '@everyone DISC', title: null, event: 'job_completed', state: 'completed', reason: null, counts: { titles: 2, completed: 2, failed: 0, review: 0 } }));
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', url: `/api/webhooks/123/${TOKEN}` });
    const body = request!.json() as { username: string; allowed_mentions: unknown; embeds: { title: string; description: string; color: number; fields: unknown[] }[] };
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
    const n = await notifier('discord', { discord_webhook_url: `${server.url}/api/webhooks/123/${TOKEN}` });
    server.replySequence([429]);
    await expect(send(n)).rejects.toMatchObject({ code: 'service_unavailable', retryable: true });
  });
});

describe('Gotify', () => {
  it('POSTs title, message and priority to /message with the application token, failures at priority 8', async () => {
    const n = await notifier('gotify', { gotify_url: `${server.url}/gotify/`, gotify_token: TOKEN, gotify_priority: 3 });
    expect(n.status()).toEqual({ configured: true, target: new URL(server.url).host });
    await send(n, notification({ event: 'job_failed', state: 'failed', reason: 'Organizing failed: cannot write /srv/media/TV/x.mkv' }));
    await send(n, notification({ event: 'test', jobId: null, reason: null, summary: 'This is a test', counts: { titles: 0, completed: 0, failed: 0, review: 0 } }));
    const [failed, test] = server.requests;
    expect(failed).toMatchObject({ method: 'POST', url: `/gotify/message?token=${TOKEN}` });
    expect(failed!.headers['content-type']).toBe('application/json');
    expect(failed!.json()).toEqual({
      title: 'Spindle: job 12 failed',
      message: 'Job 12 needs review: My Show, season 1\nOrganizing failed: cannot write x.mkv\n0 of 3 title(s) in the library, 2 to review',
      priority: 8,
    });
    expect(test!.json()).toEqual({ title: 'Spindle: test notification', message: 'This is a test', priority: 3 });
    expect(failed!.body).not.toContain(TOKEN);
  });

  it('is off without a server or a token; a wrong token is a final failure that names only the host', async () => {
    expect((await notifier('gotify', { gotify_url: server.url })).status()).toEqual({ configured: false, target: null });
    expect((await notifier('gotify', { gotify_token: TOKEN })).status()).toEqual({ configured: false, target: null });
    const n = await notifier('gotify', { gotify_url: server.url, gotify_token: TOKEN });
    server.replySequence([401]);
    const error = (await send(n).catch((e: unknown) => e)) as Error;
    expect(error).toMatchObject({ code: 'service_refused', retryable: false });
    expect(error.message).toBe(`Gotify at ${new URL(server.url).host} refused the request: HTTP 401 (the application token is wrong or was deleted)`);
    expect(error.message).not.toContain(TOKEN);
  });
});

describe('Apprise API', () => {
  it('sends to a stored configuration: POST /notify/<key> with title, body, type and tag', async () => {
    const n = await notifier('apprise', { apprise_url: `${server.url}/`, apprise_key: 'my-key', apprise_tag: 'phones', apprise_urls: `pover://user@${TOKEN}` });
    expect(n.status()).toEqual({ configured: true, target: new URL(server.url).host });
    await send(n, notification({ event: 'job_completed', state: 'completed', reason: null, counts: { titles: 2, completed: 2, failed: 0, review: 0 } }));
    const [request] = server.requests;
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
    const n = await notifier('apprise', { apprise_url: server.url, apprise_urls: `mailto://me:${TOKEN}@example.org\n tgram://bot/chat ,` });
    await send(n, notification({ event: 'review_needed' }));
    await send(n, notification({ event: 'job_failed' }));
    await send(n, notification({ event: 'test', jobId: null }));
    expect(server.requests.map((r) => r.url)).toEqual(['/notify/', '/notify/', '/notify/']);
    const bodies = server.requests.map((r) => r.json() as { urls: string; type: string; tag?: string });
    expect(bodies.map((b) => b.type)).toEqual(['warning', 'failure', 'info']);
    expect(bodies[0]!.urls).toBe(`mailto://me:${TOKEN}@example.org,tgram://bot/chat`);
    expect(bodies[0]).not.toHaveProperty('tag');
  });

  it('is off without a server, or without a key and URLs; an Apprise error is retryable on 5xx and names only the host', async () => {
    expect((await notifier('apprise', { apprise_key: 'k' })).status()).toEqual({ configured: false, target: null });
    expect((await notifier('apprise', { apprise_url: server.url })).status()).toEqual({ configured: false, target: null });
    const n = await notifier('apprise', { apprise_url: server.url, apprise_key: TOKEN });
    server.replySequence([500]);
    const error = (await send(n).catch((e: unknown) => e)) as Error;
    expect(error).toMatchObject({ code: 'service_unavailable', retryable: true });
    expect(error.message).toBe(`Apprise at ${new URL(server.url).host} answered HTTP 500`);
  });
});
