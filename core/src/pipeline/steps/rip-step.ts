/**
 * ripping: rip the selected titles (only those) into the job's staging folder, reporting
 * progress, speed and ETA. Folder sources use their files in place.
 */
import { ConfigurationError, RipperError, type ProgressUpdate } from '@spindle/plugin-sdk';
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobRecord, TitleRecord } from '../../persistence/records.ts';
import { parseFileList, reportLateFiles, unclaimedFiles } from '../../intake/late-files.ts';
import type { Resolved } from '../stage-resolver.ts';
import type { RippedFile, Ripper } from '@spindle/plugin-sdk';
import { overlapEnabled } from '../title-flow.ts';

type ResolvedRipper = Resolved<Ripper>;
import { toJobView } from '../job-view.ts';
import { createJobProgress } from '../job-progress.ts';
import type { StepDeps, StepOutcome } from '../step-deps.ts';

/**
 * Creates the job's folder in staging_path. Node's recursive mkdir says ENOENT on a read-only file
 * system, so a failure is explained from staging_path itself (read-only, no permission, missing).
 */
async function createRipFolder(folder: string, staging: string): Promise<void> {
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    const denied = await access(staging, constants.W_OK).then(
      () => null,
      (e: NodeJS.ErrnoException) => e,
    );
    const why =
      denied?.code === 'EROFS'
        ? `${staging} is on a read-only file system`
        : denied?.code === 'EACCES' || denied?.code === 'EPERM'
          ? `Spindle may not write to ${staging}`
          : denied?.code === 'ENOENT'
            ? `${staging} does not exist`
            : (error as Error).message;
    throw new RipperError(
      'staging_not_writable',
      `Cannot create the rip folder ${folder}: ${why}; check staging_path`,
      { cause: error },
    );
  }
}

export async function ripStep(job: JobRecord, deps: StepDeps): Promise<StepOutcome> {
  const ripper = deps.resolver.ripperFor(job.sourceKind);
  if (!ripper) {
    throw new ConfigurationError(
      'no_ripper_configured',
      `No ripper is configured for ${job.sourceKind} sources; set pipeline.rippers.${job.sourceKind}`,
    );
  }
  let outputDir: string;
  /** Recorded on the job when it had no staging root yet (a job from before migration 6). */
  let ripRoot: string | null = null;
  if (job.sourceKind === 'folder' && job.sourcePath) {
    outputDir = job.sourcePath;
  } else {
    // The staging root the job was created under: a later change of staging_path does not move it.
    const staging = job.stagingRoot ?? deps.config.get().staging_path;
    if (!staging)
      throw new ConfigurationError(
        'staging_path_unset',
        'staging_path is not set; choose a staging folder in the settings',
      );
    outputDir = join(staging, `job_${job.id}`);
    await createRipFolder(outputDir, staging);
    if (job.stagingRoot === null) ripRoot = staging;
  }
  await resumeRippedTitles(job, deps);
  const all = await deps.titles.listByJob(job.id);
  // Only what still needs ripping: a retry or an included title leaves the titles already ripped alone.
  const selected = all.filter((t) => t.selected && (t.state === 'pending' || t.state === 'ripping'));
  const { ripped, failures } = await ripTitles(job, deps, ripper, outputDir, selected);
  // Files that came to the folder while ripping join the job (a slow copy): ripped in place like the rest.
  if (job.sourceKind === 'folder' && job.sourcePath) {
    const late = await joinLateFiles(job, deps, ripper);
    if (late.length > 0) await ripTitles(job, deps, ripper, outputDir, late);
  }
  if (selected.length > 0 && ripped === 0) {
    throw new RipperError(
      'rip_produced_nothing',
      `The ripper produced no file for any selected title${failures ? ` (${failures})` : ''}`,
    );
  }
  return {
    kind: 'next',
    patch: { stagingPath: outputDir, ...(ripRoot ? { stagingRoot: ripRoot, folderOrigin: 'rip' as const } : {}) },
  };
}

