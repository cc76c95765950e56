/**
 * Fault injection through the real service, the network's side (shared setup: support/fault-world.ts):
 * a catalog, subtitle or fingerprint server that is down, slow or refusing never loses a file or a
 * contribution, and the job says what happened.
 *
 * | fault | how |
 * |---|---|
 * | catalog down / slow | TMDB's address refuses connections / answers after the timeout |
 * | subtitle server down / slow | OpenSubtitles' address refuses connections / never answers |
 * | fingerprint server 500 / 429 | a proxy in front of the real fingerprint-server answers 500, then 429 |
 */
import { readdir } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnFingerprintServer, type FingerprintServerProcess } from '../../fingerprint-server/test/server-process.ts';
import {
  SAMPLE_TOKEN,
  startTmdbServer,
  type TmdbServer,
} from '../../plugins/provider-tmdb/test/support/tmdb-server.ts';
import {
  startOpenSubtitlesServer,
  TEST_API_KEY,
  type OpenSubtitlesServer,
} from '../../plugins/subtitles-opensubtitles/test/support/opensubtitles-server.ts';
import { eventually } from '../support/http-client.ts';
import {
  closedPort,
  expectClear,
  expectSourceIntact,
  faults,
  finished,
  importTv,
  pipeline,
  root,
  service,
  slowServer,
  STACK_LINE,
  stagingFolder,
  useFaultWorld,
} from './support/fault-world.ts';

useFaultWorld('fault-injection-network');

describe('the catalog is down or slow', () => {
  let tmdb: TmdbServer;
  beforeAll(async () => {
    tmdb = await startTmdbServer({
      shows: [
        { id: 1400, name: 'Fault Show', first_air_date: '2005-03-24', popularity: 80, seasons: { 1: [22, 22, 22] } },
      ],
    });
  });
  afterAll(() => tmdb?.close());

  for (const mode of ['down', 'slow'] as const) {
    it(`${mode}: identification goes on without it and says the catalog failed`, async () => {
      const slow = mode === 'slow' ? await slowServer(4000, tmdb.url) : null;
      const baseUrl = slow ? slow.url : await closedPort();
      const { api, staging, tv } = await service(`catalog-${mode}`, {
        catalog_api_key: SAMPLE_TOKEN,
        pipeline: pipeline({ identifiers: ['catalog', 'heuristic'], providers: { catalog: ['tmdb'] } }),
        plugin_settings: { 'provider-tmdb': { base_url: baseUrl, request_timeout_seconds: 1, max_retries: 0 } },
      });
      const { folder, hashes } = await stagingFolder(staging, 'FAULT_SHOW_S1_D1');
      const id = await importTv(api, folder, false);
      const job = await finished(api, id);
      await slow?.close();
      // The catalog's failure is evidence on the job; the heuristic identifies the disc and the job completes.
      const detail = (
        await api.get<{ identification: { source: string; confidence: number; evidence: string[] }[] }>(
          `/api/jobs/${id}/detail`,
        )
      ).body;
      const catalog = detail.identification.find((a) => a.source === 'catalog')!;
      const said = catalog.evidence.join('; ');
      faults.push({ fault: `catalog ${mode}`, state: job.state, message: said });
      expect(job).toMatchObject({
        state: 'completed',
        error_message: null,
        classification_source: 'heuristic',
        detected_title: 'Fault Show',
      });
      expect(catalog.confidence).toBe(0);
      expect(said).toMatch(mode === 'down' ? /TMDB could not be reached/ : /TMDB could not be reached .*(time|abort)/i);
      expect(said).not.toMatch(STACK_LINE);
      expect((await readdir(join(tv, 'Fault Show', 'Season 01'))).length).toBe(3);
      // The staging folder is cleared by a state hook that runs after the job completes (in the background): wait
      // for it, reading a folder that is removed meanwhile as empty.
      await expect
        .poll(() => readdir(folder).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? [] : Promise.reject(e))))
        .toEqual([]);
      void hashes;
    });
  }
});

