/**
 * The one way new jobs enter: a disc inserted in a drive, a staging folder that became ready,
 * or an import through the API. Creates the job row, broadcasts it, and starts the pipeline.
 */
import { ConflictError, InputError, type ContentType, type Logger } from '@spindle/plugin-sdk';
import { readdir, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { EventBus } from '../events/event-bus.ts';
import type { JobService } from '../jobs/job-service.ts';
import { isTerminal, JOB_STATES } from '../jobs/job-state-machine.ts';
import type { JobRepository, TitleRepository } from '../persistence/ports.ts';
import type { ImportMode, JobRecord } from '../persistence/records.ts';
import type { PipelineRunner } from '../pipeline/pipeline-runner.ts';
import { reportLateFiles, unclaimedFiles } from './late-files.ts';
import { confineImport, currentStagingRoot, type ImportRoots } from './import-confinement.ts';

export interface FolderImport {
  path: string;
  volumeLabel?: string | null;
  contentType?: ContentType | null;
  detectedTitle?: string | null;
  detectedSeason?: number | null;
  discNumber?: number | null;
  catalogId?: number | null;
  /** move: the files leave the folder for the library; copy: they are copied (hardlinked) and the folder stays whole. */
  mode?: ImportMode;
  /** Only these files of the folder (a follow-up job for late files). */
  onlyFiles?: string[];
  /** Stop after identification so a person ticks the titles to rip (whatever ask_which_titles_to_rip says). */
  askTitles?: boolean;
}

export interface DiscInsert {
  driveId: string;
  volumeLabel: string;
  path: string | null;
  /** Read by the detector from the mounted disc, when it could. */
  contentHash?: string | null;
}

/** What became of a folder a detector found ready: a new job, or the job that already has it. */
export type DetectedFolderOutcome = { created: JobRecord; existing: null } | { created: null; existing: JobRecord };

type JobIntakeDeps = {
  jobService: JobService;
  runner: PipelineRunner;
  bus: EventBus;
  jobs: JobRepository;
  titles: TitleRepository;
  logger: Logger;
  roots?: () => ImportRoots;
};

export class JobIntake {
  /** The last disc report of each drive, so the next one waits for it. */
  private readonly driveReports = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: JobIntakeDeps) {}

  /**
   * A disc a detector found in a drive becomes a job — unless a job still works on that same disc in that drive (same
   * label, and the same content hash when both are known): a detector that reports one insertion twice must not rip
   * the disc twice. Reports for one drive are taken one at a time, so two at once cannot both make a job.
   */
  async discInserted(disc: DiscInsert, autoStart = true): Promise<JobRecord> {
    this.deps.bus.emit('drive.changed', { driveId: disc.driveId, event: 'inserted', volumeLabel: disc.volumeLabel });
    const previous = this.driveReports.get(disc.driveId) ?? Promise.resolve();
    const report = previous.catch(() => undefined).then(() => this.jobForDisc(disc, autoStart));
    this.driveReports.set(disc.driveId, report);
    return report;
  }

  private async jobForDisc(disc: DiscInsert, autoStart: boolean): Promise<JobRecord> {
    const open = await this.deps.jobs.listInStates(JOB_STATES.filter((state) => !isTerminal(state)));
    const hash = disc.contentHash ?? null;
    const working = open.find(
      (j) =>
        j.sourceKind === 'disc' &&
        j.driveId === disc.driveId &&
        j.volumeLabel === disc.volumeLabel &&
        (hash === null || j.contentHash === null || j.contentHash === hash),
    );
    if (working) {
      this.deps.logger.info(
        `job ${working.id} (${working.state}) already works on the disc "${disc.volumeLabel}" in ${disc.driveId}; no second job`,
      );
      return working;
    }
    const job = await this.deps.jobService.create({
      sourceKind: 'disc',
      driveId: disc.driveId,
      volumeLabel: disc.volumeLabel,
      sourcePath: disc.path,
      contentHash: hash,
      folderOrigin: 'rip',
      stagingRoot: this.deps.roots ? await currentStagingRoot(this.deps.roots()) : null,
    });
    if (autoStart) this.deps.runner.start(job.id);
    return job;
  }

  discRemoved(driveId: string): void {
    this.deps.bus.emit('drive.changed', { driveId, event: 'removed', volumeLabel: null });
  }

  /** Checks that a folder exists and holds MKV files; throws an InputError naming the problem. */
  static async checkFolder(path: string): Promise<string> {
    const full = resolve(path);
    let info;
    try {
      info = await stat(full);
    } catch {
      throw new InputError('staging_path_missing', `staging_path '${path}' does not exist`);
    }
    if (!info.isDirectory()) throw new InputError('staging_path_not_folder', `staging_path '${path}' is not a folder`);
    const names = await readdir(full);
    if (!names.some((n) => n.toLowerCase().endsWith('.mkv'))) {
      throw new InputError('staging_path_no_mkv', `staging_path '${path}' contains no .mkv files`);
    }
    return full;
  }

  async importFolder(request: FolderImport, autoStart = true): Promise<JobRecord> {
    const confined = this.deps.roots ? await confineImport(request.path, this.deps.roots()) : null;
    const path = await JobIntake.checkFolder(request.path);
    const busy = (await this.deps.jobs.listBySourcePath(path)).find((j) => !isTerminal(j.state));
    if (busy) {
      throw new ConflictError(
        'folder_in_use',
        `Job ${busy.id} (${busy.state}) already works on ${path}; finish or cancel it before importing the folder again`,
        {
          details: { jobId: busy.id },
        },
      );
    }
    const declared = Boolean(
      request.contentType && request.contentType !== 'unknown' && (request.detectedTitle || request.catalogId),
    );
    const job = await this.deps.jobService.create({
      sourceKind: 'folder',
      sourcePath: path,
      stagingPath: path,
      volumeLabel: request.volumeLabel?.trim() || basename(path),
      contentType: request.contentType ?? 'unknown',
      detectedTitle: request.detectedTitle ?? null,
      detectedSeason: request.detectedSeason ?? null,
      discNumber: request.discNumber ?? null,
      catalogId: request.catalogId ?? null,
      identityDeclared: declared,
      importMode: request.mode ?? 'copy',
      onlyFilesJson: request.onlyFiles ? JSON.stringify(request.onlyFiles) : null,
      folderOrigin: 'import',
      stagingRoot: confined?.root ?? null,
      askTitles: request.askTitles === true,
    });
    if (autoStart) this.deps.runner.start(job.id);
    return job;
  }

  /**
   * A folder a detector (the staging watcher) found ready; the watcher's folders are moved into the
   * library. It goes through `importFolder` like an API import when no job has it yet. When jobs
   * have it, only the files none of them claimed count: while a job works on the folder they are
   * noted on it (and join it if it still rips, or become a job when it ends); after that they
   * become a job of their own. A folder with nothing new answers with the job that has it.
   */
  async importDetectedFolder(request: FolderImport): Promise<DetectedFolderOutcome> {
    const path = await JobIntake.checkFolder(request.path);
    const jobs = await this.deps.jobs.listBySourcePath(path);
    const request_ = { mode: 'move' as const, ...request, path };
    if (jobs.length === 0) return { created: await this.importFolder(request_), existing: null };
    const late = await unclaimedFiles(path, this.deps);
    const active = jobs.find((j) => !isTerminal(j.state));
    if (active) {
      if (late.length > 0 && active.state !== 'idle' && active.state !== 'identifying')
        await reportLateFiles(this.deps, active, late, 'noticed');
      return { created: null, existing: active };
    }
    if (late.length === 0) return { created: null, existing: jobs[0]! };
    return { created: await this.followUp(jobs[0]!, late), existing: null };
  }

  /** A job for the late files of a finished job: same folder, same way to the library, same identity. */
  async followUp(previous: JobRecord, files: string[]): Promise<JobRecord> {
    const known = previous.contentType !== 'unknown' && Boolean(previous.detectedTitle || previous.catalogId);
    return this.importFolder({
      path: previous.sourcePath!,
      volumeLabel: previous.volumeLabel,
      mode: previous.importMode ?? 'move',
      onlyFiles: files,
      ...(known
        ? {
            contentType: previous.contentType,
            detectedTitle: previous.detectedTitle,
            detectedSeason: previous.detectedSeason,
            discNumber: previous.discNumber,
            catalogId: previous.catalogId,
          }
        : {}),
    });
  }
}