/** Rips these titles into outputDir: how many produced a file, and the ripper's failures in words. */
async function ripTitles(
  job: JobRecord,
  deps: StepDeps,
  ripper: ResolvedRipper,
  outputDir: string,
  selected: TitleRecord[],
): Promise<{ ripped: number; failures: string }> {
  for (const title of selected) {
    if (title.state === 'pending') await deps.jobService.updateTitle(title, { state: 'ripping' });
  }
  const progress = createJobProgress(deps, job.id, selected.length);
  // Each title whose file the ripper reports complete is QUEUED at once (and matched while the next one rips).
  let announcing: Promise<void> = Promise.resolve();
  const onTitleSaved = (file: RippedFile) => {
    announcing = announcing
      .then(() => titleSaved(job, deps, selected, file))
      .catch((error: unknown) => {
        deps.logger.warn(`job ${job.id}: could not queue title ${file.titleIndex} after its rip`, {
          error: String(error),
        });
      });
  };
  const result = await ripper.impl.rip(
    {
      onTitleSaved,
      source: toJobView(job).source,
      outputDir,
      titles: selected.map((t) => ({
        index: t.titleIndex,
        durationSeconds: t.durationSeconds,
        sizeBytes: t.sizeBytes,
        resolution: t.resolution,
        ...(t.sourceFile ? { sourceFile: t.sourceFile } : {}),
        ...(t.outputFilename ? { outputFileName: t.outputFilename } : {}),
      })),
    },
    await deps.context(ripper.record, job, 'rip', { report: (u: ProgressUpdate) => progress.report(u) }),
  );
  await announcing;
  await progress.flush();
  const current = await deps.titles.listByJob(job.id);
  const asked = new Set(selected.map((t) => t.id));
  for (const title of current.filter((t) => asked.has(t.id) && t.state === 'ripping')) {
    const file = result.files.find((f) => f.titleIndex === title.titleIndex);
    if (file) {
      const queued = await deps.jobService.updateTitle(title, {
        state: 'queued',
        filePath: file.path,
        sizeBytes: file.sizeBytes,
      });
      if (overlapEnabled(deps)) deps.flow?.enqueue(queued);
    } else {
      await deps.jobService.updateTitle(title, { state: 'failed' });
    }
  }
  return {
    ripped: result.files.filter((f) => selected.some((t) => t.titleIndex === f.titleIndex)).length,
    failures: result.failed.map((f) => `title ${f.titleIndex}: ${f.message}`).join('; '),
  };
}

/** A title the ripper reported saved: it claims its file and waits QUEUED (the flow matches it now when overlap is on). */
async function titleSaved(job: JobRecord, deps: StepDeps, asked: TitleRecord[], file: RippedFile): Promise<void> {
  if (!asked.some((t) => t.titleIndex === file.titleIndex)) return;
  const title = (await deps.titles.listByJob(job.id)).find((t) => t.titleIndex === file.titleIndex);
  if (title?.state !== 'ripping') return;
  const queued = await deps.jobService.updateTitle(title, {
    state: 'queued',
    filePath: file.path,
    sizeBytes: file.sizeBytes,
  });
  if (overlapEnabled(deps)) deps.flow?.enqueue(queued);
}

/**
 * A run that continues a job (a restart, a retry) finds titles ripped before: those caught MATCHING go
 * back in line, and with overlap on every QUEUED title is matched while the rest is ripped.
 */
async function resumeRippedTitles(job: JobRecord, deps: StepDeps): Promise<void> {
  for (const title of await deps.titles.listByJob(job.id)) {
    if (title.state === 'matching' && !deps.flow?.has(title.id))
      await deps.jobService.updateTitle(title, { state: 'queued' });
  }
  if (!overlapEnabled(deps) || !deps.flow) return;
  for (const title of await deps.titles.listByJob(job.id))
    if (title.state === 'queued' && title.filePath) deps.flow.enqueue(title);
}

/**
 * MKV files that appeared in a folder job's folder after it was scanned: scanned now and added as
 * titles of this job (numbered after the others), reported on the timeline and /ws.
 */
async function joinLateFiles(job: JobRecord, deps: StepDeps, ripper: ResolvedRipper): Promise<TitleRecord[]> {
  const late = await unclaimedFiles(job.sourcePath!, deps);
  if (late.length === 0 || parseFileList(job.onlyFilesJson)) return []; // a follow-up job keeps to its own list
  const scan = await ripper.impl.scan(toJobView(job).source, await deps.context(ripper.record, job, 'scan'));
  const existing = await deps.titles.listByJob(job.id);
  let next = Math.max(-1, ...existing.map((t) => t.titleIndex)) + 1;
  const added = scan.titles
    .filter((t) => t.sourceFile !== undefined && late.includes(t.sourceFile))
    .map((t) => ({
      titleIndex: next++,
      durationSeconds: t.durationSeconds,
      sizeBytes: t.sizeBytes,
      resolution: t.resolution,
      sourceFile: t.sourceFile ?? null,
      outputFilename: t.outputFileName ?? null,
      state: 'pending' as const,
      selected: true,
    }));
  if (added.length === 0) return [];
  const titles = await deps.jobService.addTitles(job.id, added);
  await reportLateFiles(
    { jobs: deps.jobs, bus: deps.bus, logger: deps.logger },
    job,
    titles.map((t) => t.sourceFile!),
    'joined',
  );
  return titles;
}
