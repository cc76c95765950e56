/**
 * The data-safety suite's bookkeeping: every file that exists before a job is recorded by its
 * content, and afterwards each one is found again — still where it was (staging), in the library
 * (moved or copied there, found by content), or deleted because a person decided so (a title of a
 * job claims it and was discarded by a person or by their `discard_files_of` setting). Anything
 * else is unaccounted for, and every case of the suite expects none.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { makeLongMkv } from '../../support/make-media.ts';
import type { apiClient } from '../../support/http-client.ts';

type Api = ReturnType<typeof apiClient>;

export interface RecordedFile {
  path: string;
  hash: string;
}

export type Whereabouts = 'staging' | 'library' | 'deleted by a person' | 'unaccounted';

export interface AccountRow {
  path: string;
  where: Whereabouts;
  /** Where the content is now (library or staging path), when it is somewhere. */
  now: string | null;
}

async function walk(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(path)));
    else if (entry.isFile()) files.push(path);
  }
  return files.sort();
}

const hashOf = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

/** Every file below the roots, with its content hash. */
export async function recordFiles(...roots: string[]): Promise<RecordedFile[]> {
  const out: RecordedFile[] = [];
  for (const root of roots) for (const path of await walk(root)) out.push({ path, hash: await hashOf(path) });
  return out;
}

interface TitleWire {
  source_file: string | null;
  output_filename: string | null;
  discarded_by: string | null;
  discard_reason: string | null;
}

/** Where each recorded file is now. `jobIds`: the jobs whose person-decided discards explain a deletion. */
export async function accountFor(
  before: RecordedFile[],
  where: { staging: string; library: string },
  api: Api,
  jobIds: number[],
): Promise<AccountRow[]> {
  const library = new Map<string, string>();
  for (const path of await walk(where.library)) library.set(await hashOf(path), path);
  const discardedByPerson = new Set<string>();
  for (const id of jobIds) {
    const detail = (await api.get<{ staging_path: string | null; titles: TitleWire[] }>(`/api/jobs/${id}/detail`)).body;
    for (const t of detail.titles) {
      const name = t.source_file ?? t.output_filename;
      if (name && detail.staging_path && (t.discarded_by === 'person' || t.discarded_by === 'setting'))
        discardedByPerson.add(join(detail.staging_path, name));
    }
  }
  const rows: AccountRow[] = [];
  for (const file of before) {
    // A file may vanish between the look and the read (a cleanup running now): then it is not there.
    const still = await stat(file.path).catch(() => null);
    if (still && (await hashOf(file.path).catch(() => null)) === file.hash) {
      rows.push({ path: file.path, where: 'staging', now: file.path });
      continue;
    }
    const filed = library.get(file.hash);
    if (filed) rows.push({ path: file.path, where: 'library', now: filed });
    else if (discardedByPerson.has(file.path)) rows.push({ path: file.path, where: 'deleted by a person', now: null });
    else rows.push({ path: file.path, where: 'unaccounted', now: null });
  }
  return rows;
}

/** A compact view for assertions: file name → where it is. */
export function whereabouts(rows: AccountRow[]): Record<string, Whereabouts> {
  return Object.fromEntries(rows.map((r) => [basename(r.path), r.where]));
}

/** Real MKVs of the given lengths (seconds) in a folder; returns the folder. */
export async function makeFolder(folder: string, files: Record<string, number>): Promise<string> {
  const { mkdir } = await import('node:fs/promises');
  await mkdir(folder, { recursive: true });
  await Promise.all(Object.entries(files).map(([name, seconds]) => makeLongMkv(join(folder, name), seconds)));
  return folder;
}
