/**
 * Fault injection through the real service: each fault ends in a clear job state with a message a
 * person can act on (never a stack trace), and nothing is lost — the source stays where it was,
 * no partial file is claimed or filed, queued contributions stay queued.
 *
 * | fault | how |
 * |---|---|
 * | ripper exits non-zero | the makemkvcon stand-in prints "Failed to open disc" and exits 2 |
 * | ripper killed by a signal | the stand-in dies of SIGABRT without a word |
 * | ripper hangs | the stand-in hangs mid-rip; the stall watchdog (2 s) stops it |
 * | staging folder read-only | staging_path is a read-only tmpfs (root only) |
 * | ripper writes a truncated file | the stand-in reports success, the file is cut short |
 * | ffmpeg missing | media_tool_path names a file that is not a program |
 * | disk full during organize | the library is a 24 MB tmpfs, titles of 20 MB (root only) |
 * | library folder read-only | the library is a read-only tmpfs (root), else a 0555 folder |
 * | catalog down / slow | TMDB's address refuses connections / answers after the timeout |
 * | subtitle server down / slow | OpenSubtitles' address refuses connections / never answers |
 * | fingerprint server 500 / 429 | a proxy in front of the real fingerprint-server answers 500, then 429 |
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, link, mkdir, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnFingerprintServer, type FingerprintServerProcess } from '../../fingerprint-server/test/server-process.ts';
import { SAMPLE_TOKEN, startTmdbServer, type TmdbServer } from '../../plugins/provider-tmdb/test/support/tmdb-server.ts';
import { startOpenSubtitlesServer, TEST_API_KEY, type OpenSubtitlesServer } from '../../plugins/subtitles-opensubtitles/test/support/opensubtitles-server.ts';
import { apiClient, eventually } from '../support/http-client.ts';
import { makeLongMkv } from '../support/make-media.ts';
import { startTestService, type TestService } from '../support/service-harness.ts';
import { recordFigures } from './support/figures.ts';
import { createGatedMakemkv, type GatedMakemkv } from './support/gated-makemkv.ts';

const isRoot = process.getuid?.() === 0;
const STACK_LINE = /\n\s+at .+\(.+:\d+:\d+\)|\n\s+at .+:\d+:\d+/;

let root = '';
let episodes = '';
const services: TestService[] = [];
const mounts: string[] = [];
const faults: { fault: string; state: string; message: string }[] = [];

interface Wire {
  id: number;
  state: string;
  error_message: string | null;
  review_reason: string | null;
  [k: string]: unknown;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'spindle-faults-'));
  episodes = join(root, 'episodes');
  await mkdir(episodes);
  await Promise.all([1320, 1290, 1335].map((s, i) => makeLongMkv(join(episodes, `title_t0${i}.mkv`), s)));
}, 60_000);

afterAll(async () => {
  for (const s of services) await s.close().catch(() => undefined);
  for (const dir of mounts.reverse()) {
    try {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
    } catch {
      // already gone
    }
  }
  await rm(root, { recursive: true, force: true });
  recordFigures('fault-injection', { faults_injected: faults.length, faults });
});

const pipeline = (over: Record<string, unknown> = {}) => ({
  detectors: [],
  identifiers: ['heuristic'],
  rippers: { disc: 'makemkv', folder: 'folder' },
  matchers: ['order-guess'],
  organizer: 'library',
  contributors: [],
  providers: {},
  ...over,
});
const THIRD_PARTY = join(import.meta.dirname, '..', 'fixtures', 'third-party-plugins');

async function service(name: string, config: Record<string, unknown>, env: Record<string, string> = {}, libraryTv?: string) {
  const dir = join(root, name);
  const staging = join(dir, 'staging');
  const tv = libraryTv ?? join(dir, 'library', 'TV');
  for (const d of [staging, join(dir, 'library', 'TV'), join(dir, 'library', 'Movies')]) await mkdir(d, { recursive: true });
  const svc = await startTestService({
    pluginPaths: [THIRD_PARTY],
    env,
    config: {
      staging_path: staging,
      library_tv_path: tv,
      library_movies_path: join(dir, 'library', 'Movies'),
      pipeline: pipeline(),
      ...config,
      plugin_settings: { 'order-guess': { confidence: 0.9 }, ...(config.plugin_settings as object | undefined) },
    },
  });
  services.push(svc);
  return { svc, api: apiClient(svc.url), staging, tv, dir };
}

async function finished(api: ReturnType<typeof apiClient>, id: number, timeoutMs = 30_000): Promise<Wire> {
  return (await eventually(() => api.get<Wire>(`/api/jobs/${id}`), (r) => ['completed', 'failed', 'review_needed'].includes(r.body.state), timeoutMs)).body;
}

/** The job's outcome is clear: a state and a message without a stack trace; recorded for the figures. */
function expectClear(fault: string, job: Wire, state: string, message: RegExp): void {
  const text = (state === 'failed' ? job.error_message : job.review_reason) ?? '';
  faults.push({ fault, state: job.state, message: text });
  expect(job.state, `${fault}: ${text}`).toBe(state);
  expect(text).toMatch(message);
  expect(text).not.toMatch(STACK_LINE);
}

