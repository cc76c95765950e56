import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrganizeInput } from '@spindle/plugin-sdk';
import {
  createFakeContext,
  sampleEpisodeMatch,
  sampleMovieJob,
  writeSampleOrganizeInput,
  type FakeContext,
} from '@spindle/plugin-sdk/testing';
import { LibraryOrganizer, titleFolderOf } from '../src/library-organizer.ts';

let root: string;
let input: OrganizeInput;
let ctx: FakeContext;
const organizer = new LibraryOrganizer();
const show = () => join(input.libraryTvPath, 'Sample Show');

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'organizer-apply-'));
  input = await writeSampleOrganizeInput(root);
  ctx = await createFakeContext();
});
afterEach(async () => {
  await ctx.dispose();
  await rm(root, { recursive: true, force: true });
});

describe('LibraryOrganizer.apply', () => {
  it('renames episodes into the show folder and leaves skipped extras in staging', async () => {
    const original = await readFile(input.titles[0]!.filePath);
    const plan = await organizer.plan(input, ctx);
    const outcome = await organizer.apply(plan, ctx);
    expect(outcome.libraryPath).toBe(show());
    expect(outcome.titles.map((t) => [t.titleIndex, t.status])).toEqual([
      [0, 'moved'],
      [1, 'moved'],
      [2, 'skipped'],
    ]);
    expect(await readFile(join(show(), 'Season 01', 'Sample Show - S01E01.mkv'))).toEqual(original);
    expect(await readdir(input.job.stagingPath!)).toEqual(['title_t02.mkv']);
    expect(ctx.progress.fractions()).toEqual([0, 1 / 3, 2 / 3, 1]);
  });

  it('files a movie and its kept extra in the movie folder', async () => {
    const movie: OrganizeInput = {
      ...input,
      job: sampleMovieJob({ stagingPath: input.job.stagingPath }),
      extrasPolicy: 'keep',
      titles: [
        {
          ...input.titles[0]!,
          match: { ...sampleEpisodeMatch(1, 1), kind: 'main_movie', season: null, episode: null, edition: 'Extended' },
        },
        input.titles[2]!,
      ],
    };
    const outcome = await organizer.apply(await organizer.plan(movie, ctx), ctx);
    const folder = join(input.libraryMoviesPath, 'Sample Movie (2020)');
    expect(outcome.libraryPath).toBe(folder);
    expect(outcome.titles.map((t) => t.path)).toEqual([
      join(folder, 'Sample Movie (2020) {edition-Extended}.mkv'),
      join(folder, 'Other', 'title_t02.mkv'),
    ]);
  });

  it('overwrites an existing file only when the plan says so', async () => {
    const target = join(show(), 'Season 01', 'Sample Show - S01E01.mkv');
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, 'old copy');
    const skipPlan = await organizer.plan(input, ctx);
    expect((await organizer.apply(skipPlan, ctx)).titles[0]).toMatchObject({ status: 'skipped' });
    expect(await readFile(target, 'utf8')).toBe('old copy');

    const overwritePlan = await organizer.plan({ ...input, conflictDefault: 'overwrite' }, ctx);
    expect((await organizer.apply(overwritePlan, ctx)).titles[0]).toMatchObject({ status: 'moved', path: target });
    expect((await readFile(target)).length).toBe(4096);
  });

  it('sends a title to review when its target appears after planning, replacing nothing', async () => {
    const plan = await organizer.plan(input, ctx);
    const target = plan.moves[1]!.to!;
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, 'appeared meanwhile');
    const outcome = await organizer.apply(plan, ctx);
    expect(outcome.titles[1]).toMatchObject({ status: 'review', message: `A file already exists at ${target}` });
    expect(await readFile(target, 'utf8')).toBe('appeared meanwhile');
    expect(await readdir(input.job.stagingPath!)).toContain('title_t01.mkv');
  });

  it('reports a vanished source as failed and carries on', async () => {
    const plan = await organizer.plan(input, ctx);
    await rm(plan.moves[0]!.from);
    const outcome = await organizer.apply(plan, ctx);
    expect(outcome.titles[0]).toMatchObject({
      status: 'failed',
      message: `The file to organize is gone: ${plan.moves[0]!.from}`,
    });
    expect(outcome.titles[1]).toMatchObject({ status: 'moved' });
  });

  it('rejects with an AbortedError before moving anything once aborted', async () => {
    const plan = await organizer.plan(input, ctx);
    ctx.abort();
    await expect(organizer.apply(plan, ctx)).rejects.toMatchObject({ code: 'aborted' });
    expect((await readdir(input.job.stagingPath!)).sort()).toEqual(['title_t00.mkv', 'title_t01.mkv', 'title_t02.mkv']);
  });
});

describe('titleFolderOf', () => {
  it.each([
    ['/lib/TV/Show/Season 01/Show - S01E01.mkv', '/lib/TV/Show'],
    ['/lib/TV/Show/Extras/x.mkv', '/lib/TV/Show'],
    ['/lib/TV/Show/Deleted Scenes/x.mkv', '/lib/TV/Show'],
    ['/lib/Movies/Film (2000)/Film (2000).mkv', '/lib/Movies/Film (2000)'],
    ['/lib/Movies/Film (2000)/Extras/x.mkv', '/lib/Movies/Film (2000)'],
  ])('%s → %s', (path, folder) => {
    expect(titleFolderOf(join(path))).toBe(join(folder));
  });
});
