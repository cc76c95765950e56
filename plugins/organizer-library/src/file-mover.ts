/**
 * Moves one file into the library without losing data. Same filesystem: a rename (one that never
 * replaces an existing file unless told to). Across filesystems: copy to a temp name in the target
 * folder, verify the size, fsync, rename into place, then delete the source. A partial copy never
 * carries the final name.
 */
import { randomUUID } from 'node:crypto';
import { link, open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { AbortedError, OrganizationError, SpindleError, throwIfAborted } from '@spindle/plugin-sdk';

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
}

export type MoveMethod = 'rename' | 'copy';

const errno = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

export function targetExists(to: string): OrganizationError {
  return new OrganizationError('target_exists', `A file already exists at ${to}`, { kind: 'conflict', details: { path: to } });
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

async function copyInto(from: string, temp: string, size: number, options: MoveOptions): Promise<void> {
  const source = await open(from, 'r');
  try {
    const target = await open(temp, 'wx');
    try {
      const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.max(size, 1)));
      let copied = 0;
      for (;;) {
        if (options.signal.aborted) throw new AbortedError(`Copy of ${basename(from)} aborted`, { cause: options.signal.reason });
        const { bytesRead } = await source.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) break;
        await target.write(buffer, 0, bytesRead);
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
}

async function copyAcross(from: string, to: string, size: number, options: MoveOptions): Promise<void> {
  const temp = join(dirname(to), `.${basename(to)}.spindle-partial-${randomUUID().slice(0, 8)}`);
  try {
    await copyInto(from, temp, size, options);
    const copiedSize = (await stat(temp)).size;
    if (copiedSize !== size) {
      throw new OrganizationError('copy_incomplete', `Copy of ${basename(from)} has ${copiedSize} bytes, expected ${size}`, { retryable: true });
    }
    throwIfAborted(options.signal);
    if (options.overwrite) await rename(temp, to);
    else await renameNoReplace(temp, to);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
  await syncFolder(dirname(to));
  await unlink(from);
}

/** Moves a file into place; resolves with how it was done. Errors are coded OrganizationErrors. */
export async function moveFile(from: string, to: string, options: MoveOptions): Promise<MoveMethod> {
  throwIfAborted(options.signal);
  const source = await stat(from).catch((error: unknown) => {
    if (errno(error) === 'ENOENT') throw new OrganizationError('source_missing', `The file to organize is gone: ${from}`, { cause: error });
    throw error;
  });
  if (!options.overwrite && (await exists(to))) throw targetExists(to);
  try {
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
    await copyAcross(from, to, source.size, options);
    return 'copy';
  } catch (error) {
    if (SpindleError.is(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new OrganizationError('move_failed', `Could not move ${from} to ${to}: ${message}`, { cause: error, retryable: true });
  }
}
