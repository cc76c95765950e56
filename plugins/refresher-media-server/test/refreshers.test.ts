/**
 * Jellyfin, Emby and Plex refreshers against a local HTTP server that records what it receives:
 * the calls each server's API expects, Plex's targeted section scan, and errors that name the
 * host but never the key or token.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryRefresher } from '@spindle/plugin-sdk';
import {
  createFakeSetup,
  readManifest,
  startRecordingServer,
  type FakeSetup,
  type RecordingHttpServer,
} from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import type { RefresherSettings } from '../src/refresher-settings.ts';
import { planScans } from '../src/plex-refresher.ts';

const KEY = 'key-0a1b2c3d4e5f';
let server: RecordingHttpServer;
const manifest = readManifest(new URL('../package.json', import.meta.url));
let host: string;
const setups: FakeSetup<RefresherSettings>[] = [];

async function refresher(
  id: 'jellyfin' | 'plex' | 'emby',
  settings: Record<string, unknown>,
): Promise<LibraryRefresher> {
  const setup = await createFakeSetup<RefresherSettings>({
    manifest,
    settings: settings as Partial<RefresherSettings>,
  });
  setups.push(setup);
  return plugin.definition.providers!.library_refresher![id]!(setup) as LibraryRefresher;
}

const refresh = (r: LibraryRefresher, paths = ['/srv/media/TV/My Show']) =>
  r.refresh({ paths, contentType: 'tv', signal: new AbortController().signal });

const SECTIONS = {
  MediaContainer: {
    size: 2,
    Directory: [
      { key: '1', type: 'movie', title: 'Movies', Location: [{ id: 1, path: '/srv/media/Movies' }] },
      {
        key: '2',
        type: 'show',
        title: 'TV Shows',
        Location: [
          { id: 2, path: '/srv/media/TV' },
          { id: 3, path: '/mnt/more-tv' },
        ],
      },
    ],
  },
};

beforeAll(async () => {
  server = await startRecordingServer();
  host = new URL(server.url).host;
});
afterEach(() => {
  server.requests.length = 0;
  server.replySequence([], 200);
});
afterAll(async () => {
  await server.close();
  for (const s of setups) await s.dispose();
});

describe('Jellyfin and Emby', () => {
  it('Jellyfin: POST /Library/Refresh with the API key in X-Emby-Token', async () => {
    const r = await refresher('jellyfin', { jellyfin_url: `${server.url}/`, jellyfin_api_key: KEY });
    server.replySequence([], 204);
    expect(await refresh(r)).toEqual({ detail: `Jellyfin at ${host}: library scan started` });
    expect(server.requests.map((q) => [q.method, q.url, q.headers['x-emby-token']])).toEqual([
      ['POST', '/Library/Refresh', KEY],
    ]);
  });

  it('Emby: the same call under /emby', async () => {
    const r = await refresher('emby', { emby_url: server.url, emby_api_key: KEY });
    await refresh(r);
    expect(server.requests.map((q) => [q.method, q.url, q.headers['x-emby-token']])).toEqual([
      ['POST', '/emby/Library/Refresh', KEY],
    ]);
  });

  it('a refused key fails with a hint and without the key; a down server fails retryably', async () => {
    const r = await refresher('jellyfin', { jellyfin_url: server.url, jellyfin_api_key: KEY });
    server.replySequence([401]);
    const refused = await refresh(r).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: 'service_refused',
      message: `Jellyfin at ${host} refused the request: HTTP 401 (check jellyfin_api_key)`,
    });
    server.replySequence([502]);
    expect(await refresh(r).catch((e: unknown) => e)).toMatchObject({ code: 'service_unavailable', retryable: true });
    const down = await refresher('emby', { emby_url: 'http://127.0.0.1:9', emby_api_key: KEY, timeout_seconds: 2 });
    expect(await refresh(down).catch((e: unknown) => e)).toMatchObject({
      code: 'service_unreachable',
      retryable: true,
    });
    expect((refused as Error).message).not.toContain(KEY);
  });

  it('is off without a URL', async () => {
    expect((await refresher('jellyfin', { jellyfin_api_key: KEY })).status()).toEqual({
      configured: false,
      target: null,
    });
    expect((await refresher('emby', { emby_url: server.url })).status()).toEqual({ configured: true, target: host });
  });
});

describe('Plex', () => {
  it('scans only the section holding the job’s folder, for that folder', async () => {
    const r = await refresher('plex', { plex_url: server.url, plex_token: KEY });
    server.reply((req) =>
      req.url.startsWith('/library/sections?')
        ? { status: 200, body: JSON.stringify(SECTIONS), headers: { 'content-type': 'application/json' } }
        : { status: 200 },
    );
    expect(await refresh(r)).toEqual({ detail: `Plex at ${host}: scanning TV Shows (the job’s folder)` });
    const urls = server.requests.map((q) => new URL(q.url, server.url));
    expect(urls.map((u) => u.pathname)).toEqual(['/library/sections', '/library/sections/2/refresh']);
    expect(urls.map((u) => u.searchParams.get('X-Plex-Token'))).toEqual([KEY, KEY]);
    expect(urls[1]!.searchParams.get('path')).toBe('/srv/media/TV/My Show');
    expect(server.requests[0]!.headers.accept).toBe('application/json');
  });

  it('scans every section when none holds the folder (Plex sees other paths), or the configured ones', async () => {
    const r = await refresher('plex', { plex_url: server.url, plex_token: KEY });
    server.reply((req) =>
      req.url.startsWith('/library/sections?') ? { status: 200, body: JSON.stringify(SECTIONS) } : { status: 200 },
    );
    await refresh(r, ['/data/library/TV/My Show']);
    expect(server.requests.map((q) => new URL(q.url, server.url).pathname)).toEqual([
      '/library/sections',
      '/library/sections/1/refresh',
      '/library/sections/2/refresh',
    ]);
    server.requests.length = 0;
    const chosen = await refresher('plex', { plex_url: server.url, plex_token: KEY, plex_section_ids: ['7'] });
    await refresh(chosen);
    expect(server.requests.map((q) => new URL(q.url, server.url).pathname)).toEqual(['/library/sections/7/refresh']);
  });

  it('a refused token fails without the token in the message', async () => {
    const r = await refresher('plex', { plex_url: server.url, plex_token: KEY });
    server.replySequence([401]);
    const error = await refresh(r).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'service_refused',
      message: `Plex at ${host} refused the request: HTTP 401 (check plex_token)`,
    });
  });

  it('plans a scan per section that holds one of the paths', () => {
    const sections = [
      { key: '1', title: 'Movies', locations: ['/m'] },
      { key: '2', title: 'TV', locations: ['/t/'] },
    ];
    expect(planScans(sections, ['/t/Show'])).toEqual([{ key: '2', title: 'TV', path: '/t/Show' }]);
    expect(planScans(sections, ['/tv-other/Show']).map((s) => s.path)).toEqual([null, null]);
  });
});
