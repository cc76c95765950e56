/**
 * organizing: the configured organizer plans where each matched title goes, then performs the
 * plan. Every title left out is recorded with its reason and who decided it. Planned conflicts or
 * extras under "ask" send the job to review; so does a plan that would file nothing while a rule
 * (not a person) left the titles out. Failures fail the job with every title's reason.
 */
import {
  ConfigurationError,
  OrganizationError,
  type ConflictChoice,
  type OrganizableTitle,
  type PlannedMove,
} from '@spindle/plugin-sdk';
import { resolve } from 'node:path';
import type { DiscardedBy, JobRecord, TitleRecord } from '../../persistence/records.ts';
import { deciderFor, nothingFiledReason, organizeDiscard } from '../../jobs/title-accounting.ts';
import { parseMatch, toJobView } from '../job-view.ts';
import { createJobProgress } from '../job-progress.ts';
import type { StepDeps, StepOutcome } from '../step-deps.ts';
import { organizeReason, titleReview, type TitleReview } from '../../jobs/title-review.ts';

/** What an organizer's review move asks, as data: its own `question`, else told from the move's shape. */
function organizeReview(move: PlannedMove, titles: readonly TitleRecord[]): TitleReview {
  const message = move.reason ?? 'needs a decision';
  const kind =
    move.question ?? (move.conflict === 'ask' ? 'conflict' : move.to !== null ? 'duplicate_claim' : 'placement');
  const title = titles.find((t) => t.titleIndex === move.titleIndex);
  const candidates = title ? [...(parseMatch(title)?.candidates ?? [])].sort((a, b) => b.score - a.score) : [];
  return titleReview(kind, message, {
    path: move.to,
    candidates,
    otherTitles: move.claimedBy !== undefined ? [move.claimedBy] : [],
  });
}

/** Who left a title out at organizing: a person (their review decision), or the rule or setting behind the skip. */
function decider(
  title: TitleRecord,
  move: PlannedMove,
  kind: ReturnType<typeof organizeDiscard>['kind'],
  deps: StepDeps,
): DiscardedBy {
  const match = parseMatch(title);
  if (match?.kind === 'discarded' && match.source === 'user_review') return 'person';
  if (move.conflict === 'skip' && title.conflictResolution === 'skip') return 'person';
  return deciderFor(kind, deps.config.get());
}

/** Whether the title's file is the person's own file in the imported folder (not one Spindle wrote). */
function isPersonsFile(job: JobRecord, title: TitleRecord): boolean {
  return (
    job.sourceKind === 'folder' &&
    job.sourcePath !== null &&
    title.sourceFile !== null &&
    resolve(title.filePath!) === resolve(job.sourcePath, title.sourceFile)
  );
}

export async function organizeStep(job: JobRecord, deps: StepDeps): Promise<StepOutcome> {
  const organizer = deps.resolver.organizer();
  if (!organizer)
    throw new ConfigurationError('no_organizer_configured', 'No organizer is configured; set pipeline.organizer');
  const config = deps.config.get();
  const needed = job.contentType === 'movie' ? 'library_movies_path' : 'library_tv_path';
  if (!config[needed])
    throw new ConfigurationError('library_path_unset', `${needed} is not set; choose a library folder in the settings`);

  let titles = (await deps.titles.listByJob(job.id)).filter((t) => t.state === 'matched' && t.filePath);
  const organizable: OrganizableTitle[] = [];
  for (const t of titles) {
    const match = parseMatch(t);
    if (!match) continue;
    organizable.push({
      titleIndex: t.titleIndex,
      filePath: t.filePath!,
      match,
      conflictResolution: (t.conflictResolution as ConflictChoice | null) ?? null,
      ...(t.included ? { included: true } : {}),
      // Only the person's own file is copied; a file Spindle wrote for the title (a transcode) is moved.
      ...(job.importMode === 'copy' && !isPersonsFile(job, t) ? { transfer: 'move' as const } : {}),
    });
  }
  const progress = createJobProgress(deps, job.id, organizable.length);
  const ctx = await deps.context(organizer.record, job, 'organize', { report: (u) => progress.report(u) });
  const plan = await organizer.impl.plan(
    {
      job: toJobView(job),
      titles: organizable,
      libraryMoviesPath: config.library_movies_path ?? '',
      libraryTvPath: config.library_tv_path ?? '',
      extrasPolicy: config.extras_policy,
      conflictDefault: config.conflict_resolution_default,
      transfer: job.importMode === 'copy' ? 'copy' : 'move',
    },
    ctx,
  );
  const toReview = plan.moves.filter((m) => m.action === 'review');
  if (toReview.length > 0) {
    const items = toReview.map((move) => ({ titleIndex: move.titleIndex, review: organizeReview(move, titles) }));
    for (const item of items) {
      const title = titles.find((t) => t.titleIndex === item.titleIndex);
      if (title) await deps.jobService.updateTitle(title, { state: 'review', review: item.review });
    }
    return { kind: 'review', reason: organizeReason(items), about: 'organize', resumeAt: 'organizing' };
  }

  // Every skip is recorded on its title before anything moves, so the question "would anything be filed?" is answered from the records.
  for (const move of plan.moves.filter((m) => m.action === 'skip')) {
    const title = titles.find((t) => t.titleIndex === move.titleIndex);
    if (!title) continue;
    const discard = organizeDiscard(move.reason, title.isExtra);
    await deps.jobService.updateTitle(title, {
      discardReason: discard.reason,
      discardedBy: decider(title, move, discard.kind, deps),
    });
  }
  const everyTitle = await deps.titles.listByJob(job.id);
  const nothing = nothingFiledReason(everyTitle, plan.moves.filter((m) => m.action === 'move').length);
  if (nothing) return { kind: 'review', reason: nothing, about: 'nothing_filed', resumeAt: 'organizing' };
  titles = everyTitle.filter((t) => titles.some((m) => m.id === t.id));

  const outcome = await organizer.impl.apply(plan, ctx);
  await progress.flush();
  const failures: string[] = [];
  for (const result of outcome.titles) {
    const title = titles.find((t) => t.titleIndex === result.titleIndex);
    if (!title) continue;
    if (result.status === 'failed') {
      failures.push(`title ${result.titleIndex}: ${result.message ?? 'failed'}`);
      await deps.jobService.updateTitle(title, { state: 'failed' });
    } else {
      const move = plan.moves.find((m) => m.titleIndex === result.titleIndex);
      const filed = result.status === 'moved';
      await deps.jobService.updateTitle(title, {
        state: 'completed',
        organizedPath: filed ? result.path : null,
        ...(filed ? { discardReason: null, discardedBy: null } : {}),
        conflictResolution: move?.conflict && move.conflict !== 'ask' ? move.conflict : title.conflictResolution,
      });
    }
  }
  if (failures.length > 0) {
    throw new OrganizationError(
      'organize_failed',
      `Organizing failed for ${failures.length} title(s): ${failures.join('; ')}`,
    );
  }
  return { kind: 'next', patch: { libraryPath: outcome.libraryPath ?? job.libraryPath } };
}
