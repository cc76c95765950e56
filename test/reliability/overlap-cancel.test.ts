/**
 * Ripping and matching at once, through the real service (`spindle serve` in its own process): a
 * disc read by the MakeMKV stand-in at a slow pace, and a matcher whose work is a real tool process
 * (order-guess `work_seconds`, run through the host's process runner).
 * - While one title is matched and the next ripped, the matcher's process runs at a lower priority
 *   (a higher nice value, read from /proc) than the ripper's makemkvcon.
 * - Cancel during the overlap stops both: makemkvcon and the matcher's process are gone, the job is
 *   failed as cancelled, and nothing moves afterwards (no title changes state, no file grows, no new
 *   rip starts). The time from the cancel request to both processes gone is measured and recorded
 *   (the spec's 2 s; not asserted against the clock, so a loaded machine cannot make this flaky).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blkidExport, createFakeLinux, type FakeLinux } from '../../plugins/detector-linux-drive/test/fake-linux.ts';
import { apiClient, eventually } from '../support/http-client.ts';
import { writeConfig } from '../support/service-harness.ts';
import { spawnService, type ServiceProcess } from '../support/service-process.ts';
import { recordFigures } from './support/figures.ts';
import { createGatedMakemkv } from './support/gated-makemkv.ts';
import { childrenOf, isAlive, processesMentioning, schedulingOf, serviceNodePid } from './support/processes.ts';
import { pipeline } from './support/stage-pipeline.ts';

const THIRD_PARTY = fileURLToPath(new URL('../fixtures/third-party-plugins', import.meta.url));

let root = '';
let linux: FakeLinux;
const running: ServiceProcess[] = [];

interface TitleWire {
  title_index: number;
  state: string;
  selected: boolean;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'spindle-overlap-'));
  linux = await createFakeLinux();
});

afterAll(async () => {
  for (const s of running) await s.stop('SIGKILL').catch(() => undefined);
  for (const p of processesMentioning(root)) process.kill(p.pid, 'SIGKILL');
  await linux?.dispose();
  await rm(root, { recursive: true, force: true });
});

const cmdline = (pid: number) => readFile(`/proc/${pid}/cmdline`, 'latin1').catch(() => '');

/** The service's tool processes: makemkvcon (the replay stand-in) and the matcher's `sleep`. */
async function tools(servicePid: number): Promise<{ rip: number[]; match: number[] }> {
  const rip: number[] = [];
  const match: number[] = [];
  for (const pid of childrenOf(servicePid)) {
    const line = await cmdline(pid);
    if (line.includes('makemkvcon')) rip.push(pid);
    else if (line.startsWith('sleep\0')) match.push(pid);
  }
  return { rip, match };
}

async function folderSizes(folder: string): Promise<Record<string, number>> {
  if (!existsSync(folder)) return {};
  const names = await readdir(folder);
  return Object.fromEntries(
    await Promise.all(
      names.map(async (n) => [n, (await stat(join(folder, n)).catch(() => null))?.size ?? -1] as const),
    ),
  );
}

