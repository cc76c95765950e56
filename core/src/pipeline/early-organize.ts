/**
 * Filing one title while the rest of the disc is still ripped or matched: an episode of a disc job
 * accepted on its own, planned alone and moved only when the organizer plans a plain move for it
 * (no conflict, no question, no skip). Anything else waits for the organizing step, which plans the
 * job's remaining titles together as before. Files are never copied here while the drive is
 * reading unless `organize_during_rip` is `always` (the caller decides when; see title-flow.ts).
 */
import type { ConflictChoice } from '@spindle/plugin-sdk';
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { asksBeforeFiling } from '../jobs/filing-plan.ts';
import type { JobRecord, TitleRecord } from '../persistence/records.ts';
import { parseMatch, toJobView } from './job-view.ts';
import type { StepDeps } from './step-deps.ts';

/** The device of `path`, or of its nearest existing parent folder (the library folder may not exist yet). */
async function deviceOf(path: string): Promise<number | null> {
  let at = path;
  for (;;) {
    const info = await stat(at).catch(() => null);
    if (info) return info.dev;
    const up = dirname(at);
    if (up === at) return null;
    at = up;
  }
}

/** True when moving `file` into `library` is a rename (the same file system), not a copy. */
export async function sameVolume(file: string, library: string): Promise<boolean> {
  const [a, b] = await Promise.all([deviceOf(file), deviceOf(library)]);
  return a !== null && a === b;
}

/**
 * Whether this title may go to the library before the others: a disc job's TV episode, matched and
 * accepted, with filing not held for a person, no other title claiming the same episode, and the
 * library path set. (A folder job's files are the person's own: they are filed with the job.)
 */
export async function mayFileEarly(job: JobRecord, title: TitleRecord, deps: StepDeps): Promise<boolean> {
  const config = deps.config.get();
  if (config.organize_during_rip === 'never' || asksBeforeFiling(config)) return false;
  if (job.contentType !== 'tv' || job.sourceKind === 'folder' || !config.library_tv_path) return false;
  if (title.state !== 'matched' || !title.filePath || !title.matchedEpisode || title.included) return false;
  if (parseMatch(title)?.kind !== 'episode') return false;
  const others = await deps.titles.listByJob(job.id);
  return !others.some(
    (t) =>
      t.id !== title.id &&
      t.matchedEpisode === title.matchedEpisode &&
      ['matched', 'review', 'completed'].includes(t.state),
  );
}

/** Files one accepted title now when its plan is a plain move; true when it is in the library. */
export async function fileEarly(job: JobRecord, title: TitleRecord, deps: StepDeps): Promise<boolean> {
  const organizer = deps.resolver.organizer();
  const match = parseMatch(title);
  const config = deps.config.get();
  if (!organizer || !match || !title.filePath || !config.library_tv_path) return false;
  const ctx = await deps.context(organizer.record, job, 'organize');
  const plan = await organizer.impl.plan(
    {
      job: toJobView(job),
      titles: [
        {
          titleIndex: title.titleIndex,
          filePath: title.filePath,
          match,
          conflictResolution: (title.conflictResolution as ConflictChoice | null) ?? null,
        },
      ],
      libraryMoviesPath: config.library_movies_path ?? '',
      libraryTvPath: config.library_tv_path,
      extrasPolicy: config.extras_policy,
      conflictDefault: config.conflict_resolution_default,
      transfer: 'move',
    },
    ctx,
  );
  const move = plan.moves[0];
  if (
    plan.moves.length !== 1 ||
    move?.titleIndex !== title.titleIndex ||
    move.action !== 'move' ||
    move.conflict ||
    move.overwrite
  )
    return false;
  const outcome = await organizer.impl.apply(plan, ctx);
  const result = outcome.titles.find((t) => t.titleIndex === title.titleIndex);
  if (result?.status !== 'moved' || !result.path) {
    // Left for the organizing step, which plans it again with the others and reports a failure properly.
    deps.logger.warn(
      `job ${job.id}: title ${title.titleIndex} could not be filed early; the organizing step takes it`,
      { message: result?.message ?? null },
    );
    return false;
  }
  await deps.jobService.updateTitle(title, {
    state: 'completed',
    organizedPath: result.path,
    discardReason: null,
    discardedBy: null,
  });
  const current = await deps.jobs.get(job.id);
  if (current && !current.libraryPath && outcome.libraryPath)
    await deps.jobService.update(job.id, { libraryPath: outcome.libraryPath });
  await deps.jobs.note(
    job.id,
    current?.state ?? job.state,
    `title ${title.titleIndex}: filed as ${title.matchedEpisode} while the rest of the disc is still worked on`,
  );
  return true;
}
