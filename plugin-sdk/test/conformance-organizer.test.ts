import { copyFile, mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  formatEpisodeCode,
  movesFile,
  OrganizationError,
  throwIfAborted,
  unmovedTitle,
  type Organizer,
  type OrganizedTitle,
} from '../src/index.ts';
import { assertConformance, ConformanceError, organizerConformance } from '../src/testing/index.ts';

interface Flaws {
  mkdirWhilePlanning?: boolean;
  copyOnly?: boolean;
  createOnMissing?: boolean;
  outsideLibrary?: boolean;
  ignoreAbort?: boolean;
}

function simpleOrganizer(flaws: Flaws = {}): Organizer {
  return {
    async plan(input, ctx) {
      if (!flaws.ignoreAbort) throwIfAborted(ctx.signal);
      const show = input.job.detectedTitle ?? input.job.volumeLabel;
      const root = flaws.outsideLibrary ? dirname(input.libraryTvPath) : input.libraryTvPath;
      if (flaws.mkdirWhilePlanning) await mkdir(join(root, show), { recursive: true });
      return {
        moves: input.titles.map((t) =>
          t.match.kind === 'episode'
            ? {
                titleIndex: t.titleIndex,
                from: t.filePath,
                to: join(root, show, `${show} - ${formatEpisodeCode(t.match.season!, t.match.episode!)}.mkv`),
                action: 'move' as const,
                reason: null,
              }
            : {
                titleIndex: t.titleIndex,
                from: t.filePath,
                to: null,
                action: 'skip' as const,
                reason: 'extras are skipped',
              },
        ),
      };
    },
    async apply(plan, ctx) {
      if (!flaws.ignoreAbort) throwIfAborted(ctx.signal);
      const titles: OrganizedTitle[] = [];
      let libraryPath: string | null = null;
      for (const [i, move] of plan.moves.entries()) {
        if (!movesFile(move)) {
          titles.push(unmovedTitle(move));
          continue;
        }
        await mkdir(dirname(move.to), { recursive: true });
        try {
          if (flaws.copyOnly) await copyFile(move.from, move.to);
          else await rename(move.from, move.to);
        } catch (error) {
          if (flaws.createOnMissing) await writeFile(move.to, '');
          const failure = new OrganizationError('move_failed', `Could not move ${move.from}`, { cause: error });
          titles.push({ titleIndex: move.titleIndex, status: 'failed', path: null, message: failure.message });
          continue;
        }
        libraryPath = dirname(move.to);
        titles.push({ titleIndex: move.titleIndex, status: 'moved', path: move.to, message: null });
        ctx.progress.report({ fraction: (i + 1) / plan.moves.length });
      }
      return { titles, libraryPath };
    },
  };
}

async function failuresOf(flaws: Flaws): Promise<ConformanceError> {
  const error = await assertConformance(organizerConformance({ create: () => simpleOrganizer(flaws) })).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConformanceError);
  return error as ConformanceError;
}

describe('organizer conformance suite', () => {
  it('passes a well-behaved organizer', async () => {
    expect(await assertConformance(organizerConformance({ create: () => simpleOrganizer() }))).toHaveLength(4);
  });

  it('fails an organizer that changes the filesystem while planning', async () => {
    expect((await failuresOf({ mkdirWhilePlanning: true })).message).toContain(
      'plan() changed files or folders on disk',
    );
  });

  it('fails an organizer that leaves moved files in staging', async () => {
    expect((await failuresOf({ copyOnly: true })).message).toMatch(
      /title_t00\.mkv is still in staging after being moved/,
    );
  });

  it('fails an organizer that creates a target for a vanished source', async () => {
    expect((await failuresOf({ createOnMissing: true })).message).toMatch(
      /apply\(\) created .* although its source was missing/,
    );
  });

  it('fails an organizer that plans outside the library or ignores abort', async () => {
    expect((await failuresOf({ outsideLibrary: true })).message).toContain('is outside both library roots');
    expect((await failuresOf({ ignoreAbort: true })).message).toContain(
      'resolved although the signal was already aborted',
    );
  });
});
