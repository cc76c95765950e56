/**
 * A lock file that lets one process at a time build into a cache folder (two services, or two test
 * workers, sharing the cache). Created with O_EXCL; a lock whose process is gone, or that is older
 * than STALE_MS, is taken over.
 */
import { open, readFile, rm, stat } from 'node:fs/promises';
import { AbortedError } from '@spindle/plugin-sdk';

const POLL_MS = 500;
const STALE_MS = 60 * 60 * 1000;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function isStale(path: string): Promise<boolean> {
  try {
    const [text, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    const pid = Number((JSON.parse(text) as { pid?: unknown }).pid);
    if (Date.now() - info.mtimeMs > STALE_MS) return true;
    return !Number.isInteger(pid) || pid <= 0 || (pid !== process.pid && !processAlive(pid));
  } catch {
    // Gone, unreadable or half-written: stale only if it is old (a writer may be between open and write).
    const info = await stat(path).catch(() => null);
    return info !== null && Date.now() - info.mtimeMs > 5_000;
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    timer.unref(); // waiting alone must not keep a stopping service alive
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError('Stopped waiting for the whisper-cli build lock'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Takes the lock, waiting while another live process holds it. `isDone()` is asked while waiting:
 * when the other process finished the work, null is returned instead of the lock.
 */
export async function acquireBuildLock(
  path: string,
  options: { signal: AbortSignal; isDone: () => boolean; onWait?: (holderPid: number | null) => void },
): Promise<{ release(): Promise<void> } | null> {
  for (;;) {
    if (options.signal.aborted) throw new AbortedError('Stopped waiting for the whisper-cli build lock');
    if (options.isDone()) return null;
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }));
      await handle.close();
      return { release: () => rm(path, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (await isStale(path)) {
      await rm(path, { force: true });
      continue;
    }
    const holder = await readFile(path, 'utf8')
      .then((text) => Number((JSON.parse(text) as { pid?: unknown }).pid))
      .catch(() => null);
    options.onWait?.(Number.isInteger(holder) ? holder : null);
    await sleep(POLL_MS, options.signal);
  }
}
