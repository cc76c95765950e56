/**
 * Fault injection through the real service, the ripper's side (shared setup: support/fault-world.ts):
 * each fault ends in a clear job state with a message a person can act on (never a stack trace), and
 * nothing is lost — no partial file is claimed, the source stays where it was.
 *
 * | fault | how |
 * |---|---|
 * | ripper exits non-zero | the makemkvcon stand-in prints "Failed to open disc" and exits 2 |
 * | ripper killed by a signal | the stand-in dies of SIGABRT without a word |
 * | ripper hangs | the stand-in hangs mid-rip; the stall watchdog (2 s) stops it |
 * | staging folder read-only | staging_path is a read-only tmpfs (root only) |
 * | ripper writes a truncated file | the stand-in reports success, the file is cut short |
 * | ffmpeg missing | media_tool_path names a file that is not a program |
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { apiClient } from '../support/http-client.ts';
import type { TestService } from '../support/service-harness.ts';
import {
  expectClear,
  expectSourceIntact,
  finished,
  importTv,
  isRoot,
  mounts,
  root,
  service,
  stagingFolder,
  useFaultWorld,
} from './support/fault-world.ts';
import { createGatedMakemkv, type GatedMakemkv } from './support/gated-makemkv.ts';

useFaultWorld('fault-injection-ripper');

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
    const job = await svc.service.jobService.create({
      sourceKind: 'disc',
      driveId: '/dev/sr0',
      volumeLabel: 'FAULT_SHOW_S1D1',
    });
    svc.service.runner.start(job.id);
    return job.id;
  }

  async function expectNothingClaimed(id: number): Promise<void> {
    const titles = await svc.service.db.titles.listByJob(id);
    expect(
      titles.filter((t) => t.selected).every((t) => t.state === 'failed' && t.filePath === null),
      JSON.stringify(titles.map((t) => [t.state, t.filePath])),
    ).toBe(true);
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
    expectClear(
      'ffmpeg missing',
      job,
      'failed',
      /ff(mpeg|probe).*(could not be started|was not found|not a program).*media_tool_path|media_tool_path/,
    );
    await expectSourceIntact(folder, hashes);
  });
});
