/**
 * Moves across two real filesystems with injected faults: a full disk, a read-only target, a
 * source removed or truncated mid-copy, and the process killed mid-copy followed by a restart.
 * The source survives every fault and the library never holds a partial file under its final name.
 * The second volume is a tmpfs mounted by the test, which needs root; otherwise the suite is skipped.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, truncateSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveFile } from '../src/file-mover.ts';

const isRoot = process.getuid?.() === 0;
const mounts: string[] = [];
let work = '';

function mountTmpfs(dir: string, options: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
    mounts.push(dir);
    return true;
  } catch {
    return false;
  }
}

const canMount =
  isRoot &&
  (() => {
    const probe = join(tmpdir(), `spindle-mount-probe-${process.pid}`);
    execFileSync('mkdir', ['-p', probe]);
    const ok = mountTmpfs(probe, 'size=1m');
    if (ok) execFileSync('umount', [probe]);
    mounts.pop();
    return ok;
  })();
if (!canMount)
  console.warn(
    `move fault tests skipped: ${isRoot ? 'mounting a tmpfs failed (no CAP_SYS_ADMIN?)' : 'they need root to mount a second filesystem'}`,
  );

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const signal = () => new AbortController().signal;

async function sourceFile(name: string, bytes: number): Promise<{ path: string; hash: string }> {
  const path = join(work, 'staging', name);
  const data = randomBytes(bytes);
  await writeFile(path, data);
  return { path, hash: sha(data) };
}

async function volume(name: string, options: string): Promise<string> {
  const dir = join(work, name);
  await mkdir(dir, { recursive: true });
  if (!mountTmpfs(dir, options)) throw new Error(`could not mount a tmpfs at ${dir}`);
  return dir;
}

async function libraryFiles(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map(String).sort();
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'spindle-move-faults-'));
  await mkdir(join(work, 'staging'));
});

afterAll(async () => {
  for (const dir of mounts.reverse()) {
    try {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
    } catch {
      // already gone
    }
  }
  await rm(work, { recursive: true, force: true });
});

describe.skipIf(!canMount)('moves across two real filesystems under faults', () => {
  it('copies, verifies and removes the source when all is well', async () => {
    const lib = await volume('ok', 'size=16m');
    const src = await sourceFile('ok.mkv', 3 * 1024 * 1024);
    const target = join(lib, 'Show', 'Season 01', 'Show - S01E01.mkv');
    await mkdir(join(lib, 'Show', 'Season 01'), { recursive: true });
    expect(await moveFile(src.path, target, { overwrite: false, signal: signal() })).toBe('copy');
    expect(sha(await readFile(target))).toBe(src.hash);
    expect(existsSync(src.path)).toBe(false);
  });

  it('a full disk leaves the source intact and nothing under the final name', async () => {
    const lib = await volume('full', 'size=2m');
    const src = await sourceFile('big.mkv', 5 * 1024 * 1024);
    const target = join(lib, 'Movie (2000).mkv');
    await expect(moveFile(src.path, target, { overwrite: false, signal: signal() })).rejects.toMatchObject({
      code: 'move_failed',
      message: expect.stringContaining('ENOSPC'),
    });
    expect(sha(await readFile(src.path))).toBe(src.hash);
    expect(await libraryFiles(lib)).toEqual([]); // no final file, no partial left behind
  });

  it('a read-only library leaves the source intact', async () => {
    const lib = await volume('readonly', 'size=4m,ro');
    const src = await sourceFile('ro.mkv', 1024 * 1024);
    const error = await moveFile(src.path, join(lib, 'Movie.mkv'), { overwrite: false, signal: signal() }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'move_failed', message: expect.stringMatching(/EROFS|read-only/) });
    expect(sha(await readFile(src.path))).toBe(src.hash);
  });

  it('a source deleted mid-copy still lands complete (the open file keeps its data)', async () => {
    const lib = await volume('deleted', 'size=64m');
    const src = await sourceFile('vanishing.mkv', 24 * 1024 * 1024);
    let removed = false;
    const target = join(lib, 'Show - S01E02.mkv');
    await moveFile(src.path, target, {
      overwrite: false,
      signal: signal(),
      onProgress: (f) => {
        if (!removed && f > 0.3) {
          removed = true;
          void unlink(src.path);
        }
      },
    });
    expect(removed).toBe(true);
    expect(sha(await readFile(target))).toBe(src.hash);
  });

  it('a source truncated mid-copy is refused: no final file, the source is left as it now is', async () => {
    const lib = await volume('truncated', 'size=64m');
    const src = await sourceFile('shrinking.mkv', 24 * 1024 * 1024);
    let cut = false;
    const target = join(lib, 'Show - S01E03.mkv');
    const error = await moveFile(src.path, target, {
      overwrite: false,
      signal: signal(),
      onProgress: (f) => {
        if (!cut && f > 0.3) {
          cut = true;
          truncateSync(src.path, 1024); // at once: an asynchronous truncate could land after the copy ended
        }
      },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: expect.stringMatching(/copy_incomplete|copy_corrupt/) });
    expect(existsSync(src.path)).toBe(true);
    expect(await libraryFiles(lib)).toEqual([]);
  });

  it('a process killed mid-copy leaves the source and no final file; the next attempt finishes and cleans up', async () => {
    const lib = await volume('killed', 'size=256m');
    const src = await sourceFile('killed.mkv', 160 * 1024 * 1024);
    const target = join(lib, 'Show - S01E04.mkv');
    // One process (Node with tsx's loader), not the tsx CLI: SIGKILL of the CLI would leave its Node child copying.
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
    const child = spawn(
      process.execPath,
      ['--import', tsx, fileURLToPath(new URL('./fixtures/move-one-file.ts', import.meta.url)), src.path, target],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (/progress 0\.[2-9]/.test(chunk.toString())) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.on('exit', (code) =>
        code === 0 ? reject(new Error('the copy finished before it could be killed')) : resolve(),
      );
    });
    await new Promise((r) => child.once('exit', r).once('close', r));
    expect(existsSync(target)).toBe(false);
    const leftovers = await libraryFiles(lib);
    expect(leftovers.every((name) => name.includes('.spindle-partial-'))).toBe(true);
    expect(sha(await readFile(src.path))).toBe(src.hash);

    await moveFile(src.path, target, { overwrite: false, signal: signal() });
    expect(sha(await readFile(target))).toBe(src.hash);
    expect(await libraryFiles(lib)).toEqual(['Show - S01E04.mkv']);
    expect(existsSync(src.path)).toBe(false);
  }, 60_000);
});
