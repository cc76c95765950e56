/**
 * Crash recovery of disc jobs: the real service (`spindle serve` in its own process) is killed with SIGKILL
 * in the middle of a working state, then started again on the same data directory.
 * - identifying: makemkvcon's scan hangs (replay stand-in), the kill leaves it running; the next
 *   start stops it, scans again and finishes the job.
 * - ripping while matching: makemkvcon writes the titles slowly and each match takes a while; the
 *   kill lands with one title being matched and the next ripped; the next start keeps the titles
 *   ripped whole (not ripped again), rips the cut one again, and completes the job.
 * After each restart: every title is accounted for (none lost, none twice), every file is either
 * in the library under its name or still in staging and claimed by its title, and no process
 * started for the test's paths outlives the job (checked in /proc).
 * The folder-job states (matching, organizing): crash-recovery-folder.test.ts.
 * Shared setup and helpers: support/crash-world.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blkidExport, createFakeLinux, type FakeLinux } from '../../plugins/detector-linux-drive/test/fake-linux.ts';
import { eventually } from '../support/http-client.ts';
import { mkvRuns } from '../support/makemkv-replay.ts';
import {
  expectLibrary,
  expectNoOrphans,
  kill,
  pipeline,
  root,
  setOutcome,
  setup,
  start,
  terminal,
  titles,
  useCrashWorld,
  type Setup,
  type Wire,
} from './support/crash-world.ts';
import { createGatedMakemkv, type GatedMakemkv } from './support/gated-makemkv.ts';
import { isAlive } from './support/processes.ts';

useCrashWorld('crash-recovery-disc');

describe('crash recovery of disc jobs (SIGKILL mid-state, restart on the same data)', () => {
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
});
