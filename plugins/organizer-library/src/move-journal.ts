/**
 * Which moves this organizer has started, kept in the plugin's store (`move:<target>` → source and
 * size) so that a job resumed after a crash recognises its own work:
 * - the move finished (the target carries the source's size, the source is gone) but the core
 *   never heard of it → the title is reported as moved to that target;
 * - the copy is in place but the source was not yet deleted → the move is done again, replacing
 *   the target (it is our own copy of this very source).
 * Without it the first case looks like a conflict with a file already in the library (skipped
 * without a path, or sent to review under "ask"), and the second like a conflict as well.
 */
import { stat } from 'node:fs/promises';
import type { KeyValueStore, PlannedMove } from '@spindle/plugin-sdk';

type JournalEntry = { from: string; size: number; at: number };

const PREFIX = 'move:';
/** Entries older than this are dropped: a job is not resumed months later. */
const KEEP_MS = 30 * 24 * 3600 * 1000;

const sizeOf = (path: string) =>
  stat(path).then(
    (s) => s.size,
    () => null,
  );

export async function noteMoveStarted(store: KeyValueStore, from: string, to: string): Promise<void> {
  const size = await sizeOf(from);
  if (size !== null) await store.set(`${PREFIX}${to}`, { from, size, at: Date.now() } satisfies JournalEntry);
}

async function entryFor(store: KeyValueStore, move: PlannedMove): Promise<JournalEntry | null> {
  if (move.to === null) return null;
  const entry = await store.get<JournalEntry>(`${PREFIX}${move.to}`);
  return entry && entry.from === move.from ? entry : null;
}

/** True when an earlier, interrupted attempt already put this move's source at its target. */
export async function finishedEarlier(store: KeyValueStore, move: PlannedMove): Promise<boolean> {
  const entry = await entryFor(store, move);
  if (!entry || move.to === null) return false;
  return (await sizeOf(move.from)) === null && (await sizeOf(move.to)) === entry.size;
}

/**
 * Turns the conflicts an interrupted attempt of the same job caused into moves: a target that is
 * our finished copy (source gone) or our copy of a source still in staging.
 */
export async function resumeInterrupted(store: KeyValueStore, moves: PlannedMove[]): Promise<PlannedMove[]> {
  return Promise.all(
    moves.map(async (move) => {
      if (move.to === null || (move.action === 'move' && !move.conflict)) return move;
      const entry = await entryFor(store, move);
      if (!entry || (await sizeOf(move.to)) === null) return move;
      const { conflict: _conflict, ...rest } = move;
      return {
        ...rest,
        action: 'move' as const,
        overwrite: true,
        reason: 'An interrupted earlier attempt of this job left its copy here; the move is completed',
      };
    }),
  );
}

export async function pruneJournal(store: KeyValueStore): Promise<void> {
  const now = Date.now();
  for (const key of await store.keys(PREFIX)) {
    const entry = await store.get<{ at?: number }>(key);
    if (!entry || typeof entry.at !== 'number' || now - entry.at > KEEP_MS) await store.delete(key);
  }
}
