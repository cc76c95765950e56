import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SpindleError, SubtitleError } from '@spindle/plugin-sdk';
import { createFakeSetup, MemoryKeyValueStore } from '@spindle/plugin-sdk/testing';
import { OpenSubtitlesProvider } from '../src/opensubtitles-provider.ts';
import {
  startOpenSubtitlesServer,
  TEST_API_KEY,
  TEST_PASSWORD,
  type FakeSubtitle,
  type OpenSubtitlesServer,
} from './support/opensubtitles-server.ts';
import { disposeSetups, episode, logText, providerFor, signal } from './support/provider-harness.ts';

const ep = (id: number, e: number): FakeSubtitle => ({
  id,
  fileId: 7000 + id,
  language: 'en',
  type: 'episode',
  parentTmdbId: 1399,
  season: 1,
  episode: e,
});
const QUOTA_MESSAGE =
  "OpenSubtitles' daily download quota is spent; it resets at 2030-01-02 03:04 UTC. Add SRT files by hand to continue.";

async function caught(promise: Promise<unknown>): Promise<SpindleError> {
  try {
    await promise;
  } catch (error) {
    expect(SpindleError.is(error)).toBe(true);
    return error as SpindleError;
  }
  throw new Error('expected a rejection');
}

let server: OpenSubtitlesServer;
beforeAll(async () => {
  server = await startOpenSubtitlesServer({
    username: 'reader',
    password: TEST_PASSWORD,
    subtitles: [ep(1, 1), ep(2, 2), ep(3, 3)],
  });
});
afterAll(() => server.close());
afterEach(async () => {
  server.requests.length = 0;
  server.downloadsUsed = 0;
  server.allowedDownloads = 5;
  server.subtitles = [ep(1, 1), ep(2, 2), ep(3, 3)];
  await disposeSetups();
});

const downloads = () => server.requests.filter((r) => r.path === '/api/v1/download').length;

describe('OpenSubtitles download quota', () => {
  it('says plainly when the quota is spent (HTTP 406) and remembers it, also across a restart, without asking again', async () => {
    server.subtitles = [ep(1, 1), ep(2, 2)];
    server.downloadsUsed = server.allowedDownloads;
    const store = new MemoryKeyValueStore();
    const { provider } = await providerFor(server, {}, store);
    const error = await caught(provider.fetch(episode(1, 1), signal()));
    expect(error).toBeInstanceOf(SubtitleError);
    expect(error).toMatchObject({
      code: 'quota_exhausted',
      category: 'subtitle',
      retryable: false,
      message: QUOTA_MESSAGE,
    });
    expect(provider.quota()).toEqual({ remaining: 0, resetsAt: server.resetTimeUtc });
    const restarted = await providerFor(server, {}, store);
    server.requests.length = 0;
    expect(await caught(restarted.provider.fetch(episode(1, 2), signal()))).toMatchObject({
      code: 'quota_exhausted',
      message: QUOTA_MESSAGE,
    });
    expect(downloads()).toBe(0);
  });

  it('stops before downloading once a download reported nothing remaining', async () => {
    server.allowedDownloads = 1;
    const { provider } = await providerFor(server);
    expect(await provider.fetch(episode(1, 1), signal())).not.toBeNull();
    expect(provider.quota().remaining).toBe(0);
    expect(await caught(provider.fetch(episode(1, 2), signal()))).toMatchObject({ code: 'quota_exhausted' });
    expect(downloads()).toBe(1);
  });

  it('treats a "download limit" answer without a link as a spent quota', async () => {
    server.fail({
      status: 200,
      path: '/api/v1/download',
      body: { requests: 6, remaining: 0, message: 'Download limit reached (2030-01-02 03:04:05 UTC)' },
    });
    const { provider } = await providerFor(server);
    expect(await caught(provider.fetch(episode(1, 1), signal()))).toMatchObject({
      code: 'quota_exhausted',
      message: QUOTA_MESSAGE,
    });
  });

  it('downloads again once the reset time has passed', async () => {
    const store = new MemoryKeyValueStore({
      download_quota: { remaining: 0, resetsAt: '2020-01-01T00:00:00.000Z', recordedAt: '2019-12-31T12:00:00.000Z' },
    });
    const setup = await createFakeSetup({
      settings: { api_key: TEST_API_KEY, base_url: `${server.url}/api/v1` },
      store,
    });
    try {
      const provider = await OpenSubtitlesProvider.create(setup, { now: () => Date.parse('2020-01-01T00:00:01Z') });
      expect(provider.quota()).toEqual({ remaining: null, resetsAt: null });
      expect(await provider.fetch(episode(1, 1), signal())).not.toBeNull();
    } finally {
      await setup.dispose();
    }
  });
});