describe('the subtitle server is down or slow', () => {
  let subtitles: OpenSubtitlesServer;
  beforeAll(async () => {
    subtitles = await startOpenSubtitlesServer({ apiKey: TEST_API_KEY, subtitles: [] });
  });
  afterAll(() => subtitles?.close());

  for (const mode of ['down', 'slow'] as const) {
    it(`${mode}: matching stops for review saying the subtitles could not be had, nothing is lost`, async () => {
      const slow = mode === 'slow' ? await slowServer(null) : null;
      const baseUrl = `${slow ? slow.url : await closedPort()}/api/v1`;
      const { api, staging } = await service(`subtitles-${mode}`, {
        pipeline: pipeline({
          matchers: ['asr-subtitles'],
          providers: { subtitles: ['opensubtitles'], transcriber: ['pocketsphinx'], catalog: [] },
        }),
        plugin_settings: {
          'subtitles-opensubtitles': {
            api_key: TEST_API_KEY,
            base_url: baseUrl,
            request_timeout_seconds: 1,
            max_retries: 0,
          },
        },
      });
      const { folder, hashes } = await stagingFolder(staging, 'FAULT_SHOW_S1_D1');
      const id = await importTv(api, folder, true, { catalog_id: 4242 }); // OpenSubtitles is searched by the show's TMDB id
      const job = await finished(api, id, 60_000);
      if (slow) expect(slow.hits()).toBeGreaterThan(0);
      await slow?.close();
      expectClear(
        `subtitle server ${mode}`,
        job,
        'review_needed',
        mode === 'down' ? /could be fetched .*could not be reached/ : /could be fetched .*timed out/,
      );
      expect(job.subtitle_status).not.toBe('downloading');
      await expectSourceIntact(folder, hashes);
      const titles = (await api.get<{ state: string }[]>(`/api/jobs/${id}/titles`)).body;
      expect(titles.map((t) => t.state)).toEqual(['review', 'review', 'review']);
    }, 90_000);
  }
});

describe('the fingerprint server answers 500, then 429', () => {
  let network: FingerprintServerProcess;
  let proxy: Server;
  let mode: 'error' | 'limited' | 'pass' = 'error';
  const seen: Record<string, number> = { error: 0, limited: 0, pass: 0 };

  beforeAll(async () => {
    network = await spawnFingerprintServer({ DATABASE_URL: `sqlite://${join(root, 'network.db')}` });
    proxy = createServer((req, res) => {
      seen[mode]!++;
      if (mode === 'error')
        return res
          .writeHead(500, { 'content-type': 'application/json' })
          .end('{"error":{"code":"internal","message":"database unavailable"}}');
      if (mode === 'limited') return res.writeHead(429, { 'retry-after': '1' }).end();
      const fwd = httpRequest(network.url + req.url, { method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      req.pipe(fwd);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  }, 150_000);
  afterAll(async () => {
    if (proxy) {
      proxy.closeAllConnections();
      await new Promise((r) => proxy.close(r));
    }
    await network?.stop();
  });

  it('keeps every contribution queued through the failures and uploads each exactly once when the network recovers', async () => {
    const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const { svc, api } = await service(
      'fingerprint',
      { fingerprint_disclosure_accepted: true, enable_fingerprint_contributions: true },
      { DEBUG: 'true', FINGERPRINT_SERVER_URL: url, FINGERPRINT_UPLOAD_INTERVAL_SECONDS: '0.2' },
    );
    for (let i = 0; i < 3; i++) expect((await api.post('/debug/fingerprint/seed')).status).toBe(201);

    // Four tries with backoff (0.5, 1, 2 s), then the check gives up until the next one.
    await eventually(
      async () => svc.logs.some((l) => l.includes('upload deferred to the next check') && l.includes('500')),
      Boolean,
      15_000,
    );
    expect(seen.error).toBeGreaterThanOrEqual(4);
    expect((await api.get('/api/fingerprint/contributions')).body).toMatchObject({ pending_count: 3, entries: [] });
    faults.push({
      fault: 'fingerprint server 500',
      state: 'queued (3 pending)',
      message: svc.logs.find((l) => l.includes('upload deferred'))!.slice(0, 200),
    });

    mode = 'limited';
    await eventually(async () => svc.logs.some((l) => l.includes('asks to wait')), Boolean, 15_000);
    await eventually(
      async () => seen.limited,
      (n) => n >= 2,
      15_000,
    ); // asked again after Retry-After, not before
    expect((await api.get('/api/fingerprint/contributions')).body).toMatchObject({ pending_count: 3, entries: [] });
    faults.push({
      fault: 'fingerprint server 429',
      state: 'queued (3 pending)',
      message: svc.logs.find((l) => l.includes('asks to wait'))!.slice(0, 200),
    });

    mode = 'pass';
    const done = await eventually(
      () => api.get('/api/fingerprint/contributions'),
      (r) => r.body.pending_count === 0,
      15_000,
    );
    expect(done.body.entries).toHaveLength(3);
    const health = (await (await fetch(`${network.url}/v1/health`)).json()) as { episode_contributions: number };
    expect(health.episode_contributions).toBe(3);
  }, 60_000);
});
