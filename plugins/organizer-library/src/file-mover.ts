/**
 * Moves one file into the library without losing data. Same filesystem: a rename (one that never
 * replaces an existing file unless told to). Across filesystems: copy to a temp name in the target
 * folder while checksumming the source (CRC-32, streaming), fsync, read the copy back and compare
 * size and checksum, rename
 * into place, then delete the source. A partial copy never carries the final name, and partial
 * copies left by a crash are removed by the next attempt.
 */
import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { constants } from 'node:fs';
import { access, link, mkdir, open, readdir, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { AbortedError, errorMessage, OrganizationError, SpindleError, throwIfAborted } from '@spindle/plugin-sdk';

const CHUNK_BYTES = 8 * 1024 * 1024;
/** Filesystems that refuse hard links answer with one of these; we fall back to check-then-rename. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK', 'EINVAL']);

export interface MoveOptions {
  /** Replace an existing file at the target (conflict choice "overwrite"). */
  overwrite: boolean;
  signal: AbortSignal;
  /** Fraction 0–1 of the bytes copied (only reported for cross-filesystem copies). */
  onProgress?: (fraction: number) => void;
  /** Force the copy path even on one filesystem (tests, or a future "always copy" option). */
  forceCopy?: boolean;
  /** Leave the source where it is: hardlink it into the library (same file system) or copy it. */
  keepSource?: boolean;
}

export type MoveMethod = 'rename' | 'copy' | 'link';

const errno = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

export function targetExists(to: string): OrganizationError {
  return new OrganizationError('target_exists', `A file already exists at ${to}`, {
    kind: 'conflict',
    details: { path: to },
  });
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    (error: unknown) => (errno(error) === 'ENOENT' ? false : Promise.reject(error)),
  );
}

/** Renames `from` to `to`, failing with target_exists instead of replacing a file. */
async function renameNoReplace(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    if (errno(error) === 'EEXIST') throw targetExists(to);
    if (!NO_HARD_LINKS.has(errno(error) ?? '')) throw error;
    if (await exists(to)) throw targetExists(to);
    await rename(from, to);
    return;
  }
  await unlink(from);
}

async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(folder, 'r').catch(() => null);
  await handle?.sync().catch(() => {});
  await handle?.close();
}

const PARTIAL_MARK = '.spindle-partial-';

/** Removes partial copies of `to` left in its folder by an attempt that crashed. */
async function removeStalePartials(to: string): Promise<void> {
  const prefix = `.${basename(to)}${PARTIAL_MARK}`;
  const names = await readdir(dirname(to)).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => n.startsWith(prefix)).map((n) => unlink(join(dirname(to), n)).catch(() => {})));
}

/** Writes the first `length` bytes of `buffer`; a filesystem that accepts nothing more is full. */
async function writeAll(target: FileHandle, buffer: Buffer, length: number): Promise<void> {
  let offset = 0;
  while (offset < length) {
    const { bytesWritten } = await target.write(buffer, offset, length - offset);
    if (bytesWritten === 0) {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    }
    offset += bytesWritten;
  }
}

/**
 * Copies `from` into `temp` (which must not exist), overlapping reads and writes; returns the
 * CRC-32 of what was read. CRC-32 runs at memory speed, so verifying costs no copy throughput; it
 * catches the corruption a copy can suffer (truncation, bad sectors, a flipped block).
 */
