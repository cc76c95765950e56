import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConflictChoice, OrganizeInput } from '@spindle/plugin-sdk';
import { sampleEpisodeMatch, writeSampleOrganizeInput } from '@spindle/plugin-sdk/testing';
import { libraryKindOf, planMoves } from '../src/organize-planner.ts';

let root: string;
let input: OrganizeInput;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'organizer-plan-'));
  input = await writeSampleOrganizeInput(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const episodeTarget = (n: number) =>
  join(input.libraryTvPath, 'Sample Show', 'Season 01', `Sample Show - S01E0${n}.mkv`);

async function occupy(path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, 'already in the library');
}

describe('planMoves', () => {
  it('moves episodes and skips extras by default', async () => {
    const plan = await planMoves(input);
    expect(plan.moves).toEqual([
      { titleIndex: 0, from: input.titles[0]!.filePath, to: episodeTarget(1), action: 'move', reason: null },
      { titleIndex: 1, from: input.titles[1]!.filePath, to: episodeTarget(2), action: 'move', reason: null },
      {
        titleIndex: 2,
        from: input.titles[2]!.filePath,
        to: null,
        action: 'skip',
        reason: 'Extras are skipped (extras policy "skip")',
      },
    ]);
  });

  it('keeps extras in the show folder, or asks about them', async () => {
    const keep = await planMoves({ ...input, extrasPolicy: 'keep' });
    expect(keep.moves[2]).toMatchObject({
      action: 'move',
      to: join(input.libraryTvPath, 'Sample Show', 'Other', 'title_t02.mkv'),
    });
    const ask = await planMoves({ ...input, extrasPolicy: 'ask' });
    expect(ask.moves[2]).toMatchObject({ action: 'review', to: null });
  });

  it.each([
    ['skip', { action: 'skip', conflict: 'skip', reason: expect.stringContaining('conflict choice "skip"') }],
    ['overwrite', { action: 'move', conflict: 'overwrite', overwrite: true }],
    [
      'ask',
      {
        action: 'review',
        conflict: 'ask',
        reason: expect.stringMatching(
          /library file: [\d.]+ MB, modified \d{4}-\d\d-\d\d; new rip: [\d.]+ MB.*Keep the library file \(skip\) or replace it \(overwrite\)\?/,
        ),
      },
    ],
  ] as const)('applies the default conflict choice %s to an existing target', async (choice, expected) => {
    await occupy(episodeTarget(1));
    const plan = await planMoves({ ...input, conflictDefault: choice as ConflictChoice });
    expect(plan.moves[0]).toMatchObject({ to: episodeTarget(1), ...expected });
    expect(plan.moves[1]).toMatchObject({ action: 'move', reason: null });
  });

  it('lets a reviewer’s per-title choice override the default', async () => {
    await occupy(episodeTarget(1));
    const titles = input.titles.map((t, i) => (i === 0 ? { ...t, conflictResolution: 'overwrite' as const } : t));
    expect((await planMoves({ ...input, titles, conflictDefault: 'skip' })).moves[0]).toMatchObject({
      action: 'move',
      overwrite: true,
    });
  });

  it('sends a second title with the same target to review', async () => {
    const titles = [input.titles[0]!, { ...input.titles[1]!, match: sampleEpisodeMatch(1, 1) }];
    const plan = await planMoves({ ...input, titles });
    expect(plan.moves[1]).toMatchObject({
      action: 'review',
      reason: `Title 0 is already filed as ${episodeTarget(1)}`,
    });
  });

  it('skips discarded titles', async () => {
    const titles = [{ ...input.titles[0]!, match: { ...sampleEpisodeMatch(1, 1), kind: 'discarded' as const } }];
    expect((await planMoves({ ...input, titles })).moves[0]).toMatchObject({
      action: 'skip',
      reason: 'Discarded title',
    });
  });

  it('infers the library from the matches when the content type is unknown', () => {
    const unknown = { ...input, job: { ...input.job, contentType: 'unknown' as const } };
    expect(libraryKindOf(unknown)).toBe('tv');
    const movie = {
      ...unknown,
      titles: [{ ...input.titles[0]!, match: { ...sampleEpisodeMatch(1, 1), kind: 'main_movie' as const } }],
    };
    expect(libraryKindOf(movie)).toBe('movie');
    expect(libraryKindOf({ ...unknown, titles: [input.titles[2]!] })).toBeNull();
  });
});