const sha = async (path: string) => createHash('sha256').update(await readFile(path)).digest('hex');

/** A staging folder with the three episodes (hard links, or padded copies of `bytes`), with their hashes. */
async function stagingFolder(staging: string, label: string, bytes = 0): Promise<{ folder: string; hashes: Record<string, string> }> {
  const folder = join(staging, label);
  await mkdir(folder);
  const hashes: Record<string, string> = {};
  for (const name of await readdir(episodes)) {
    if (bytes > 0) {
      await writeFile(join(folder, name), await readFile(join(episodes, name)));
      await truncate(join(folder, name), bytes);
    } else await link(join(episodes, name), join(folder, name));
    hashes[name] = await sha(join(folder, name));
  }
  return { folder, hashes };
}

async function expectSourceIntact(folder: string, hashes: Record<string, string>): Promise<void> {
  for (const [name, hash] of Object.entries(hashes)) expect(await sha(join(folder, name)), `${name} changed`).toBe(hash);
}

async function importTv(api: ReturnType<typeof apiClient>, folder: string, declared = true, extra: Record<string, unknown> = {}): Promise<number> {
  // A drop folder: its files are moved into the library (the tests follow each file out of the folder).
  const body = declared ? { staging_path: folder, mode: 'move', content_type: 'tv', detected_title: 'Fault Show', detected_season: 1, ...extra } : { staging_path: folder, mode: 'move' };
  const res = await api.post<Wire>('/api/staging/import', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

describe('the ripper fails', () => {
  let svc: TestService;
  let api: ReturnType<typeof apiClient>;
  let staging: string;
  let mkv: GatedMakemkv;

  beforeAll(async () => {
    mkv = await createGatedMakemkv(join(root, 'ripper-bin'), { '/dev/sr0': 'tv-bluray' });
    await mkv.set('pace', 0.3);
    ({ svc, api, staging } = await service('ripper', {
      ripper_path: mkv.path,
      plugin_settings: { 'ripper-makemkv': { stall_timeout_seconds: 2 } },
    }));
  });

  /** A disc job as the drive detector makes it. */
  async function discJob(): Promise<number> {
    const job = await svc.service.jobService.create({ sourceKind: 'disc', driveId: '/dev/sr0', volumeLabel: 'FAULT_SHOW_S1D1' });
    svc.service.runner.start(job.id);
    return job.id;
  }

  async function expectNothingClaimed(id: number): Promise<void> {
    const titles = await svc.service.db.titles.listByJob(id);
    expect(titles.filter((t) => t.selected).every((t) => t.state === 'failed' && t.filePath === null), JSON.stringify(titles.map((t) => [t.state, t.filePath]))).toBe(true);
    const folder = join(staging, `job_${id}`);
    expect(existsSync(folder) ? (await readdir(folder)).filter((n) => n.endsWith('.mkv')) : []).toEqual([]);
  }

  it('exits non-zero: the job fails saying the disc could not be opened', async () => {
    await mkv.set('exit', 2);
    const job = await finished(api, await discJob());
    await mkv.set('exit', null);
    expectClear('ripper exits non-zero', job, 'failed', /open/i);
    await expectNothingClaimed(job.id);
  });

  it('dies without a word (SIGABRT): the job fails saying how makemkvcon ended', async () => {
    await mkv.set('crash', 1);
    const job = await finished(api, await discJob());
    await mkv.set('crash', null);
    expectClear('ripper crashes (killed by a signal)', job, 'failed', /makemkvcon was killed by SIGABRT/);
    await expectNothingClaimed(job.id);
  });

  it('hangs: the watchdog stops it and the job fails saying so', async () => {
    await mkv.set('hang', 'mkv');
    const id = await discJob();
    const job = await finished(api, id, 20_000);
    await mkv.set('hang', null);
    expectClear('ripper hangs', job, 'failed', /made no progress for 2 s/);
    await expectNothingClaimed(id);
    const pids = (await mkv.invocations()).filter((i) => i.argv.includes('mkv')).map((i) => i.pid);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  });

  it('staging folder read-only: the job fails saying where it could not write, without a stack trace', async (ctx) => {
    if (!isRoot) return ctx.skip('needs root to mount a read-only tmpfs as staging');
    const readOnly = join(root, 'ro-staging');
    await mkdir(readOnly, { recursive: true });
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', readOnly], { stdio: 'ignore' });
    } catch {
      return ctx.skip('mounting a read-only tmpfs failed (no CAP_SYS_ADMIN?)');
    }
    mounts.push(readOnly);
    expect((await api.put('/api/config', { staging_path: readOnly })).status).toBe(200);
    const job = await finished(api, await discJob());
    expect((await api.put('/api/config', { staging_path: staging })).status).toBe(200);
    expectClear('staging folder read-only', job, 'failed', /read-only file system/);
    expect(job.error_message).toContain(readOnly);
  });

  it('writes a truncated file: the title is not passed on as ripped', async () => {
    await mkv.set('truncate', 4096);
    const id = await discJob();
    const job = await finished(api, id);
    await mkv.set('truncate', null);
    expectClear('ripper writes a truncated file', job, 'failed', /truncated|incomplete|short|smaller|expected/i);
    await expectNothingClaimed(id);
  });
});

describe('ffmpeg is missing', () => {
  it('fails the job saying which tool and which setting', async () => {
    const notAProgram = join(root, 'ffmpeg-is-not-here.txt');
    await writeFile(notAProgram, 'not a program');
    const { api, staging } = await service('no-ffmpeg', { media_tool_path: notAProgram });
    const { folder, hashes } = await stagingFolder(staging, 'FAULT_SHOW_S1_D1');
    const job = await finished(api, await importTv(api, folder));
    expectClear('ffmpeg missing', job, 'failed', /ff(mpeg|probe).*(could not be started|was not found|not a program).*media_tool_path|media_tool_path/);
    await expectSourceIntact(folder, hashes);
  });
});

describe('the library cannot take the files', () => {
  async function volume(name: string, options: string): Promise<string | null> {
    if (!isRoot) return null;
    const dir = join(root, name);
    await mkdir(dir, { recursive: true });
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
    } catch {
      return null;
    }
    mounts.push(dir);
    return dir;
  }

  it('disk full during organize: fails naming the full disk, the rips stay in staging, nothing half-copied is left', async (ctx) => {
    // Titles of several copy chunks (8 MB): the disk fills while the next chunk is being read.
    const SIZE = 20 * 1024 * 1024;
    const library = await volume('full-volume', 'size=24m');
    if (!library) return ctx.skip('needs root to mount a small tmpfs as the library');
    const { api, staging } = await service('disk-full', {}, {}, library);
    const { folder, hashes } = await stagingFolder(staging, 'FAULT_SHOW_S1_D1', SIZE);
    // A write failing while nothing awaits it yet would be an unhandled rejection: it ends a real service process.
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const job = await finished(api, await importTv(api, folder)).finally(() => new Promise((r) => setTimeout(r, 200)));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled.map(String)).toEqual([]);
    expectClear('disk full during organize', job, 'failed', /disk holding .* is full/i);
    const left = (await readdir(library, { recursive: true })).map(String);
    expect(left.filter((n) => n.includes('.spindle-partial-'))).toEqual([]);
    // Every file is somewhere whole: in the library (title OK) or untouched in staging (title FAIL).
    const titles = (await api.get<{ title_index: number; state: string; organized_path: string | null }[]>(`/api/jobs/${job.id}/titles`)).body;
    expect(titles.some((t) => t.state === 'failed')).toBe(true);
    for (const t of titles) {
      const name = `title_t0${t.title_index}.mkv`;
      if (t.state === 'completed') {
        expect(existsSync(join(folder, name))).toBe(false);
        expect(await sha(t.organized_path!)).toBe(hashes[name]);
      } else {
        expect(t.state).toBe('failed');
        expect(await sha(join(folder, name))).toBe(hashes[name]);
      }
    }
  });

  it('library folder read-only: fails naming the read-only folder, the rips stay in staging', async (ctx) => {
    let library = await volume('ro-volume', 'ro,size=1m');
    if (!library) {
      // root writes into a 0555 folder anyway: only a read-only mount makes the library read-only for root
      if (isRoot) return ctx.skip('root, and mounting a read-only tmpfs failed (no CAP_SYS_ADMIN?)');
      library = join(root, 'ro-folder');
      await mkdir(library, { recursive: true });
      await chmod(library, 0o555);
    }
    const { api, staging } = await service('read-only', {}, {}, library);
    const { folder, hashes } = await stagingFolder(staging, 'FAULT_SHOW_S1_D1');
    const job = await finished(api, await importTv(api, folder));
    expectClear('library read-only', job, 'failed', /read-only file system|permission denied/i);
    expect(job.error_message).toContain(library);
    await expectSourceIntact(folder, hashes);
    expect(await readdir(library)).toEqual([]);
  });
});

