/** Decides, for each title, the library path and whether to move, skip or ask. Reads the disk, never writes. */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ConflictChoice, OrganizableTitle, OrganizeInput, OrganizePlan, PlannedMove } from '@spindle/plugin-sdk';
import { placeTitle, type LibraryKind, type NamingInput } from './library-naming.ts';

/** The library a job goes to: its content type, else what its matches say. */
export function libraryKindOf(input: OrganizeInput): LibraryKind | null {
  if (input.job.contentType === 'tv' || input.job.contentType === 'movie') return input.job.contentType;
  if (input.titles.some((t) => t.match.kind === 'episode')) return 'tv';
  if (input.titles.some((t) => t.match.kind === 'main_movie')) return 'movie';
  return null;
}

async function fileExists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

function describeFile(size: number, modified: Date | null): string {
  const amount = size >= GIB ? `${(size / GIB).toFixed(2)} GB` : `${(size / MIB).toFixed(1)} MB`;
  return modified ? `${amount}, modified ${modified.toISOString().slice(0, 10)}` : amount;
}

async function describe(path: string): Promise<string> {
  const info = await stat(path).catch(() => null);
  return info ? describeFile(info.size, info.mtime) : 'size unknown';
}

async function conflictMove(
  title: OrganizableTitle,
  to: string,
  choice: ConflictChoice,
  copy: boolean,
): Promise<PlannedMove> {
  const base = {
    titleIndex: title.titleIndex,
    from: title.filePath,
    conflict: choice,
    ...(copy ? { keepSource: true } : {}),
  };
  switch (choice) {
    case 'overwrite':
      return {
        ...base,
        to,
        action: 'move',
        reason: 'Replaces the existing file (conflict choice "overwrite")',
        overwrite: true,
      };
    case 'skip':
      return { ...base, to, action: 'skip', reason: `A file already exists at ${to} (conflict choice "skip")` };
    case 'ask': {
      const [existing, incoming] = await Promise.all([describe(to), describe(title.filePath)]);
      return {
        ...base,
        to,
        action: 'review',
        question: 'conflict',
        reason: `A file already exists at ${to} (library file: ${existing}; new rip: ${incoming}). Keep the library file (skip) or replace it (overwrite)?`,
      };
    }
  }
}

export async function planMoves(input: OrganizeInput): Promise<OrganizePlan> {
  const naming: NamingInput = { ...input, kind: libraryKindOf(input) };
  const claimed = new Map<string, number>();
  const moves: PlannedMove[] = [];
  for (const title of input.titles) {
    const copy = (title.transfer ?? input.transfer ?? 'move') === 'copy';
    const base = { titleIndex: title.titleIndex, from: title.filePath, ...(copy ? { keepSource: true } : {}) };
    const placement = placeTitle(naming, title.match, title.filePath, title.included === true);
    if (!('to' in placement)) {
      moves.push({
        ...base,
        to: null,
        action: placement.action,
        reason: placement.reason,
        ...(placement.question ? { question: placement.question } : {}),
      });
      continue;
    }
    const to = placement.to;
    const key = resolve(to);
    const owner = claimed.get(key);
    if (owner !== undefined) {
      moves.push({
        ...base,
        to,
        action: 'review',
        question: 'duplicate_claim',
        claimedBy: owner,
        reason: `Title ${owner} is already filed as ${to}`,
      });
      continue;
    }
    if (resolve(title.filePath) === key) {
      moves.push({ ...base, to, action: 'skip', reason: 'Already in place' });
      continue;
    }
    claimed.set(key, title.titleIndex);
    if (await fileExists(to))
      moves.push(await conflictMove(title, to, title.conflictResolution ?? input.conflictDefault, copy));
    else moves.push({ ...base, to, action: 'move', reason: null });
  }
  return { moves };
}
