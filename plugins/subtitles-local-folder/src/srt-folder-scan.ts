/**
 * Lists the `.srt` files under a folder, recursively (hidden folders and symbolic links to folders
 * are skipped, so a link loop cannot trap the scan), in a stable order.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { SubtitleError, throwIfAborted } from '@spindle/plugin-sdk';

export interface SrtFile {
  path: string;
  /** Folder names between the root and the file, outermost first. */
  folders: string[];
  /** File name without the `.srt` extension. */
  baseName: string;
  /** Path relative to the root (for messages; never a secret). */
  relativePath: string;
}

/** Stops a runaway scan (e.g. the folder was set to a whole disk). */
export const MAX_FILES = 50_000;

export async function assertFolder(folder: string): Promise<void> {
  if (folder.trim() === '') {
    throw new SubtitleError(
      'subtitle_not_configured',
      'The local subtitle folder is not set: set folder in the subtitles-local-folder plugin settings.',
    );
  }
  const info = await stat(folder).catch(() => null);
  if (!info?.isDirectory()) {
    throw new SubtitleError(
      'subtitle_folder_missing',
      `The local subtitle folder ${folder} does not exist or is not a folder (is the drive mounted?)`,
      {
        retryable: true,
      },
    );
  }
}

export async function scanSrtFolder(root: string, maxDepth: number, signal: AbortSignal): Promise<SrtFile[]> {
  await assertFolder(root);
  const found: SrtFile[] = [];
  const visit = async (dir: string, depth: number): Promise<void> => {
    throwIfAborted(signal);
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (found.length >= MAX_FILES || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (depth < maxDepth) await visit(path, depth + 1);
        continue;
      }
      if (!/\.srt$/i.test(entry.name)) continue;
      if (entry.isSymbolicLink() && !(await stat(path).catch(() => null))?.isFile()) continue;
      if (!entry.isFile() && !entry.isSymbolicLink()) continue;
      const relativePath = relative(root, path);
      found.push({
        path,
        folders: relativePath.split(sep).slice(0, -1),
        baseName: entry.name.replace(/\.srt$/i, ''),
        relativePath,
      });
    }
  };
  await visit(root, 0);
  return found;
}
