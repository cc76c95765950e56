/**
 * Builds a content-addressed cache folder (under os.tmpdir()) once per machine, even when several
 * test processes ask for it at the same time (vitest runs files in parallel): the first takes a
 * lock (an atomic mkdir), builds into a private folder and renames it into place; the others wait
 * for its manifest. A lock left by a process that died is taken over once it is stale.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

const STALE_MS = 15 * 60 * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Returns the parsed `manifestName` of `root`, first building it with `build(dir)` when missing.
 * `build` writes everything, the manifest included, into `dir` (which becomes `root`).
 */
export async function buildOnce<T>(
  root: string,
  manifestName: string,
  build: (dir: string) => Promise<void>,
): Promise<T> {
  const manifest = join(root, manifestName);
  const lock = `${root}.lock`;
  for (;;) {
    if (existsSync(manifest)) return JSON.parse(await readFile(manifest, 'utf8')) as T;
    try {
      await mkdir(lock, { recursive: false });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        await mkdir(join(root, '..'), { recursive: true });
        continue;
      }
      const since = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (since > STALE_MS) await rm(lock, { recursive: true, force: true });
      else await sleep(250);
      continue;
    }
    try {
      if (existsSync(manifest)) continue;
      const dir = `${root}.building-${process.pid}`;
      await rm(dir, { recursive: true, force: true });
      await build(dir);
      await rm(root, { recursive: true, force: true });
      await rename(dir, root);
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}
