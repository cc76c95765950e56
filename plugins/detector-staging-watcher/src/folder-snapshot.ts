/**
 * One look at a staging subfolder: its regular files (directly inside it) with size and mtime.
 * Two signatures come out of it: one over every file, to tell whether anything is still being
 * written, and one over the MKV files only, to tell whether this content was already imported.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface FolderSnapshot {
  /** Every file: name, size, mtime. Unchanged across polls means nothing is being written. */
  signature: string;
  /** The .mkv files only: what an import takes. */
  mkvSignature: string;
  mkvCount: number;
  /** .mkv files of 0 bytes: created but not written yet (a finished rip is never empty). */
  emptyMkvs: string[];
}

export const isMkv = (name: string): boolean => name.toLowerCase().endsWith('.mkv');

/** Null when the folder is gone or unreadable. */
export async function snapshotFolder(folder: string): Promise<FolderSnapshot | null> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return null;
  }
  const files: string[] = [];
  const mkvs: string[] = [];
  const emptyMkvs: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() && !entry.isSymbolicLink()) continue;
    const info = await stat(join(folder, entry.name)).catch(() => null);
    if (!info?.isFile()) continue;
    const line = `${entry.name}\u0000${info.size}\u0000${Math.trunc(info.mtimeMs)}`;
    files.push(line);
    if (isMkv(entry.name)) mkvs.push(line);
    if (isMkv(entry.name) && info.size === 0) emptyMkvs.push(entry.name);
  }
  files.sort();
  mkvs.sort();
  return {
    signature: files.join('\n'),
    mkvSignature: mkvs.join('\n'),
    mkvCount: mkvs.length,
    emptyMkvs: emptyMkvs.sort(),
  };
}

/** Counts, per folder, how many consecutive polls saw the same signature. */
export class StabilityTracker {
  private readonly seen = new Map<string, { signature: string; unchanged: number }>();

  /** Records a poll; returns how many consecutive polls found the folder unchanged (0 = it changed). */
  observe(folder: string, signature: string): number {
    const last = this.seen.get(folder);
    if (!last || last.signature !== signature) {
      this.seen.set(folder, { signature, unchanged: 0 });
      return 0;
    }
    last.unchanged += 1;
    return last.unchanged;
  }

  forget(folder: string): void {
    this.seen.delete(folder);
  }
}
