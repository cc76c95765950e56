/**
 * Runs every configured detector with a sink that turns its reports into jobs (through the job
 * intake) and drive events. A detector is restarted when an application setting it reads changes
 * (so `staging_watch_enabled` takes effect without a restart of the service), told when a rip
 * from one of its drives finished, and stopped at shutdown by aborting its signal.
 */
import type { DetectionSink, Detector, Logger, StageContext } from '@spindle/plugin-sdk';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobIntake } from '../intake/job-intake.ts';
import type { PluginContextFactory } from '../plugins/plugin-context-factory.ts';
import type { Resolved, StageResolver } from '../pipeline/stage-resolver.ts';
import { errorMessage } from '@spindle/plugin-sdk';

export interface DetectorStatus {
  id: string;
  status: string;
}

interface Running {
  detector: Resolved<Detector>;
  controller: AbortController;
  ctx: StageContext;
  /** Drives this detector reported discs in. */
  drives: Set<string>;
}

type DetectorHostDeps = {
  resolver: StageResolver;
  contexts: PluginContextFactory;
  intake: JobIntake;
  logger: Logger;
  workRoot: string;
};

export class DetectorHost {
  private readonly running = new Map<string, Running>();
  private readonly statuses = new Map<string, string>();
  private stopped = false;

  constructor(private readonly deps: DetectorHostDeps) {}

  statusList(): DetectorStatus[] {
    return [...this.statuses.entries()].map(([id, status]) => ({ id, status }));
  }

  async start(): Promise<void> {
    for (const detector of this.deps.resolver.detectors()) await this.startOne(detector);
  }

  /** Restarts the detectors that read any of the changed application settings. */
  async settingsChanged(changed: readonly string[]): Promise<void> {
    for (const [id, run] of [...this.running]) {
      const reads = run.detector.record.manifest.appSettings ?? [];
      if (!reads.some((name) => changed.includes(name))) continue;
      this.deps.logger.info(
        `restarting detector ${id}: ${changed.filter((c) => reads.includes(c)).join(', ')} changed`,
      );
      run.controller.abort(new Error('settings changed'));
      this.running.delete(id);
      if (!this.stopped) await this.startOne(run.detector);
    }
  }

  /**
   * After a live pipeline change: stops the detectors no longer configured (or re-created with new
   * settings) and starts the new ones; a detector that did not change keeps running.
   */
  async pipelineChanged(): Promise<void> {
    if (this.stopped) return;
    const wanted = this.deps.resolver.detectors();
    for (const [id, run] of [...this.running]) {
      if (wanted.includes(run.detector)) continue;
      this.deps.logger.info(`stopping detector ${id}: the pipeline changed`);
      run.controller.abort(new Error('pipeline changed'));
      this.running.delete(id);
      this.statuses.delete(id);
    }
    const running = new Set([...this.running.values()].map((run) => run.detector));
    for (const detector of wanted) if (!running.has(detector)) await this.startOne(detector);
  }

  /** Tells the detector that reported the drive that its rip finished. */
  async ripFinished(driveId: string, ok: boolean): Promise<void> {
    for (const [id, run] of this.running) {
      if (!run.drives.has(driveId) || !run.detector.impl.ripFinished) continue;
      try {
        await run.detector.impl.ripFinished({ driveId, ok }, run.ctx);
      } catch (error) {
        this.deps.logger.warn(`detector ${id} could not handle the end of a rip on ${driveId}`, {
          error: errorMessage(error),
        });
      }
    }
  }

  stop(): void {
    this.stopped = true;
    for (const run of this.running.values()) run.controller.abort(new Error('Spindle is shutting down'));
    this.running.clear();
  }

  private async startOne(detector: Resolved<Detector>): Promise<void> {
    const id = detector.record.id;
    const controller = new AbortController();
    const drives = new Set<string>();
    const sink: DetectionSink = {
      discInserted: async (e) => {
        if (controller.signal.aborted) return;
        drives.add(e.driveId);
        await this.deps.intake.discInserted({
          driveId: e.driveId,
          volumeLabel: e.volumeLabel,
          path: e.path,
          contentHash: e.contentHash ?? null,
        });
      },
      discRemoved: (e) => {
        if (!controller.signal.aborted) this.deps.intake.discRemoved(e.driveId);
      },
      stagingFolderReady: async (e) => {
        if (controller.signal.aborted) return;
        const outcome = await this.deps.intake.importDetectedFolder({ path: e.path, volumeLabel: e.volumeLabel });
        if (outcome.existing) {
          this.deps.logger.info(
            `detector ${id}: ${e.path} is already the source of job ${outcome.existing.id} (${outcome.existing.state}); not imported again`,
          );
        } else {
          this.deps.logger.info(`detector ${id}: imported ${e.path} as job ${outcome.created.id}`);
        }
      },
      status: (text) => {
        if (!controller.signal.aborted) this.statuses.set(id, text);
      },
    };
    const workDir = join(this.deps.workRoot, 'detectors', id);
    await mkdir(workDir, { recursive: true });
    const ctx = this.deps.contexts.stage(detector.record, {
      signal: controller.signal,
      progress: { report: () => undefined },
      workDir,
    });
    this.running.set(id, { detector, controller, ctx, drives });
    try {
      await detector.impl.start(sink, ctx);
      this.deps.logger.info(`detector ${id} started`);
    } catch (error) {
      const message = errorMessage(error);
      this.statuses.set(id, `failed to start: ${message}`);
      this.deps.logger.error(`detector ${id} failed to start`, { error: message });
    }
  }
}
