/**
 * The DEBUG simulation endpoints' logic: insert and remove simulated discs, advance a job one
 * step along the happy path, import from staging, and reset everything.
 */
import { ConflictError, InputError, type ContentType } from '@spindle/plugin-sdk';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { EventBus } from '../events/event-bus.ts';
import type { JobIntake } from '../intake/job-intake.ts';
import type { JobService } from '../jobs/job-service.ts';
import { HAPPY_PATH_NEXT, isTerminal } from '../jobs/job-state-machine.ts';
import type { JobRepository } from '../persistence/ports.ts';
import type { JobRecord } from '../persistence/records.ts';
import type { ConfigReader } from '../plugins/plugin-context-factory.ts';
import type { PipelineRunner } from '../pipeline/pipeline-runner.ts';
import type { SimulationPace } from './simulation-pace.ts';

export interface InsertDisc {
  volumeLabel: string;
  contentType: ContentType;
  simulateRipping: boolean;
  ripSpeedMultiplier: number;
  driveId: string | null;
}

type DiscSimulatorDeps = {
  jobs: JobRepository;
  jobService: JobService;
  runner: PipelineRunner;
  intake: JobIntake;
  bus: EventBus;
  config: ConfigReader;
  pace: SimulationPace;
};

export class DiscSimulator {
  private nextDrive = 0;

  constructor(private readonly deps: DiscSimulatorDeps) {}

  async insertDisc(request: InsertDisc): Promise<JobRecord> {
    const driveId = request.driveId ?? `sim:${this.nextDrive++}`;
    this.deps.bus.emit('drive.changed', { driveId, event: 'inserted', volumeLabel: request.volumeLabel });
    const job = await this.deps.jobService.create({
      sourceKind: 'disc',
      driveId,
      volumeLabel: request.volumeLabel,
      contentType: request.contentType,
      simulated: true,
    });
    this.deps.pace.set(job.id, request.ripSpeedMultiplier);
    if (request.simulateRipping) this.deps.runner.start(job.id);
    return job;
  }

  /** Ejects a simulated disc; a job still reading from that drive fails, as it would for real. */
  async removeDisc(driveId: string): Promise<{ drive_id: string; failed_job_ids: number[] }> {
    const failed: number[] = [];
    for (const job of await this.deps.jobs.listInStates(['identifying', 'ripping'])) {
      if (job.driveId !== driveId || job.sourceKind !== 'disc') continue;
      await this.deps.runner.abort(job.id, 'disc removed');
      const message = `The disc was removed from drive ${driveId} while it was being read`;
      await this.deps.jobService.transition(job.id, 'failed', { patch: { errorMessage: message }, message });
      failed.push(job.id);
    }
    this.deps.intake.discRemoved(driveId);
    return { drive_id: driveId, failed_job_ids: failed };
  }

  async advance(jobId: number): Promise<JobRecord> {
    const job = await this.deps.jobService.require(jobId);
    if (isTerminal(job.state))
      throw new ConflictError('job_finished', `Job ${jobId} is ${job.state}; it cannot advance`);
    if (this.deps.runner.isRunning(jobId)) {
      throw new ConflictError(
        'job_progressing',
        `Job ${jobId} is progressing by itself; advance-job is for jobs created without simulate_ripping`,
      );
    }
    const next = job.state === 'review_needed' ? (job.resumeState ?? 'identifying') : HAPPY_PATH_NEXT[job.state];
    if (!next) throw new ConflictError('job_cannot_advance', `Job ${jobId} has no next state from ${job.state}`);
    return this.deps.jobService.transition(jobId, next, {
      patch: job.state === 'review_needed' ? { reviewReason: null, resumeState: null } : {},
      message: 'advanced by the simulation endpoint',
    });
  }

  async insertFromStaging(folderName: string | null): Promise<JobRecord> {
    const staging = this.deps.config.get().staging_path;
    if (!staging)
      throw new InputError('staging_path_unset', 'staging_path is not set; set it in the configuration first');
    let names: string[];
    if (folderName) {
      if (folderName.includes('/') || folderName.includes('\\') || folderName === '..') {
        throw new InputError(
          'invalid_folder_name',
          'folder_name must be the name of a folder directly inside staging_path',
        );
      }
      names = [folderName];
    } else {
      const entries = await readdir(staging, { withFileTypes: true }).catch(() => []);
      names = entries
        .filter((e) => e.isDirectory() && !e.name.startsWith('job_') && !e.name.startsWith('.'))
        .map((e) => e.name)
        .sort();
    }
    for (const name of names) {
      const path = join(staging, name);
      const files = await readdir(path).catch(() => [] as string[]);
      if (files.some((f) => f.toLowerCase().endsWith('.mkv')))
        return this.deps.intake.importFolder({ path, volumeLabel: name });
    }
    throw new InputError(
      'no_staging_folder',
      `No folder with .mkv files${folderName ? ` named '${folderName}'` : ''} was found in ${staging}`,
    );
  }

  async resetAll(): Promise<{ deleted: number }> {
    await this.deps.runner.shutdown('all jobs are being reset');
    this.deps.pace.clear();
    return { deleted: await this.deps.jobService.deleteAll() };
  }
}
