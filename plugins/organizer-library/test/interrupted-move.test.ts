/**
 * A job resumed after a crash in organizing: the organizer recognises its own earlier work.
 * - The move finished (copy in place, source deleted) but the job never recorded it: the title is
 *   reported as moved to its file — not skipped as a conflict, nor sent to review under "ask".
 * - The copy was in place but the source not yet deleted: the move is done again over its own copy.
 * - A file that was already in the library before is still a conflict.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrganizeInput } from '@spindle/plugin-sdk';
import { createFakeContext, writeSampleOrganizeInput, type FakeContext } from '@spindle/plugin-sdk/testing';
import { LibraryOrganizer } from '../src/library-organizer.ts';

let root: string;
let input: OrganizeInput;
let ctx: FakeContext;
const organizer = new LibraryOrganizer();
const target = (n: number) => join(input.libraryTvPath, 'Sample Show', 'Season 01', `Sample Show - S01E0${n}.mkv`);

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'organizer-resume-'));
  input = { ...(await writeSampleOrganizeInput(root)), conflictDefault: 'ask' };
  ctx = await createFakeContext();
});
afterEach(async () => {
  await ctx.dispose();
  await rm(root, { recursive: true, force: true });
});

/** What the first, interrupted attempt did before the crash: noted the move and put the copy in place. */
async function interruptedAttempt(sourceDeleted: boolean): Promise<Buffer> {
  const first = await organizer.plan(input, ctx);
  const original = await readFile(input.titles[0]!.filePath);
  // the attempt ran apply for title 0 only, then the process died before the core heard of it
  await organizer.apply({ moves: first.moves.slice(0, 1) }, ctx);
  if (!sourceDeleted) await copyFile(target(1), input.titles[0]!.filePath);
  return original;
}

describe('resuming an interrupted organize', () => {
  it('reports a finished move as moved, under "ask" too', async () => {
    const original = await interruptedAttempt(true);
    const plan = await organizer.plan(input, ctx);
    expect(plan.moves[0]).toMatchObject({ titleIndex: 0, action: 'move', to: target(1) });
    const outcome = await organizer.apply(plan, ctx);
    expect(outcome.titles.slice(0, 2).map((t) => [t.titleIndex, t.status, t.path])).toEqual([
      [0, 'moved', target(1)],
      [1, 'moved', target(2)],
    ]);
    expect(await readFile(target(1))).toEqual(original);
  });

  it('completes a move whose source was not yet deleted, over its own copy', async () => {
    const original = await interruptedAttempt(false);
    const plan = await organizer.plan(input, ctx);
    expect(plan.moves[0]).toMatchObject({ action: 'move', overwrite: true });
    const outcome = await organizer.apply(plan, ctx);
    expect(outcome.titles[0]).toMatchObject({ status: 'moved', path: target(1) });
    expect(await readFile(target(1))).toEqual(original);
    expect(await readdir(dirname(input.titles[0]!.filePath))).not.toContain('title_t00.mkv');
  });

  it('still treats a file that was in the library before as a conflict', async () => {
    await mkdir(dirname(target(1)), { recursive: true });
    await writeFile(target(1), 'an older rip');
    const plan = await organizer.plan(input, ctx);
    expect(plan.moves[0]).toMatchObject({ action: 'review', conflict: 'ask' });
    await unlink(target(1));
  });
});
