/**
 * Notifications and media-server refresh around real jobs, against local HTTP servers that record
 * what they receive: a completed job reaches the JSON webhook (after two 5xx answers: retried with
 * backoff), ntfy and Discord without a credential or a full path, and Jellyfin and Plex are asked
 * to rescan while a failing Emby is only a note on the timeline; a failed and a review job are
 * announced with their reasons; the test endpoint reports each notifier; writeOnly plugin settings
 * are masked in /api/config and never logged.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRecordingServer, type RecordingHttpServer } from '@spindle/plugin-sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, eventually } from './support/http-client.ts';
import { makeLongMkv } from './support/make-media.ts';
import { startTestService, type TestService } from './support/service-harness.ts';

const SECRET = 'S3cr3t-t0ken-5a7c9e';
let svc: TestService;
let api: ReturnType<typeof apiClient>;
let root: string;
let staging: string;
let library: string;
const servers: Record<'webhook' | 'ntfy' | 'discord' | 'jellyfin' | 'plex' | 'emby', RecordingHttpServer> = {} as never;

async function importFolder(name: string, body: Record<string, unknown>, files: [string, number][]) {
  await mkdir(join(staging, name));
  for (const [file, seconds] of files) await makeLongMkv(join(staging, name, file), seconds);
  const created = await api.post('/api/staging/import', { staging_path: join(staging, name), ...body });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

const settle = (id: number, states: string[]) =>
  eventually(
    () => api.get(`/api/jobs/${id}`),
    (r) => states.includes(r.body.state),
    30_000,
  );
const notes = async (id: number) =>
  ((await api.get(`/api/jobs/${id}/detail`)).body.timeline as { from: string; to: string; message: string }[])
    .filter((e) => e.from === e.to)
    .map((e) => e.message);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'spindle-notify-'));
  staging = join(root, 'staging');
  library = join(root, 'library');
  for (const dir of [staging, join(library, 'Movies'), join(library, 'TV')]) await mkdir(dir, { recursive: true });
  for (const name of Object.keys({
    webhook: 0,
    ntfy: 0,
    discord: 0,
    jellyfin: 0,
    plex: 0,
    emby: 0,
  }) as (keyof typeof servers)[])
    servers[name] = await startRecordingServer();
  servers.plex.reply((req) =>
    req.url.startsWith('/library/sections?')
      ? {
          status: 200,
          body: JSON.stringify({
            MediaContainer: {
              Directory: [{ key: '3', title: 'Films', Location: [{ path: join(library, 'Movies') }] }],
            },
          }),
        }
      : { status: 200 },
  );
  servers.emby.replySequence([], 500);
  svc = await startTestService({
    config: {
      staging_path: staging,
      library_movies_path: join(library, 'Movies'),
      library_tv_path: join(library, 'TV'),
      staging_cleanup_policy: 'manual',
      pipeline: {
        detectors: [],
        identifiers: ['heuristic'],
        matchers: ['movie-runtime'],
        contributors: [],
        providers: { notifier: ['webhook', 'ntfy', 'discord'], library_refresher: ['jellyfin', 'plex', 'emby'] },
      },
      plugin_settings: {
        'notifier-webhook': {
          webhook_url: `${servers.webhook.url}/hook/${SECRET}`,
          webhook_authorization: `Bearer ${SECRET}`,
          ntfy_server: servers.ntfy.url,
          ntfy_topic: `topic-${SECRET}`,
          discord_webhook_url: `${servers.discord.url}/api/webhooks/1/${SECRET}`,
        },
        'refresher-media-server': {
          jellyfin_url: servers.jellyfin.url,
          jellyfin_api_key: `jf-${SECRET}`,
          plex_url: servers.plex.url,
          plex_token: `plex-${SECRET}`,
          emby_url: servers.emby.url,
          emby_api_key: `emby-${SECRET}`,
        },
        'matcher-movie-runtime': { feature_min_minutes: 1 },
      },
    },
  });
  api = apiClient(svc.url);
}, 60_000);

afterAll(async () => {
  await svc?.close();
  for (const server of Object.values(servers)) await server?.close();
});

describe('after a job', () => {
  it('announces a completed job to every notifier (retrying the webhook’s 5xx) and asks the media servers to rescan', async () => {
    servers.webhook.replySequence([500, 503], 200);
    const id = await importFolder('SOME_MOVIE', { content_type: 'movie', detected_title: 'Some Movie' }, [
      ['title_t00.mkv', 150],
    ]);
    expect((await settle(id, ['completed', 'failed', 'review_needed'])).body.state).toBe('completed');

    const hooks = await servers.webhook.waitForRequests(3, 15_000);
    expect(hooks.map((r) => r.body)).toEqual([hooks[0]!.body, hooks[0]!.body, hooks[0]!.body]); // the same message, retried
    const payload = hooks[2]!.json() as Record<string, unknown>;
    expect(payload).toMatchObject({
      event: 'job_completed',
      summary: `Job ${id} completed: Some Movie`,
      job: {
        id,
        state: 'completed',
        label: 'SOME_MOVIE',
        content_type: 'movie',
        title: 'Some Movie',
        season: null,
        titles: { total: 1, completed: 1, failed: 0, review: 0 },
      },
      reason: null,
    });
    expect(payload).not.toHaveProperty('paths');
    const [ntfy] = await servers.ntfy.waitForRequests(1);
    expect(ntfy!.json()).toMatchObject({
      topic: `topic-${SECRET}`,
      title: `Spindle: job ${id} completed`,
      tags: ['white_check_mark'],
    });
    const [discord] = await servers.discord.waitForRequests(1);
    expect((discord!.json() as { embeds: { title: string }[] }).embeds[0]!.title).toBe(`Spindle: job ${id} completed`);
    for (const request of [...hooks, discord!]) {
      expect(request.body).not.toContain(SECRET);
      expect(request.body).not.toContain(root);
    }

    const [jellyfin] = await servers.jellyfin.waitForRequests(1);
    expect([jellyfin!.method, jellyfin!.url, jellyfin!.headers['x-emby-token']]).toEqual([
      'POST',
      '/Library/Refresh',
      `jf-${SECRET}`,
    ]);
    const plex = await servers.plex.waitForRequests(2);
    const scan = new URL(plex[1]!.url, servers.plex.url);
    expect([scan.pathname, scan.searchParams.get('path')]).toEqual([
      '/library/sections/3/refresh',
      join(library, 'Movies', 'Some Movie'),
    ]);
    const timeline = await eventually(
      () => notes(id),
      (n) => n.filter((m) => m.startsWith('library refresh')).length === 3,
    );
    const host = (s: RecordingHttpServer) => new URL(s.url).host;
    expect(timeline.filter((m) => m.startsWith('library refresh')).sort()).toEqual([
      `library refresh with emby failed (the job is not affected): Emby at ${host(servers.emby)} answered HTTP 500`,
      `library refresh: Jellyfin at ${host(servers.jellyfin)}: library scan started`,
      `library refresh: Plex at ${host(servers.plex)}: scanning Films (the job’s folder)`,
    ]);
    expect((await api.get(`/api/jobs/${id}`)).body.state).toBe('completed'); // a failed refresh never fails the job
  });

  it('announces a failed job with its error (file names, not paths) and a job waiting for review with its reason', async () => {
    const broken = join(staging, 'BROKEN');
    await mkdir(broken);
    await writeFile(join(broken, 'not-really.mkv'), 'this is not a matroska file');
    const before = servers.webhook.requests.length;
    const failed = (
      await api.post('/api/staging/import', { staging_path: broken, content_type: 'movie', detected_title: 'Broken' })
    ).body.id as number;
    expect((await settle(failed, ['failed', 'completed'])).body.state).toBe('failed');
    const review = await importFolder(
      'A_SHOW_D1',
      { content_type: 'tv', detected_title: 'A Show', detected_season: 2 },
      [
        ['t00.mkv', 1300],
        ['t01.mkv', 1310],
      ],
    );
    expect((await settle(review, ['review_needed', 'failed', 'completed'])).body.state).toBe('review_needed');

    const received = (await servers.webhook.waitForRequests(before + 2))
      .slice(before)
      .map((r) => r.json() as { event: string; reason: string; job: { id: number; season: number | null } });
    const failure = received.find((p) => p.job.id === failed)!;
    expect(failure.event).toBe('job_failed');
    expect(failure.reason).toContain('not-really.mkv');
    expect(failure.reason).not.toContain(root);
    const waiting = received.find((p) => p.job.id === review)!;
    expect(waiting).toMatchObject({ event: 'review_needed', job: { season: 2 } });
    expect(waiting.reason).toMatch(/could not be matched/);
    // No refresh for jobs that put nothing in the library.
    expect(servers.jellyfin.requests).toHaveLength(1);
  });
});

describe('POST /api/notifications/test', () => {
  it('sends one test message through each notifier and reports each outcome', async () => {
    // Only the test message fails: an announcement of an earlier job still on its way must not take the 502.
    servers.ntfy.reply((req) =>
      ((req.json() as { title?: string }).title ?? '').includes('test notification')
        ? { status: 502 }
        : { status: 200 },
    );
    const res = await api.post('/api/notifications/test');
    expect(res.status).toBe(200);
    const byId = Object.fromEntries((res.body.results as { notifier: string }[]).map((r) => [r.notifier, r]));
    expect(byId.webhook).toMatchObject({
      plugin: 'notifier-webhook',
      status: 'sent',
      attempts: 1,
      target: new URL(servers.webhook.url).host,
      message: null,
    });
    expect(byId.discord).toMatchObject({ status: 'sent' });
    expect(byId.ntfy).toMatchObject({
      status: 'failed',
      attempts: 1,
      message: `ntfy at ${new URL(servers.ntfy.url).host} answered HTTP 502`,
    });
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    expect((servers.webhook.requests.at(-1)!.json() as { event: string }).event).toBe('test');
  });

  it('tests one notifier by id; an unknown id is 404 and a malformed body 400', async () => {
    const discordBefore = servers.discord.requests.length;
    const webhookBefore = servers.webhook.requests.length;
    const one = await api.post('/api/notifications/test', { notifier: 'discord' });
    expect(one.body.results.map((r: { notifier: string; status: string }) => [r.notifier, r.status])).toEqual([
      ['discord', 'sent'],
    ]);
    expect(servers.discord.requests.length).toBe(discordBefore + 1);
    expect(servers.webhook.requests.length).toBe(webhookBefore);
    const unknown = await api.post('/api/notifications/test', { notifier: 'pager' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'notifier_not_found' });
    expect(unknown.body.error.message).toContain('webhook, ntfy, discord');
    expect((await api.post('/api/notifications/test', { notifier: 7 })).status).toBe(400);
    expect((await api.post('/api/notifications/test', { other: 'x' })).status).toBe(400);
  });
});

describe('secrets', () => {
  it('masks writeOnly plugin settings in /api/config, keeps them on "***", and never logs them', async () => {
    const config = (await api.get('/api/config')).body;
    expect(config.plugin_settings['notifier-webhook']).toMatchObject({
      webhook_url: '***',
      webhook_authorization: '***',
      ntfy_topic: '***',
      discord_webhook_url: '***',
      ntfy_server: servers.ntfy.url,
    });
    expect(config.plugin_settings['refresher-media-server']).toMatchObject({
      jellyfin_api_key: '***',
      plex_token: '***',
      jellyfin_url: servers.jellyfin.url,
    });
    expect(JSON.stringify(config)).not.toContain(SECRET);
    const saved = await api.put('/api/config', { plugin_settings: config.plugin_settings });
    expect(saved.status).toBe(200);
    expect(svc.service.config.get().plugin_settings['notifier-webhook']!.discord_webhook_url).toBe(
      `${servers.discord.url}/api/webhooks/1/${SECRET}`,
    );
    expect(svc.logs.join('\n')).not.toContain(SECRET);
  });
});
