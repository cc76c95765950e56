/**
 * Starts every configured detector with a sink that turns its reports into jobs (through the
 * job intake) and drive events; stops them at shutdown by aborting their signal.
 */
import type { DetectionSink, Logger } from '@spindle/plugin-sdk';
import type { JobIntake } from '../intake/job-intake.ts';
import type { PluginContextFactory } from '../plugins/plugin-context-factory.ts';
import type { StageResolver } from '../pipeline/stage-resolver.ts';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface DetectorStatus {
  id: string;
  status: string;
}

export class DetectorHost {
  private readonly controller = new AbortController();
  private readonly statuses = new Map<string, string>();

  constructor(
    private readonly deps: { resolver: StageResolver; contexts: PluginContextFactory; intake: JobIntake; logger: Logger; workRoot: string },
  ) {}

  statusList(): DetectorStatus[] {
    return [...this.statuses.entries()].map(([id, status]) => ({ id, status }));
  }

  async start(): Promise<void> {
    for (const detector of this.deps.resolver.detectors()) {
      const id = detector.record.id;
      const sink: DetectionSink = {
        discInserted: async (e) => {
          await this.deps.intake.discInserted({ driveId: e.driveId, volumeLabel: e.volumeLabel, path: e.path });
        },
        discRemoved: (e) => this.deps.intake.discRemoved(e.driveId),
        stagingFolderReady: async (e) => {
          await this.deps.intake.importFolder({ path: e.path, volumeLabel: e.volumeLabel });
        },
        status: (text) => this.statuses.set(id, text),
      };
      const workDir = join(this.deps.workRoot, 'detectors', id);
      await mkdir(workDir, { recursive: true });
      const ctx = this.deps.contexts.stage(detector.record, {
        signal: this.controller.signal,
        progress: { report: () => undefined },
        workDir,
      });
      try {
        await detector.impl.start(sink, ctx);
        this.deps.logger.info(`detector ${id} started`);
      } catch (error) {
        this.statuses.set(id, `failed to start: ${error instanceof Error ? error.message : String(error)}`);
        this.deps.logger.error(`detector ${id} failed to start`, { error: error instanceof Error ? error.message : String(error) });
      }
    }
  }

  stop(): void {
    this.controller.abort(new Error('Spindle is shutting down'));
  }
}
