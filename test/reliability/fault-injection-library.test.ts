/**
 * Fault injection through the real service, the library's side (shared setup: support/fault-world.ts):
 * a library that cannot take the files fails the job naming why, and nothing is lost — every file
 * is whole in the library or untouched in staging, nothing half-copied is left.
 *
 * | fault | how |
 * |---|---|
 * | disk full during organize | the library is a 24 MB tmpfs, titles of 20 MB (root only) |
 * | library folder read-only | the library is a read-only tmpfs (root), else a 0555 folder |
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as world from './support/fault-world.ts';

world.useFaultWorld('fault-injection-library');

describe('the library cannot take the files', () => {
  async function volume(name: string, options: string): Promise<string | null> {
    if (!world.isRoot) return null;
    const dir = join(world.root, name);
    await mkdir(dir, { recursive: true });
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
    } catch {
      return null;
    }
    world.mounts.push(dir);
    return dir;
  }

  it('disk full during organize: fails naming the full disk, the rips stay in staging, nothing half-copied is left', async (ctx) => {
    // Titles of several copy chunks (8 MB): the disk fills while the next chunk is being read.
    const SIZE = 20 * 1024 * 1024;
    const library = await volume('full-volume', 'size=24m');
    if (!library) return ctx.skip('needs root to mount a small tmpfs as the library');
    const { api, staging } = await world.service('disk-full', {}, {}, library);
    const { folder, hashes } = await world.stagingFolder(staging, 'FAULT_SHOW_S1_D1', SIZE);
    // A write failing while nothing awaits it yet would be an unhandled rejection: it ends a real service process.
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const job = await world
      .finished(api, await world.importTv(api, folder))
      .finally(() => new Promise((r) => setTimeout(r, 200)));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled.map(String)).toEqual([]);
    world.expectClear('disk full during organize', job, 'failed', /disk holding .* is full/i);
    const left = (await readdir(library, { recursive: true })).map(String);
    expect(left.filter((n) => n.includes('.spindle-partial-'))).toEqual([]);
    // Every file is somewhere whole: in the library (title OK) or untouched in staging (title FAIL).
    const titles = (
      await api.get<{ title_index: number; state: string; organized_path: string | null }[]>(
        `/api/jobs/${job.id}/titles`,
      )
    ).body;
    expect(titles.some((t) => t.state === 'failed')).toBe(true);
    for (const t of titles) {
      const name = `title_t0${t.title_index}.mkv`;
      if (t.state === 'completed') {
        expect(existsSync(join(folder, name))).toBe(false);
        expect(await world.sha(t.organized_path!)).toBe(hashes[name]);
      } else {
        expect(t.state).toBe('failed');
        expect(await world.sha(join(folder, name))).toBe(hashes[name]);
      }
    }
  });

  it('library folder read-only: fails naming the read-only folder, the rips stay in staging', async (ctx) => {
    let library = await volume('ro-volume', 'ro,size=1m');
    if (!library) {
      // root writes into a 0555 folder anyway: only a read-only mount makes the library read-only for root
      if (world.isRoot) return ctx.skip('root, and mounting a read-only tmpfs failed (no CAP_SYS_ADMIN?)');
      library = join(world.root, 'ro-folder');
      await mkdir(library, { recursive: true });
      await chmod(library, 0o555);
    }
    const { api, staging } = await world.service('read-only', {}, {}, library);
    const { folder, hashes } = await world.stagingFolder(staging, 'FAULT_SHOW_S1_D1');
    const job = await world.finished(api, await world.importTv(api, folder));
    world.expectClear('library read-only', job, 'failed', /read-only file system|permission denied/i);
    expect(job.error_message).toContain(library);
    await world.expectSourceIntact(folder, hashes);
    expect(await readdir(library)).toEqual([]);
  });
});