describe('ripping and matching at once', () => {
  it('matches at a lower priority than the rip, and cancel stops the rip and the matches, after which nothing moves', async () => {
    const dir = join(root, 'cancel');
    const dataDir = join(dir, 'data');
    const staging = join(dir, 'staging');
    for (const d of [dataDir, staging, join(dir, 'library', 'TV'), join(dir, 'library', 'Movies')])
      await mkdir(d, { recursive: true });
    await linux.addDrive('sr0');
    const mkv = await createGatedMakemkv(join(dir, 'makemkv-bin'), { '/dev/sr0': 'tv-bluray' });
    await mkv.set('pace', 5);
    await writeConfig(dataDir, {
      staging_watch_enabled: false,
      staging_path: staging,
      library_tv_path: join(dir, 'library', 'TV'),
      library_movies_path: join(dir, 'library', 'Movies'),
      max_concurrent_matches: 2,
      ripper_path: mkv.path,
      pipeline: pipeline({ detectors: ['linux-drive'] }),
      plugin_settings: {
        'detector-linux-drive': linux.settings({ poll_interval_seconds: 0.1, auto_eject: false }),
        'order-guess': { confidence: 0.9, work_seconds: 60 },
      },
    });
    const svc = await spawnService({
      SPINDLE_DATA_DIR: dataDir,
      SPINDLE_MAKEMKV_DATA_DIR: join(dataDir, 'makemkv'),
      SPINDLE_PLUGINS_DIR: THIRD_PARTY,
    });
    running.push(svc);
    const api = apiClient(svc.url);
    const servicePid = serviceNodePid(svc.child.pid!);
    await linux.insert('sr0', 4_000_000, blkidExport('/dev/sr0', 'SPINDLE_SHOW_S1D1'));
    const job = (
      await eventually(
        () => api.get<{ id: number; state: string }[]>('/api/jobs'),
        (r) => r.body.some((j) => j.state === 'ripping'),
        30_000,
      )
    ).body[0]!;

    // The overlap: a title MATCHING (its sleep running) while the next one is RIPPING (makemkvcon running).
    const overlap = await eventually(
      async () => ({
        rows: (await api.get<TitleWire[]>(`/api/jobs/${job.id}/titles`)).body,
        procs: await tools(servicePid),
      }),
      ({ rows, procs }) =>
        rows.some((t) => t.state === 'matching') &&
        rows.some((t) => t.state === 'ripping') &&
        procs.rip.length > 0 &&
        procs.match.length > 0,
      60_000,
    );
    expect((await api.get<{ state: string }>(`/api/jobs/${job.id}`)).body.state).toBe('ripping');
    const ripNice = overlap.procs.rip.map((p) => schedulingOf(p)?.nice ?? null);
    const matchNice = overlap.procs.match.map((p) => schedulingOf(p)?.nice ?? null);
    for (const n of matchNice) {
      expect(n).not.toBeNull();
      for (const r of ripNice) if (r !== null) expect(n!).toBeGreaterThan(r);
    }
    expect(Math.min(...matchNice.map((n) => n ?? 0))).toBeGreaterThanOrEqual(10);

    const pids = [...overlap.procs.rip, ...overlap.procs.match];
    const sent = performance.now();
    const cancelled = await api.post<{ state: string; error_message: string | null }>(`/api/jobs/${job.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.state).toBe('failed');
    // Generous wait for the observation; the figure is the time until the processes were gone.
    while (pids.some(isAlive) && performance.now() - sent < 20_000) await new Promise((r) => setTimeout(r, 20));
    const goneMs = performance.now() - sent;
    expect(pids.filter(isAlive)).toEqual([]);
    expect((await tools(servicePid)).rip.concat((await tools(servicePid)).match)).toEqual([]);

    // Nothing moves afterwards: no title changes, no file grows, no new rip or match starts.
    const folder = join(staging, `job_${job.id}`);
    const after = (await api.get<TitleWire[]>(`/api/jobs/${job.id}/titles`)).body;
    expect(after.filter((t) => ['ripping', 'queued', 'matching'].includes(t.state))).toEqual([]);
    const files = await folderSizes(folder);
    const runs = (await mkv.invocations()).length;
    await new Promise((r) => setTimeout(r, 3000));
    expect((await api.get<TitleWire[]>(`/api/jobs/${job.id}/titles`)).body).toEqual(after);
    expect(await folderSizes(folder)).toEqual(files);
    expect((await mkv.invocations()).length).toBe(runs);
    expect(await tools(servicePid)).toEqual({ rip: [], match: [] });
    expect((await api.get<{ state: string }>(`/api/jobs/${job.id}`)).body.state).toBe('failed');

    recordFigures('overlap-cancel', {
      rip_nice: ripNice,
      match_nice: matchNice,
      cancel_to_processes_gone_ms: Math.round(goneMs),
    });
    await svc.stop();
    await linux.eject('sr0');
  }, 150_000);
});
