/**
 * What every fault-injection file shares (fault-injection-*.test.ts): a scratch root with three
 * episode MKVs, real services started over it, the mounts to undo, and the faults seen (recorded
 * as reliability figures). `useFaultWorld(part)` registers the file's hooks; the bindings below
 * are live (a test reads `root` after its beforeAll set it).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { link, mkdir, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { apiClient } from '../../support/http-client.ts';
import { makeLongMkv } from '../../support/make-media.ts';
import { startTestService, type TestService } from '../../support/service-harness.ts';
import { recordFigures } from './figures.ts';
import { settledJob, type Wire } from './settled-job.ts';
import { pipeline } from './stage-pipeline.ts';

export const isRoot = process.getuid?.() === 0;
export const STACK_LINE = /\n\s+at .+\(.+:\d+:\d+\)|\n\s+at .+:\d+:\d+/;

export let root = '';
let episodes = '';
const services: TestService[] = [];
export const mounts: string[] = [];
export const faults: { fault: string; state: string; message: string }[] = [];

export type { Wire };

/** Registers the scratch root's setup and teardown; the faults seen are recorded as figures under `part`. */
export function useFaultWorld(part: string): void {
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
    recordFigures(part, { faults_injected: faults.length, faults });
  });
}

export { pipeline };
const THIRD_PARTY = join(import.meta.dirname, '..', '..', 'fixtures', 'third-party-plugins');

export async function service(
  name: string,
  config: Record<string, unknown>,
  env: Record<string, string> = {},
  libraryTv?: string,
) {
  const dir = join(root, name);
  const staging = join(dir, 'staging');
  const tv = libraryTv ?? join(dir, 'library', 'TV');
  for (const d of [staging, join(dir, 'library', 'TV'), join(dir, 'library', 'Movies')])
    await mkdir(d, { recursive: true });
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

export function finished(api: ReturnType<typeof apiClient>, id: number, timeoutMs = 30_000): Promise<Wire> {
  return settledJob(api, id, timeoutMs);
}

/** The job's outcome is clear: a state and a message without a stack trace; recorded for the figures. */
export function expectClear(fault: string, job: Wire, state: string, message: RegExp): void {
  const text = (state === 'failed' ? job.error_message : job.review_reason) ?? '';
  faults.push({ fault, state: job.state, message: text });
  expect(job.state, `${fault}: ${text}`).toBe(state);
  expect(text).toMatch(message);
  expect(text).not.toMatch(STACK_LINE);
}

export const sha = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

/** A staging folder with the three episodes (hard links, or padded copies of `bytes`), with their hashes. */
export async function stagingFolder(
  staging: string,
  label: string,
  bytes = 0,
): Promise<{ folder: string; hashes: Record<string, string> }> {
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

export async function expectSourceIntact(folder: string, hashes: Record<string, string>): Promise<void> {
  for (const [name, hash] of Object.entries(hashes))
    expect(await sha(join(folder, name)), `${name} changed`).toBe(hash);
}

export async function importTv(
  api: ReturnType<typeof apiClient>,
  folder: string,
  declared = true,
  extra: Record<string, unknown> = {},
): Promise<number> {
  // A drop folder: its files are moved into the library (the tests follow each file out of the folder).
  const body = declared
    ? {
        staging_path: folder,
        mode: 'move',
        content_type: 'tv',
        detected_title: 'Fault Show',
        detected_season: 1,
        ...extra,
      }
    : { staging_path: folder, mode: 'move' };
  const res = await api.post<Wire>('/api/staging/import', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** A port nothing listens on: connections are refused. */
export async function closedPort(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return `http://127.0.0.1:${port}`;
}

/** A server that accepts requests and answers after `delayMs` (or never), forwarding to `target` if given. */
export async function slowServer(
  delayMs: number | null,
  target?: string,
): Promise<{ url: string; hits: () => number; close(): Promise<void> }> {
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
