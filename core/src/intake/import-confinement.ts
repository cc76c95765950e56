/**
 * Imports come only from inside `staging_path` or a folder listed in the server-level
 * IMPORT_ROOTS: the API (POST /api/staging/import), the CLI import (a client of it), the staging
 * watcher and the DEBUG insert-from-staging all pass here. Compared by real path, so a symlink
 * inside a root cannot lead outside it. The answer names the root the folder lies in; the job
 * records it (`staging_root`).
 */
import { InputError } from '@spindle/plugin-sdk';
import { realpath } from 'node:fs/promises';
import path from 'node:path';

export interface ImportRoots {
  /** The configured staging_path (imports must lie strictly inside it). */
  stagingPath: string | null;
  /** IMPORT_ROOTS (an import may be one of these folders or lie inside one). */
  importRoots: readonly string[];
}

const real = (folder: string): Promise<string | null> => realpath(folder).catch(() => null);

function inside(root: string, folder: string): boolean {
  const rel = path.relative(root, folder);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** The real path of the staging root a new job is created under (null when staging_path is unset or missing). */
export async function currentStagingRoot(roots: ImportRoots): Promise<string | null> {
  return roots.stagingPath ? real(roots.stagingPath) : null;
}

/**
 * Checks that `folder` may be imported; answers the real path of the root it lies in, or throws a
 * 400 (`import_outside_roots`) saying where imports may come from.
 */
export async function confineImport(folder: string, roots: ImportRoots): Promise<{ root: string }> {
  const target = (await real(folder)) ?? path.resolve(folder);
  const candidates: { root: string; equalAllowed: boolean }[] = [];
  const staging = roots.stagingPath ? await real(roots.stagingPath) : null;
  if (staging) candidates.push({ root: staging, equalAllowed: false });
  for (const extra of roots.importRoots) {
    const root = await real(extra);
    if (root) candidates.push({ root, equalAllowed: true });
  }
  // The most specific root wins (an import root inside staging_path, or the other way round).
  const match = candidates
    .filter((c) => inside(c.root, target) || (c.equalAllowed && c.root === target))
    .sort((a, b) => b.root.length - a.root.length)[0];
  if (match) return { root: match.root };
  const allowed = [staging ? `staging_path (${staging})` : null, ...roots.importRoots.map((r) => r)]
    .filter(Boolean)
    .join(', ');
  throw new InputError(
    'import_outside_roots',
    `'${folder}' is not inside ${allowed || 'staging_path (not set)'}; imports come only from inside staging_path or a folder listed in IMPORT_ROOTS (set it in the environment or .env)`,
    { details: { field: 'staging_path' } },
  );
}
