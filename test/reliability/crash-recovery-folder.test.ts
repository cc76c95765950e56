/**
 * Crash recovery of folder jobs: the real service (`spindle serve` in its own process) is killed with SIGKILL
 * in the middle of a working state, then started again on the same data directory.
 * - matching: a slow matcher (order-guess `delay_ms`); the next start puts MATCHING titles back in
 *   line and finishes each title once.
 * - organizing: large files copied across filesystems (a tmpfs as the library); the kill lands
 *   mid-copy; the next start removes the partial copy and finishes; every file is in the library once.
 * After each restart: every title is accounted for (none lost, none twice), every file is either
 * in the library under its name or still in staging and claimed by its title, and no process
 * started for the test's paths outlives the job (checked in /proc).
 * The disc-job states (identifying, ripping): crash-recovery-disc.test.ts.
 * Shared setup and helpers: support/crash-world.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { link, mkdir, mkdtemp, readdir, stat, statfs, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventually, type apiClient } from '../support/http-client.ts';
import * as world from './support/crash-world.ts';
import type { Setup, Wire } from './support/crash-world.ts';

world.useCrashWorld('crash-recovery-folder');

describe('crash recovery of folder jobs (SIGKILL mid-state, restart on the same data)', () => {
  /** A folder job (hard links to the episode MKVs) imported through the API with its identity declared. */
  async function importFolder(
    api: ReturnType<typeof apiClient>,
    s: Setup,
    label: string,
    padBytes = 0,
  ): Promise<number> {
    const folder = join(s.staging, label);
    await mkdir(folder);
    for (const name of await readdir(world.episodes)) {
      if (padBytes > 0) {
        await execFileSync('cp', [join(world.episodes, name), join(folder, name)]);
        await truncate(join(folder, name), padBytes); // a big title (sparse: cheap to make, real bytes to copy)
      } else await link(join(world.episodes, name), join(folder, name));
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
    const s = await world.setup('matching', {
      pipeline: world.pipeline({}),
      plugin_settings: { 'order-guess': { confidence: 0.9, delay_ms: 2500 } },
    });
    let { svc, api } = await world.start(s);
    const id = await importFolder(api, s, 'CRASH_SHOW_S1_D1');
    await eventually(
      () => world.titles(api, id),
      (rows) => rows.some((t) => t.state === 'matching'),
      20_000,
    );
    const before = await world.titles(api, id);
    expect((await api.get<Wire>(`/api/jobs/${id}`)).body.state).toBe('matching');

    await world.kill(s, svc, 'matching');
    ({ svc, api } = await world.start(s));
    const done = await world.terminal(api, id);
    expect(done).toMatchObject({ state: 'completed', error_message: null });
    const rows = await world.titles(api, id);
    expect(rows.map((t) => [t.id, t.title_index])).toEqual(before.map((t) => [t.id, t.title_index]));
    expect(rows.map((t) => t.state)).toEqual(['completed', 'completed', 'completed']);
    expect(rows.map((t) => t.matched_episode)).toEqual(['S01E01', 'S01E02', 'S01E03']);
    await world.expectLibrary(s.tv, 'Crash Show', [
      'Crash Show - S01E01.mkv',
      'Crash Show - S01E02.mkv',
      'Crash Show - S01E03.mkv',
    ]);
    const timeline = (await api.get<{ timeline: { from: string; to: string }[] }>(`/api/jobs/${id}/detail`)).body
      .timeline;
    expect(timeline.filter((e) => e.to === 'organizing')).toHaveLength(1);
    world.expectNoOrphans(s, svc);
    world.setOutcome('resumed and completed');
    await svc.stop();
  }, 90_000);

  it('organizing: the copy cut by the kill is cleaned up, every episode lands in the library once', async (ctx) => {
    // A second filesystem for the library, so files are copied (not renamed) and take time.
    const PAD = 160 * 1024 * 1024;
    let library = join(world.root, 'organizing-volume');
    await mkdir(library, { recursive: true });
    let mounted = false;
    if (world.isRoot) {
      try {
        execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1g', 'tmpfs', library], { stdio: 'ignore' });
        world.mounts.push(library);
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
      world.shmDirs.push(library);
    }
    const tv = join(library, 'TV');
    const s = await world.setup(
      'organizing',
      { pipeline: world.pipeline({}), plugin_settings: { 'order-guess': { confidence: 0.9 } } },
      tv,
    );
    let { svc, api } = await world.start(s);
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
    await world.kill(s, svc, 'organizing');
    const inLibraryAtKill = (await readdir(season)).filter((n) => !n.startsWith('.'));
    ctx.annotate(`at the kill: ${JSON.stringify(at)}; whole files ${inLibraryAtKill.length}`);

    ({ svc, api } = await world.start(s));
    const done = await world.terminal(api, id);
    expect(done).toMatchObject({ state: 'completed', error_message: null });
    const rows = await world.titles(api, id);
    expect(rows.map((t) => t.state)).toEqual(['completed', 'completed', 'completed']);
    const expected = ['Crash Show - S01E01.mkv', 'Crash Show - S01E02.mkv', 'Crash Show - S01E03.mkv'];
    await world.expectLibrary(tv, 'Crash Show', expected); // no partial copy left, nothing twice
    // Each title knows where its file went, also the one moved before the kill.
    expect(rows.map((t) => t.organized_path)).toEqual(expected.map((n) => join(season, n)));
    for (const n of expected) expect((await stat(join(season, n))).size).toBe(PAD);
    await eventually(
      async () => existsSync(join(s.staging, 'CRASH_SHOW_S1_D1')),
      (left) => !left,
      5000,
    ); // moved, then the import folder cleaned up
    world.expectNoOrphans(s, svc);
    world.setOutcome(`resumed and completed (${inLibraryAtKill.length} of 3 files in place at the kill)`);
    await svc.stop();
  }, 120_000);
});