async function copyInto(from: string, temp: string, size: number, options: MoveOptions): Promise<number> {
  let checksum = 0;
  const source = await open(from, 'r');
  try {
    const target = await open(temp, 'wx');
    try {
      const length = Math.min(CHUNK_BYTES, Math.max(size, 1));
      const buffers = [Buffer.allocUnsafe(length), Buffer.allocUnsafe(length)];
      let copied = 0;
      let pendingWrite: Promise<unknown> = Promise.resolve();
      for (let i = 0; ; i++) {
        if (options.signal.aborted)
          throw new AbortedError(`Copy of ${basename(from)} aborted`, { cause: options.signal.reason });
        const buffer = buffers[i % 2]!;
        const { bytesRead } = await source.read(buffer, 0, buffer.length, null);
        await pendingWrite; // the other buffer is free again once its write is done
        if (bytesRead === 0) break;
        checksum = crc32(buffer.subarray(0, bytesRead), checksum);
        pendingWrite = writeAll(target, buffer, bytesRead);
        // Awaited on the next turn, after the next read: a write that fails meanwhile (a full disk)
        // must not count as an unhandled rejection, which would end the whole process.
        pendingWrite.catch(() => undefined);
        copied += bytesRead;
        options.onProgress?.(size === 0 ? 1 : Math.min(1, copied / size));
      }
      await target.sync();
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
  return checksum;
}

/** CRC-32 of a file, reading the next chunk while the previous one is summed. */
async function checksumOf(path: string): Promise<number> {
  let checksum = 0;
  const handle = await open(path, 'r');
  try {
    const buffers = [Buffer.allocUnsafe(CHUNK_BYTES), Buffer.allocUnsafe(CHUNK_BYTES)];
    let reading = handle.read(buffers[0]!, 0, CHUNK_BYTES, null);
    for (let i = 0; ; i++) {
      const { bytesRead } = await reading;
      if (bytesRead === 0) break;
      reading = handle.read(buffers[(i + 1) % 2]!, 0, CHUNK_BYTES, null);
      checksum = crc32(buffers[i % 2]!.subarray(0, bytesRead), checksum);
    }
  } finally {
    await handle.close();
  }
  return checksum;
}

/**
 * The copy half of a cross-filesystem move: when it resolves, a verified, synced copy carries the
 * final name and the source is untouched.
 */
export async function copyVerified(from: string, to: string, size: number, options: MoveOptions): Promise<void> {
  await removeStalePartials(to);
  const temp = join(dirname(to), `.${basename(to)}${PARTIAL_MARK}${randomUUID().slice(0, 8)}`);
  try {
    const sourceChecksum = await copyInto(from, temp, size, options);
    const copiedSize = (await stat(temp)).size;
    if (copiedSize !== size) {
      throw new OrganizationError(
        'copy_incomplete',
        `Copy of ${basename(from)} has ${copiedSize} bytes, expected ${size}`,
        { retryable: true },
      );
    }
    if ((await checksumOf(temp)) !== sourceChecksum) {
      throw new OrganizationError(
        'copy_corrupt',
        `Copy of ${basename(from)} does not read back the same as the source`,
        { retryable: true },
      );
    }
    throwIfAborted(options.signal);
    if (options.overwrite) await rename(temp, to);
    else await renameNoReplace(temp, to);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
  await syncFolder(dirname(to));
}

/** The reason a write into `folder` failed, in words (the system's message kept in brackets). */
function plainReason(error: unknown, folder: string): string {
  const message = errorMessage(error);
  switch (errno(error)) {
    case 'ENOSPC':
    case 'EDQUOT':
      return `the disk holding ${folder} is full (${message})`;
    case 'EROFS':
      return `${folder} is on a read-only file system (${message})`;
    case 'EACCES':
    case 'EPERM':
      return `Spindle may not write to ${folder} (${message})`;
    default:
      return message;
  }
}

/**
 * Creates a library folder (and its parents). A failure names the real cause: Node's recursive
 * mkdir reports ENOENT on a read-only file system, so the nearest existing parent is checked.
 */
export async function ensureFolder(folder: string): Promise<void> {
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    let existing = folder;
    while (dirname(existing) !== existing && !(await exists(existing).catch(() => false))) existing = dirname(existing);
    const denied = await access(existing, constants.W_OK).then(
      () => null,
      (e: unknown) => e,
    );
    const reason = denied && errno(denied) !== 'ENOENT' ? plainReason(denied, existing) : plainReason(error, folder);
    throw new OrganizationError('library_not_writable', `Cannot create the library folder ${folder}: ${reason}`, {
      cause: error,
    });
  }
}

/** Puts a copy of `from` at `to` and leaves `from` alone: a hardlink where it can, else a verified copy. */
async function placeCopy(from: string, to: string, size: number, options: MoveOptions): Promise<MoveMethod> {
  if (!options.overwrite && !options.forceCopy) {
    try {
      await link(from, to);
      await syncFolder(dirname(to));
      return 'link';
    } catch (error) {
      if (errno(error) === 'EEXIST') throw targetExists(to);
      if (errno(error) !== 'EXDEV' && !NO_HARD_LINKS.has(errno(error) ?? '')) throw error;
    }
  }
  await copyVerified(from, to, size, options);
  return 'copy';
}

/**
 * Moves a file into place (or copies it, with `keepSource`); resolves with how it was done. Errors
 * are coded OrganizationErrors.
 */
export async function moveFile(from: string, to: string, options: MoveOptions): Promise<MoveMethod> {
  throwIfAborted(options.signal);
  const source = await stat(from).catch((error: unknown) => {
    if (errno(error) === 'ENOENT')
      throw new OrganizationError('source_missing', `The file to organize is gone: ${from}`, { cause: error });
    throw error;
  });
  if (!options.overwrite && (await exists(to))) throw targetExists(to);
  try {
    if (options.keepSource) return await placeCopy(from, to, source.size, options);
    if (!options.forceCopy) {
      try {
        if (options.overwrite) await rename(from, to);
        else await renameNoReplace(from, to);
        await syncFolder(dirname(to));
        return 'rename';
      } catch (error) {
        if (errno(error) !== 'EXDEV') throw error;
      }
    }
    await copyVerified(from, to, source.size, options);
    // The copy is safe in the library; a source someone else already removed is not an error.
    await unlink(from).catch((error: unknown) => (errno(error) === 'ENOENT' ? undefined : Promise.reject(error)));
    return 'copy';
  } catch (error) {
    if (SpindleError.is(error)) throw error;
    throw new OrganizationError('move_failed', `Could not move ${from} to ${to}: ${plainReason(error, dirname(to))}`, {
      cause: error,
      retryable: true,
    });
  }
}
