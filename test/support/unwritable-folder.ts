/**
 * A folder Spindle's process cannot write into, made for real: as root (where permissions do not
 * stop writes) a read-only tmpfs mounted on it; otherwise mode 0555. Returns why it could not be
 * made (the test then skips and says so), or how to undo it.
 */
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, writeFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

export type Unwritable = { ok: true; undo: () => Promise<void> } | { ok: false; why: string };

export async function makeUnwritable(dir: string): Promise<Unwritable> {
  await mkdir(dir, { recursive: true });
  if (process.getuid?.() === 0) {
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', dir], { stdio: 'ignore' });
    } catch {
      return {
        ok: false,
        why: 'running as root and a read-only tmpfs cannot be mounted here, so no folder is unwritable',
      };
    }
    return { ok: true, undo: async () => void execFileSync('umount', ['-l', dir], { stdio: 'ignore' }) };
  }
  await chmod(dir, 0o555);
  // Check that it worked (some file systems ignore the mode).
  const probe = join(dir, '.probe');
  try {
    await writeFile(probe, 'x');
    await rm(probe, { force: true });
    await chmod(dir, 0o755);
    return { ok: false, why: 'mode 0555 does not stop writes on this file system' };
  } catch {
    return { ok: true, undo: () => chmod(dir, 0o755) };
  }
}