/** A port nothing listens on: connections are refused. */
async function closedPort(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return `http://127.0.0.1:${port}`;
}

/** A server that accepts requests and answers after `delayMs` (or never), forwarding to `target` if given. */
async function slowServer(delayMs: number | null, target?: string): Promise<{ url: string; hits: () => number; close(): Promise<void> }> {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    if (delayMs === null) return; // never answers
    setTimeout(() => {
      if (!target) return res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      const fwd = httpRequest(target + req.url, { method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      fwd.on('error', () => res.destroy());
      req.pipe(fwd);
    }, delayMs);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

describe('the catalog is down or slow', () => {
  let tmdb: TmdbServer;
  beforeAll(async () => {
    tmdb = await startTmdbServer({ shows: [{ id: 1400, name: 'Fault Show', first_air_date: '2005-03-24', popularity: 80, seasons: { 1: [22, 22, 22] } }] });
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
      const detail = (await api.get<{ identification: { source: string; confidence: number; evidence: string[] }[] }>(`/api/jobs/${id}/detail`)).body;
      const catalog = detail.identification.find((a) => a.source === 'catalog')!;
      const said = catalog.evidence.join('; ');
      faults.push({ fault: `catalog ${mode}`, state: job.state, message: said });
      expect(job).toMatchObject({ state: 'completed', error_message: null, classification_source: 'heuristic', detected_title: 'Fault Show' });
      expect(catalog.confidence).toBe(0);
      expect(said).toMatch(mode === 'down' ? /TMDB could not be reached/ : /TMDB could not be reached .*(time|abort)/i);
      expect(said).not.toMatch(STACK_LINE);
      expect((await readdir(join(tv, 'Fault Show', 'Season 01'))).length).toBe(3);
      expect(existsSync(folder) ? await readdir(folder) : []).toEqual([]);
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
        pipeline: pipeline({ matchers: ['asr-subtitles'], providers: { subtitles: ['opensubtitles'], transcriber: ['pocketsphinx'], catalog: [] } }),
        plugin_settings: { 'subtitles-opensubtitles': { api_key: TEST_API_KEY, base_url: baseUrl, request_timeout_seconds: 1, max_retries: 0 } },
      });
      const { folder, hashes } = await stagingFolder(staging, 'FAULT_SHOW_S1_D1');
      const id = await importTv(api, folder, true, { catalog_id: 4242 }); // OpenSubtitles is searched by the show's TMDB id
      const job = await finished(api, id, 60_000);
      if (slow) expect(slow.hits()).toBeGreaterThan(0);
      await slow?.close();
      expectClear(`subtitle server ${mode}`, job, 'review_needed', mode === 'down' ? /could be fetched .*could not be reached/ : /could be fetched .*timed out/);
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
      if (mode === 'error') return res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"code":"internal","message":"database unavailable"}}');
      if (mode === 'limited') return res.writeHead(429, { 'retry-after': '1' }).end();
      const fwd = httpRequest(network.url + req.url, { method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      req.pipe(fwd);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  }, 30_000);
  afterAll(async () => {
    proxy?.closeAllConnections();
    await new Promise((r) => proxy?.close(r));
    await network?.stop();
  });

  it('keeps every contribution queued through the failures and uploads each exactly once when the network recovers', async () => {
    const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const { svc, api } = await service('fingerprint', { fingerprint_disclosure_accepted: true, enable_fingerprint_contributions: true }, { DEBUG: 'true', FINGERPRINT_SERVER_URL: url, FINGERPRINT_UPLOAD_INTERVAL_SECONDS: '0.2' });
    for (let i = 0; i < 3; i++) expect((await api.post('/debug/fingerprint/seed')).status).toBe(201);

    // Four tries with backoff (0.5, 1, 2 s), then the check gives up until the next one.
    await eventually(async () => svc.logs.some((l) => l.includes('upload deferred to the next check') && l.includes('500')), Boolean, 15_000);
    expect(seen.error).toBeGreaterThanOrEqual(4);
    expect((await api.get('/api/fingerprint/contributions')).body).toMatchObject({ pending_count: 3, entries: [] });
    faults.push({ fault: 'fingerprint server 500', state: 'queued (3 pending)', message: svc.logs.find((l) => l.includes('upload deferred'))!.slice(0, 200) });

    mode = 'limited';
    await eventually(async () => svc.logs.some((l) => l.includes('asks to wait')), Boolean, 15_000);
    await eventually(async () => seen.limited, (n) => n >= 2, 15_000); // asked again after Retry-After, not before
    expect((await api.get('/api/fingerprint/contributions')).body).toMatchObject({ pending_count: 3, entries: [] });
    faults.push({ fault: 'fingerprint server 429', state: 'queued (3 pending)', message: svc.logs.find((l) => l.includes('asks to wait'))!.slice(0, 200) });

    mode = 'pass';
    const done = await eventually(() => api.get('/api/fingerprint/contributions'), (r) => r.body.pending_count === 0, 15_000);
    expect(done.body.entries).toHaveLength(3);
    const health = (await (await fetch(`${network.url}/v1/health`)).json()) as { episode_contributions: number };
    expect(health.episode_contributions).toBe(3);
  }, 60_000);
});
