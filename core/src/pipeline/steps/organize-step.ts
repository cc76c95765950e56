/**
 * organizing: the configured organizer plans where each matched title goes, then performs the
 * plan. Planned conflicts or extras under "ask" send the job to review; failures fail the job
 * with every title's reason.
 */
import { ConfigurationError, OrganizationError, type ConflictChoice, type OrganizableTitle } from '@spindle/plugin-sdk';
import type { JobRecord } from '../../persistence/records.ts';
import { parseMatch, toJobView } from '../job-view.ts';
import { createJobProgress } from '../job-progress.ts';
import type { StepDeps, StepOutcome } from '../step-deps.ts';

export async function organizeStep(job: JobRecord, deps: StepDeps): Promise<StepOutcome> {
  const organizer = deps.resolver.organizer();
  if (!organizer) throw new ConfigurationError('no_organizer_configured', 'No organizer is configured; set pipeline.organizer');
  const config = deps.config.get();
  const needed = job.contentType === 'movie' ? 'library_movies_path' : 'library_tv_path';
  if (!config[needed]) throw new ConfigurationError('library_path_unset', `${needed} is not set; choose a library folder in the settings`);

  const titles = (await deps.titles.listByJob(job.id)).filter((t) => t.state === 'matched' && t.filePath);
  const organizable: OrganizableTitle[] = [];
  for (const t of titles) {
    const match = parseMatch(t);
    if (!match) continue;
    organizable.push({ titleIndex: t.titleIndex, filePath: t.filePath!, match, conflictResolution: (t.conflictResolution as ConflictChoice | null) ?? null });
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
    },
    ctx,
  );
  const toReview = plan.moves.filter((m) => m.action === 'review');
  if (toReview.length > 0) {
    for (const move of toReview) {
      const title = titles.find((t) => t.titleIndex === move.titleIndex);
      if (title) await deps.jobService.updateTitle(title, { state: 'review' });
    }
    const reasons = toReview.map((m) => `title ${m.titleIndex}: ${m.reason ?? 'needs a decision'}`).join('; ');
    return { kind: 'review', reason: `Organizing needs decisions — ${reasons}`, resumeAt: 'organizing' };
  }
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
      await deps.jobService.updateTitle(title, {
        state: 'completed',
        organizedPath: result.status === 'moved' ? result.path : null,
        conflictResolution: move?.conflict && move.conflict !== 'ask' ? move.conflict : title.conflictResolution,
      });
    }
  }
  if (failures.length > 0) {
    throw new OrganizationError('organize_failed', `Organizing failed for ${failures.length} title(s): ${failures.join('; ')}`);
  }
  return { kind: 'next', patch: { libraryPath: outcome.libraryPath } };
}