describe('OpenSubtitles rate limits (HTTP 429)', () => {
  it('waits for Retry-After and tries again', async () => {
    server.fail({
      status: 429,
      headers: { 'retry-after': '1' },
      path: '/api/v1/subtitles',
      body: { message: 'Throttle limit reached' },
    });
    const { provider, setup } = await providerFor(server);
    const started = Date.now();
    expect(await provider.fetch(episode(1, 1), signal())).not.toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests.filter((r) => r.path.startsWith('/api/v1/subtitles'))).toHaveLength(2);
    expect(logText(setup)).toContain('rate limit');
  });

  it('gives up at once with a retryable error when Retry-After is longer than allowed, or after max_retries', async () => {
    const { provider } = await providerFor(server, { max_retry_wait_seconds: 2, max_retries: 1 });
    server.fail({ status: 429, headers: { 'retry-after': '60' } });
    const started = Date.now();
    expect(await caught(provider.fetch(episode(1, 1), signal()))).toMatchObject({
      code: 'subtitle_rate_limited',
      retryable: true,
    });
    expect(Date.now() - started).toBeLessThan(10_000); // not the 60 s asked for
    server.fail({ status: 429, headers: { 'retry-after': '0' } }, { status: 429, headers: { 'retry-after': '0' } });
    expect(await caught(provider.fetch(episode(1, 1), signal()))).toMatchObject({ code: 'subtitle_rate_limited' });
  });

  it('stops waiting as soon as the signal fires', async () => {
    server.fail({ status: 429, headers: { 'retry-after': '8' } });
    const { provider } = await providerFor(server, { max_retry_wait_seconds: 30 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    expect(await caught(provider.fetch(episode(1, 1), controller.signal))).toMatchObject({ code: 'aborted' });
    expect(Date.now() - started).toBeLessThan(4000); // not the 8 s asked for
  });
});

describe('OpenSubtitles failures', () => {
  it('a refused API key is a clear, non-retryable auth error that never shows the key', async () => {
    const { provider, setup } = await providerFor(server, { api_key: 'wrong-key-abcdef' });
    const error = await caught(provider.fetch(episode(1, 1), signal()));
    expect(error).toMatchObject({ code: 'subtitle_auth_failed', category: 'subtitle', retryable: false });
    expect(error.message).toMatch(/refused the API key \(HTTP 401.*check api_key/);
    expect(error.message + logText(setup)).not.toContain('wrong-key-abcdef');
  });

  it('a refused login says to check username and password, never showing the password', async () => {
    const { provider, setup } = await providerFor(server, { username: 'reader', password: 'not-the-password' });
    const error = await caught(provider.fetch(episode(1, 1), signal()));
    expect(error).toMatchObject({ code: 'subtitle_auth_failed' });
    expect(error.message).toContain('check username and password');
    expect(error.message + logText(setup)).not.toContain('not-the-password');
  });

  it('without an API key it says what to set and sends nothing', async () => {
    const { provider } = await providerFor(server, { api_key: '' });
    expect(await caught(provider.fetch(episode(1, 1), signal()))).toMatchObject({
      code: 'subtitle_not_configured',
      message: expect.stringContaining('api_key'),
    });
    expect(server.requests).toEqual([]);
  });

  it('5xx answers are retryable errors', async () => {
    server.fail({ status: 503, body: '<html>Service Unavailable</html>' });
    const { provider } = await providerFor(server);
    expect(await caught(provider.fetch(episode(1, 1), signal()))).toMatchObject({
      code: 'subtitle_service_unavailable',
      retryable: true,
    });
    server.fail({ status: 502, path: '/api/v1/download' });
    expect(await caught(provider.fetch(episode(1, 1), signal()))).toMatchObject({
      code: 'subtitle_service_unavailable',
      retryable: true,
    });
  });

  it('malformed JSON and a result without a data list are retryable bad-response errors', async () => {
    const { provider } = await providerFor(server);
    server.fail({ status: 200, body: '{"data": [ {"id": ' });
    expect(await caught(provider.fetch(episode(1, 1), signal()))).toMatchObject({
      code: 'subtitle_bad_response',
      retryable: true,
    });
    server.fail({ status: 200, body: { total_pages: 1, page: 1 } });
    expect(await caught(provider.available!(episode(1, 1), signal()))).toMatchObject({
      code: 'subtitle_bad_response',
      retryable: true,
    });
    server.fail({ status: 200, path: '/api/v1/download', body: { remaining: 3 } });
    expect(await caught(provider.fetch(episode(1, 1), signal()))).toMatchObject({ code: 'subtitle_bad_response' });
  });

  it('an expired download link is a retryable download error', async () => {
    server.fail({ status: 410, path: '/download/', body: 'gone' });
    const { provider } = await providerFor(server);
    expect(await caught(provider.fetch(episode(1, 1), signal()))).toMatchObject({
      code: 'subtitle_download_failed',
      retryable: true,
    });
  });

  it('an unreachable service is a retryable error', async () => {
    const gone = await startOpenSubtitlesServer();
    await gone.close();
    const { provider } = await providerFor(gone);
    expect(await caught(provider.fetch(episode(1, 1), signal()))).toMatchObject({
      code: 'subtitle_service_unreachable',
      retryable: true,
    });
  });

  it('aborts a hanging request promptly, and does nothing for an already aborted signal', async () => {
    server.fail({ hang: true });
    const { provider } = await providerFor(server);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    expect(await caught(provider.available!(episode(1, 1), controller.signal))).toMatchObject({ code: 'aborted' });
    expect(Date.now() - started).toBeLessThan(5000); // the request would hang forever
    server.requests.length = 0;
    expect(await caught(provider.fetch(episode(1, 1), AbortSignal.abort()))).toMatchObject({ code: 'aborted' });
    expect(server.requests).toEqual([]);
  });
});
