/** The library organizer: plans Plex/Jellyfin paths, then moves files without losing data. */
import { basename, dirname, relative, resolve, sep } from 'node:path';
import {
  errorMessage,
  movesFile,
  SpindleError,
  throwIfAborted,
  unmovedTitle,
  type OrganizedTitle,
  type OrganizeInput,
  type OrganizeOutcome,
  type OrganizePlan,
  type Organizer,
  type StageContext,
} from '@spindle/plugin-sdk';
import { ensureFolder, moveFile } from './file-mover.ts';
import { finishedEarlier, noteMoveStarted, pruneJournal, resumeInterrupted } from './move-journal.ts';
import { isExtrasFolder } from './library-naming.ts';
import { planMoves } from './organize-planner.ts';

const SEASON_FOLDER = /^Season \d+$/;

/** The movie or show folder a library file sits in (above `Season XX` and the extras folders). */
export function titleFolderOf(path: string): string {
  const parent = dirname(path);
  const name = basename(parent);
  return isExtrasFolder(name) || SEASON_FOLDER.test(name) ? dirname(parent) : parent;
}

function commonFolder(folders: string[]): string | null {
  if (folders.length === 0) return null;
  return folders
    .map((f) => resolve(f))
    .reduce((common, folder) => {
      while (common !== dirname(common) && relative(common, folder).split(sep)[0] === '..') common = dirname(common);
      return common;
    });
}

export class LibraryOrganizer implements Organizer {
  async plan(input: OrganizeInput, ctx: StageContext): Promise<OrganizePlan> {
    throwIfAborted(ctx.signal);
    const plan = await planMoves(input);
    return { moves: await resumeInterrupted(ctx.store, plan.moves) };
  }

  async apply(plan: OrganizePlan, ctx: StageContext): Promise<OrganizeOutcome> {
    throwIfAborted(ctx.signal);
    const titles: OrganizedTitle[] = [];
    const total = plan.moves.length;
    for (const [i, move] of plan.moves.entries()) {
      throwIfAborted(ctx.signal);
      ctx.progress.report({ fraction: i / total, currentTitle: move.titleIndex });
      if (!movesFile(move)) {
        titles.push(unmovedTitle(move));
        continue;
      }
      try {
        if (await finishedEarlier(ctx.store, move)) {
          ctx.logger.info('Title was organized by an interrupted earlier attempt', {
            titleIndex: move.titleIndex,
            to: move.to,
          });
          titles.push({ titleIndex: move.titleIndex, status: 'moved', path: move.to, message: null });
          continue;
        }
        await ensureFolder(dirname(move.to));
        await noteMoveStarted(ctx.store, move.from, move.to);
        const method = await moveFile(move.from, move.to, {
          overwrite: move.overwrite === true,
          keepSource: move.keepSource === true,
          signal: ctx.signal,
          onProgress: (f) => ctx.progress.report({ fraction: (i + f) / total, currentTitle: move.titleIndex }),
        });
        ctx.logger.info('Organized title', { titleIndex: move.titleIndex, to: move.to, method });
        titles.push({ titleIndex: move.titleIndex, status: 'moved', path: move.to, message: null });
      } catch (error) {
        if (SpindleError.is(error) && error.code === 'aborted') throw error;
        const message = errorMessage(error);
        const conflict = SpindleError.is(error) && error.code === 'target_exists';
        ctx.logger.warn('Could not organize title', { titleIndex: move.titleIndex, message });
        titles.push({ titleIndex: move.titleIndex, status: conflict ? 'review' : 'failed', path: null, message });
      }
    }
    ctx.progress.report({ fraction: 1 });
    await pruneJournal(ctx.store);
    const moved = titles.filter((t) => t.status === 'moved').map((t) => titleFolderOf(t.path!));
    return { titles, libraryPath: commonFolder([...new Set(moved)]) };
  }
}
