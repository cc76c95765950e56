/**
 * A write that fails while the copy waits for the next read (a full disk under a slow source) is
 * reported as the move's error — never as an unhandled promise rejection, which ends the whole
 * service process. The source is a FIFO fed slowly by the test; the target volume is a full tmpfs
 * (mounted by the test, so root only).
 */
import { execFileSync } from 'node:child_process';
import { open as openSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { moveFile } from '../src/file-mover.ts';

const isRoot = process.getuid?.() === 0;
let work = '';
let mounted = '';

afterAll(async () => {
  if (mounted) execFileSync('umount', ['-l', mounted], { stdio: 'ignore' });
  if (work) await rm(work, { recursive: true, force: true });
});

describe.skipIf(!isRoot)('a copy whose write fails while the next read is pending', () => {
  it('rejects the move with the disk-full error and leaves no unhandled rejection behind', async () => {
    work = await mkdtemp(join(tmpdir(), 'spindle-copy-failure-'));
    const volume = join(work, 'volume');
    await mkdir(volume);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', volume]);
    mounted = volume;
    await writeFile(join(volume, 'filler'), Buffer.alloc(64 * 1024)).catch(() => undefined); // the disk is now full
    const fifo = join(work, 'source.mkv');
    execFileSync('mkfifo', [fifo]);

    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const moving = moveFile(fifo, join(volume, 'Show - S01E01.mkv'), {
        overwrite: false,
        signal: new AbortController().signal,
      }).catch((e: unknown) => e);
      // Feed one chunk, then keep the pipe open and silent while the write into the full disk fails.
      const fd = await new Promise<number>((resolve, reject) =>
        openSync(fifo, 'w', (error, d) => (error ? reject(error) : resolve(d))),
      );
      const { writeSync, closeSync } = await import('node:fs');
      writeSync(fd, Buffer.alloc(1, 1)); // a FIFO has no size: the copy reads it byte by byte
      await new Promise((r) => setTimeout(r, 300));
      try {
        writeSync(fd, Buffer.alloc(1, 2));
      } catch {
        // the copy may already have given up and closed the pipe
      }
      closeSync(fd);
      const error = (await moving) as Error;
      expect(error.message).toMatch(/is full \(ENOSPC/);
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled.map(String)).toEqual([]);
      expect((await readdir(volume)).filter((n) => n.includes('.spindle-partial-'))).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
