/**
 * The one way new jobs enter: a disc inserted in a drive, a staging folder that became ready,
 * or an import through the API. Creates the job row, broadcasts it, and starts the pipeline.
 */
import { InputError, type ContentType } from '@spindle/plugin-sdk';
import { readdir, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { EventBus } from '../events/event-bus.ts';
import type { JobService } from '../jobs/job-service.ts';
import type { JobRecord } from '../persistence/records.ts';
import type { PipelineRunner } from '../pipeline/pipeline-runner.ts';

export interface FolderImport {
  path: string;
  volumeLabel?: string | null;
  contentType?: ContentType | null;
  detectedTitle?: string | null;
  detectedSeason?: number | null;
  discNumber?: number | null;
  catalogId?: number | null;
}

export interface DiscInsert {
  driveId: string;
  volumeLabel: string;
  path: string | null;
}

export class JobIntake {
  constructor(
    private readonly deps: { jobService: JobService; runner: PipelineRunner; bus: EventBus },
  ) {}

  async discInserted(disc: DiscInsert, autoStart = true): Promise<JobRecord> {
    this.deps.bus.emit('drive.changed', { driveId: disc.driveId, event: 'inserted', volumeLabel: disc.volumeLabel });
    const job = await this.deps.jobService.create({
      sourceKind: 'disc',
      driveId: disc.driveId,
      volumeLabel: disc.volumeLabel,
      sourcePath: disc.path,
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
    const path = await JobIntake.checkFolder(request.path);
    const declared = Boolean(request.contentType && request.contentType !== 'unknown' && (request.detectedTitle || request.catalogId));
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
    });
    if (autoStart) this.deps.runner.start(job.id);
    return job;
  }
}
