/**
 * Crash recovery: the real service (`spindle serve` in its own process) is killed with SIGKILL in
 * the middle of each working state, then started again on the same data directory.
 * - identifying: makemkvcon's scan hangs (replay stand-in), the kill leaves it running; the next
 *   start stops it, scans again and finishes the job.
 * - ripping while matching: makemkvcon writes the titles slowly and each match takes a while; the
 *   kill lands with one title being matched and the next ripped; the next start keeps the titles
 *   ripped whole (not ripped again), rips the cut one again, and completes the job.
 * - matching: a slow matcher (order-guess `delay_ms`); the next start puts MATCHING titles back in
 *   line and finishes each title once.
 * - organizing: large files copied across filesystems (a tmpfs as the library); the kill lands
 *   mid-copy; the next start removes the partial copy and finishes; every file is in the library once.
 * After each restart: every title is accounted for (none lost, none twice), every file is either
 * in the library under its name or still in staging and claimed by its title, and no process
 * started for the test's paths outlives the job (checked in /proc).
 * Shared setup and helpers: support/crash-world.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { link, mkdir, mkdtemp, readdir, stat, statfs, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blkidExport, createFakeLinux, type FakeLinux } from '../../plugins/detector-linux-drive/test/fake-linux.ts';
import { eventually, type apiClient } from '../support/http-client.ts';
import { mkvRuns } from '../support/makemkv-replay.ts';
import {
  episodes,
  expectLibrary,
  expectNoOrphans,
  isRoot,
  kill,
  mounts,
  pipeline,
  root,
  setOutcome,
  setup,
  shmDirs,
  start,
  terminal,
  titles,
  useCrashWorld,
  type Setup,
  type Wire,
} from './support/crash-world.ts';
import { createGatedMakemkv, type GatedMakemkv } from './support/gated-makemkv.ts';
import { isAlive } from './support/processes.ts';

useCrashWorld();

describe('crash recovery (SIGKILL mid-state, restart on the same data)', () => {
  let linux: FakeLinux;
  beforeAll(async () => {
    linux = await createFakeLinux();
  });
  afterAll(async () => linux?.dispose());

  /** A disc job from the Linux drive detector (fake sysfs) read by the gated makemkvcon. */
  async function discSetup(
    name: string,
    drive: string,
    matcher: Record<string, unknown> = {},
  ): Promise<{ s: Setup; mkv: GatedMakemkv }> {
    await linux.addDrive(drive);
    const mkv = await createGatedMakemkv(join(root, name, 'makemkv-bin'), { [`/dev/${drive}`]: 'tv-bluray' });
    const s = await setup(name, {
      ripper_path: mkv.path,
      pipeline: pipeline({ detectors: ['linux-drive'] }),
      plugin_settings: {
        'detector-linux-drive': linux.settings({ poll_interval_seconds: 0.1, auto_eject: false }),
        'order-guess': { confidence: 0.9, ...matcher },
      },
    });
    return { s, mkv };
  }

  it('identifying: the hung scan is stopped at the next start, the disc scanned again and the job finished', async () => {
    const { s, mkv } = await discSetup('identifying', 'sr0');
    await mkv.set('hang', 'info');
    let { svc, api } = await start(s);
    await linux.insert('sr0', 4_000_000, blkidExport('/dev/sr0', 'SPINDLE_SHOW_S1D1'));
    const job = (
      await eventually(
        () => api.get<Wire[]>('/api/jobs'),
        (r) => r.body.some((j) => j.state === 'identifying'),
        15_000,
      )
    ).body[0]!;
    const scan = (
      await eventually(
        () => mkv.invocations(),
        (i) => i.some((x) => x.argv.includes('info')),
        10_000,
      )
    ).find((x) => x.argv.includes('info'))!;
    await new Promise((r) => setTimeout(r, 300));
    expect(isAlive(scan.pid)).toBe(true);

    const survivors = await kill(s, svc, 'identifying');
    // The hanging makemkvcon is in its own process group: SIGKILL of the service leaves it running.
    expect(survivors).toContain(scan.pid);

    await mkv.set('hang', null);
    await mkv.set('pace', 0.3);
    ({ svc, api } = await start(s));
    await eventually(
      async () => isAlive(scan.pid),
      (alive) => !alive,
      5000,
    );
    const done = await terminal(api, job.id);
    expect(done).toMatchObject({ state: 'completed', error_message: null });
    const rows = await titles(api, job.id);
    expect(rows.map((t) => t.title_index)).toEqual([0, 1, 2, 3, 4]);
    expect(rows.filter((t) => t.selected).map((t) => t.state)).toEqual(['completed', 'completed', 'completed']);
    expect((await api.get<Wire[]>('/api/jobs')).body.map((j) => j.id)).toEqual([job.id]); // the disc still in the drive made no second job
    await expectLibrary(
      s.tv,
      'Spindle Show',
      rows.filter((t) => t.selected).map((t) => `Spindle Show - ${t.matched_episode}.mkv`),
    );
    await eventually(
      async () => existsSync(join(s.staging, `job_${job.id}`)),
      (left) => !left,
      5000,
    ); // cleaned on success
    expectNoOrphans(s, svc);
    setOutcome('resumed and completed');
    await svc.stop();
    await linux.eject('sr0');
  }, 90_000);

  it('ripping while matching: every title is accounted for, what was ripped whole is kept, and the job completes', async () => {
    // Titles take 4 s to rip and 3 s to match (a real process per match): the kill lands while one
    // title is matched (or waits for it) and the next is being ripped.
    const { s, mkv } = await discSetup('ripping', 'sr1', { work_seconds: 3 });
    await mkv.set('pace', 4);
    let { svc, api } = await start(s);
    await linux.insert('sr1', 4_000_000, blkidExport('/dev/sr1', 'SPINDLE_SHOW_S1D1'));
    const job = (
      await eventually(
        () => api.get<Wire[]>('/api/jobs'),
        (r) => r.body.some((j) => j.state === 'ripping'),
        20_000,
      )
    ).body[0]!;
    const before = await eventually(
      () => titles(api, job.id),
      (rows) =>
        rows.some((t) => t.state === 'ripping') &&
        rows.some((t) => ['queued', 'matching', 'matched', 'completed'].includes(t.state)),
      60_000,
    );
    expect((await api.get<Wire>(`/api/jobs/${job.id}`)).body.state).toBe('ripping');
    const ripsBefore = (await mkv.invocations()).length;

    await kill(s, svc, 'ripping');
    await mkv.set('pace', 0.3);
    ({ svc, api } = await start(s));
    const done = await terminal(api, job.id, 90_000);
    expect(done).toMatchObject({ state: 'completed', error_message: null });
    const rows = await titles(api, job.id);
    expect(rows.map((t) => [t.id, t.title_index])).toEqual(before.map((t) => [t.id, t.title_index]));
    expect(rows.filter((t) => t.selected).map((t) => t.state)).toEqual(['completed', 'completed', 'completed']);
    await expectLibrary(
      s.tv,
      'Spindle Show',
      rows.filter((t) => t.selected).map((t) => `Spindle Show - ${t.matched_episode}.mkv`),
    );
    // A title ripped whole before the kill is not ripped again; the one cut by the kill (and those after it) are.
    const kept = before
      .filter((t) => t.selected && t.state !== 'ripping' && t.state !== 'pending')
      .map((t) => String(t.title_index));
    const ripsAfter = mkvRuns((await mkv.invocations()).slice(ripsBefore)).map((r) => r.title);
    expect(kept.length).toBeGreaterThan(0);
    for (const index of kept) expect(ripsAfter).not.toContain(index);
    expect(ripsAfter).toContain(String(before.find((t) => t.state === 'ripping')!.title_index));
    await eventually(
      async () => existsSync(join(s.staging, `job_${job.id}`)),
      (left) => !left,
      5000,
    ); // nothing partial left in staging
    expectNoOrphans(s, svc);
    setOutcome(`resumed title by title and completed (${kept.length} title(s) kept from before the kill)`);
    await svc.stop();
    await linux.eject('sr1');
  }, 150_000);

  /** A folder job (hard links to the episode MKVs) imported through the API with its identity declared. */
  async function importFolder(
    api: ReturnType<typeof apiClient>,
    s: Setup,
    label: string,
    padBytes = 0,
  ): Promise<number> {
    const folder = join(s.staging, label);
    await mkdir(folder);
    for (const name of await readdir(episodes)) {
      if (padBytes > 0) {
        await execFileSync('cp', [join(episodes, name), join(folder, name)]);
        await truncate(join(folder, name), padBytes); // a big title (sparse: cheap to make, real bytes to copy)
      } else await link(join(episodes, name), join(folder, name));
    }
    const res = await api.post<Wire>('/api/staging/import', {
      staging_path: folder,
      mode: 'move',
      content_type: 'tv',
      detected_title: 'Crash Show',
      detected_season: 1,
    });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  it('matching: titles caught MATCHING are matched again once, and the job finishes', async () => {
    const s = await setup('matching', {
      pipeline: pipeline({}),
      plugin_settings: { 'order-guess': { confidence: 0.9, delay_ms: 2500 } },
    });
    let { svc, api } = await start(s);
    const id = await importFolder(api, s, 'CRASH_SHOW_S1_D1');
    await eventually(
      () => titles(api, id),
      (rows) => rows.some((t) => t.state === 'matching'),
      20_000,
    );
    const before = await titles(api, id);
    expect((await api.get<Wire>(`/api/jobs/${id}`)).body.state).toBe('matching');

    await kill(s, svc, 'matching');
    ({ svc, api } = await start(s));
    const done = await terminal(api, id);
    expect(done).toMatchObject({ state: 'completed', error_message: null });
    const rows = await titles(api, id);
    expect(rows.map((t) => [t.id, t.title_index])).toEqual(before.map((t) => [t.id, t.title_index]));
    expect(rows.map((t) => t.state)).toEqual(['completed', 'completed', 'completed']);
    expect(rows.map((t) => t.matched_episode)).toEqual(['S01E01', 'S01E02', 'S01E03']);
    await expectLibrary(s.tv, 'Crash Show', [
      'Crash Show - S01E01.mkv',
      'Crash Show - S01E02.mkv',
      'Crash Show - S01E03.mkv',
    ]);
    const timeline = (await api.get<{ timeline: { from: string; to: string }[] }>(`/api/jobs/${id}/detail`)).body
      .timeline;
    expect(timeline.filter((e) => e.to === 'organizing')).toHaveLength(1);
    expectNoOrphans(s, svc);
    setOutcome('resumed and completed');
    await svc.stop();
  }, 90_000);

  it('organizing: the copy cut by the kill is cleaned up, every episode lands in the library once', async (ctx) => {
    // A second filesystem for the library, so files are copied (not renamed) and take time.
    const PAD = 160 * 1024 * 1024;
    let library = join(root, 'organizing-volume');
    await mkdir(library, { recursive: true });
    let mounted = false;
    if (isRoot) {
      try {
        execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1g', 'tmpfs', library], { stdio: 'ignore' });
        mounts.push(library);
        mounted = true;
      } catch {
        // no CAP_SYS_ADMIN: try /dev/shm
      }
    }
    if (!mounted) {
      const shm = await statfs('/dev/shm').catch(() => null);
      if (!shm || shm.bavail * shm.bsize < 4 * PAD)
        return ctx.skip('no second filesystem: a tmpfs cannot be mounted here and /dev/shm is too small');
      library = await mkdtemp(join('/dev/shm', 'spindle-crash-'));
      shmDirs.push(library);
    }
    const tv = join(library, 'TV');
    const s = await setup(
      'organizing',
      { pipeline: pipeline({}), plugin_settings: { 'order-guess': { confidence: 0.9 } } },
      tv,
    );
    let { svc, api } = await start(s);
    const id = await importFolder(api, s, 'CRASH_SHOW_S1_D1', PAD);
    const season = join(tv, 'Crash Show', 'Season 01');
    // Kill once one episode is in place and the next one is being copied (or at least one copy is under way).
    const at = await eventually(
      async () => (existsSync(season) ? await readdir(season) : []),
      (names) =>
        names.some((n) => n.includes('.spindle-partial-')) &&
        names.some((n) => n.endsWith('.mkv') && !n.startsWith('.')),
      30_000,
    ).catch(async () => (existsSync(season) ? await readdir(season) : []));
    expect((await api.get<Wire>(`/api/jobs/${id}`)).body.state).toBe('organizing');
    await kill(s, svc, 'organizing');
    const inLibraryAtKill = (await readdir(season)).filter((n) => !n.startsWith('.'));
    ctx.annotate(`at the kill: ${JSON.stringify(at)}; whole files ${inLibraryAtKill.length}`);

    ({ svc, api } = await start(s));
    const done = await terminal(api, id);
    expect(done).toMatchObject({ state: 'completed', error_message: null });
    const rows = await titles(api, id);
    expect(rows.map((t) => t.state)).toEqual(['completed', 'completed', 'completed']);
    const expected = ['Crash Show - S01E01.mkv', 'Crash Show - S01E02.mkv', 'Crash Show - S01E03.mkv'];
    await expectLibrary(tv, 'Crash Show', expected); // no partial copy left, nothing twice
    // Each title knows where its file went, also the one moved before the kill.
    expect(rows.map((t) => t.organized_path)).toEqual(expected.map((n) => join(season, n)));
    for (const n of expected) expect((await stat(join(season, n))).size).toBe(PAD);
    await eventually(
      async () => existsSync(join(s.staging, 'CRASH_SHOW_S1_D1')),
      (left) => !left,
      5000,
    ); // moved, then the import folder cleaned up
    expectNoOrphans(s, svc);
    setOutcome(`resumed and completed (${inLibraryAtKill.length} of 3 files in place at the kill)`);
    await svc.stop();
  }, 120_000);
});
