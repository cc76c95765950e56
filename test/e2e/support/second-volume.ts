/**
 * A second volume for the library: a tmpfs mounted by the test, so organizing has to copy across
 * filesystems (copy, verify, then delete) instead of renaming. Mounting needs root; without it the
 * library stays on the staging filesystem and the caller says that this aspect was skipped.
 */
import { execFile } from 'node:child_process';
import { mkdir, stat } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SecondVolume {
  path: string;
  /** Null when the library is on its own filesystem; otherwise why it is not. */
  skipped: string | null;
  unmount(): Promise<void>;
}

export async function mountSecondVolume(path: string, otherFolder: string, sizeMb = 1024): Promise<SecondVolume> {
  await mkdir(path, { recursive: true });
  const none = async () => undefined;
  if (process.platform !== 'linux' || process.getuid?.() !== 0) {
    return {
      path,
      skipped:
        'the test does not run as root on Linux, so it cannot mount a tmpfs: the library shares the staging filesystem and organizing renames instead of copying across volumes',
      unmount: none,
    };
  }
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0755`, 'spindle-e2e-library', path]);
  } catch (error) {
    return {
      path,
      skipped: `mounting a tmpfs for the library failed (${(error as Error).message.trim()}): the library shares the staging filesystem`,
      unmount: none,
    };
  }
  const [a, b] = await Promise.all([stat(path), stat(otherFolder)]);
  if (a.dev === b.dev)
    return {
      path,
      skipped: 'the mounted tmpfs reports the same device as staging',
      unmount: () => run('umount', ['-l', path]).then(none),
    };
  return {
    path,
    skipped: null,
    async unmount() {
      await run('umount', [path]).catch(() => run('umount', ['-l', path]));
    },
  };
}
