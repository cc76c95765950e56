/**
 * What the crash-recovery files (disc and folder jobs) share with their helpers: a scratch root with
 * three episode MKVs, services spawned over a data directory of their own (killed and started again), the mounts and
 * shared-memory folders to undo, and the kills made (recorded as reliability figures).
 * `useCrashWorld(part)` registers the hooks (the figures go to test-artifacts/reliability/<part>.json);
 * the bindings below are live.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { apiClient } from '../../support/http-client.ts';
import { makeLongMkv } from '../../support/make-media.ts';
import { writeConfig } from '../../support/service-harness.ts';
import { spawnService, type ServiceProcess } from '../../support/service-process.ts';
import { recordFigures } from './figures.ts';
import { settledJob, type Wire } from './settled-job.ts';
import { processesMentioning, serviceNodePid } from './processes.ts';

const THIRD_PARTY = fileURLToPath(new URL('../../fixtures/third-party-plugins', import.meta.url));
const EPISODE_SECONDS = [1320, 1290, 1335];
export const isRoot = process.getuid?.() === 0;

export let root = '';
export let episodes = '';
export const mounts: string[] = [];
const running: ServiceProcess[] = [];
const killed: { state: string; outcome: string }[] = [];
export const shmDirs: string[] = [];

export type { Wire };
export interface TitleWire {
  id: number;
  title_index: number;
  state: string;
  organized_path: string | null;
  matched_episode: string | null;
  selected: boolean;
}

/** Registers the scratch root's setup and teardown (every process of the test killed, mounts undone, figures recorded). */
export function useCrashWorld(part: string): void {
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'spindle-crash-'));
    episodes = join(root, 'episodes');
    await mkdir(episodes);
    await Promise.all(EPISODE_SECONDS.map((s, i) => makeLongMkv(join(episodes, `title_t0${i}.mkv`), s)));
  }, 60_000);

  afterAll(async () => {
    for (const s of running) await s.stop('SIGKILL').catch(() => undefined);
    for (const p of processesMentioning(root)) process.kill(p.pid, 'SIGKILL');
    for (const dir of mounts.reverse()) {
      try {
        execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
      } catch {
        // already gone
      }
    }
    for (const dir of [root, ...shmDirs]) await rm(dir, { recursive: true, force: true });
    recordFigures(part, { states_killed: killed.length, kills: killed });
  });
}

export interface Setup {
  dir: string;
  dataDir: string;
  staging: string;
  tv: string;
  env: Record<string, string>;
}

/** A data directory, staging and library folders, and the configuration written before the first start. */
export async function setup(name: string, config: Record<string, unknown>, tvLibrary?: string): Promise<Setup> {
  const dir = join(root, name);
  const dataDir = join(dir, 'data');
  const staging = join(dir, 'staging');
  const tv = tvLibrary ?? join(dir, 'library', 'TV');
  for (const d of [dataDir, staging, tv, join(dir, 'library', 'Movies')]) await mkdir(d, { recursive: true });
  await writeConfig(dataDir, {
    staging_watch_enabled: false,
    staging_path: staging,
    library_tv_path: tv,
    library_movies_path: join(dir, 'library', 'Movies'),
    max_concurrent_matches: 2,
    ...config,
  });
  return {
    dir,
    dataDir,
    staging,
    tv,
    env: {
      SPINDLE_DATA_DIR: dataDir,
      SPINDLE_MAKEMKV_DATA_DIR: join(dataDir, 'makemkv'),
      SPINDLE_PLUGINS_DIR: THIRD_PARTY,
    },
  };
}

export async function start(s: Setup): Promise<{ svc: ServiceProcess; api: ReturnType<typeof apiClient> }> {
  const svc = await spawnService(s.env);
  running.push(svc);
  return { svc, api: apiClient(svc.url) };
}

/** SIGKILL, as a power cut or the OOM killer would; returns the test's processes that outlived it. */
export async function kill(s: Setup, svc: ServiceProcess, state: string): Promise<number[]> {
  const pid = serviceNodePid(svc.child.pid!);
  expect(pid).toBe(svc.child.pid); // the spawned process is the service itself, not a launcher
  const exit = await svc.stop('SIGKILL');
  expect(exit.signal).toBe('SIGKILL');
  killed.push({ state, outcome: '' });
  return processesMentioning(s.dir).map((p) => p.pid);
}

export { pipeline } from './stage-pipeline.ts';

export async function titles(api: ReturnType<typeof apiClient>, id: number): Promise<TitleWire[]> {
  return (await api.get<TitleWire[]>(`/api/jobs/${id}/titles`)).body;
}

export function terminal(api: ReturnType<typeof apiClient>, id: number, timeoutMs = 60_000): Promise<Wire> {
  return settledJob(api, id, timeoutMs);
}

/** No process started for this test's paths is left, apart from the service itself. */
export function expectNoOrphans(s: Setup, svc: ServiceProcess | null): void {
  const own = svc ? [svc.child.pid, serviceNodePid(svc.child.pid!)] : [];
  const left = processesMentioning(s.dir).filter((p) => !own.includes(p.pid));
  expect(left, `processes left: ${JSON.stringify(left)}`).toEqual([]);
}

/** Every title once; the episode files in the library once each and nothing half-written. */
export async function expectLibrary(tv: string, show: string, expected: string[]): Promise<void> {
  const season = join(tv, show, 'Season 01');
  const names = (await readdir(season)).sort();
  expect(names).toEqual([...expected].sort());
}

export function setOutcome(outcome: string): void {
  killed.at(-1)!.outcome = outcome;
}
