import type { StageContext } from '../context.ts';

export interface DiscInserted {
  driveId: string;
  volumeLabel: string;
  /** Mount point or device of the disc, when known. */
  path: string | null;
  device: string | null;
  /**
   * The disc's content hash (32 uppercase hex, see `computeContentHash`) when the detector could
   * read it, e.g. from the mount point; stored on the job. Optional: omit or null when unknown.
   */
  contentHash?: string | null;
}

export interface DiscRemoved {
  driveId: string;
}

export interface StagingFolderReady {
  path: string;
  volumeLabel: string;
}

/** Where a detector reports what it sees; the core turns reports into jobs and events. */
export interface DetectionSink {
  discInserted(event: DiscInserted): Promise<void> | void;
  discRemoved(event: DiscRemoved): Promise<void> | void;
  stagingFolderReady(event: StagingFolderReady): Promise<void> | void;
  /** The state of the detector itself, for the status strip ("watching /srv/staging"). */
  status(text: string): void;
}

/**
 * Watches for work. `start` returns once watching has begun; the detector keeps reporting into
 * the sink until `ctx.signal` aborts (then it must release its watchers and timers).
 * When an application setting the plugin reads (its manifest's `appSettings`) changes, the core
 * aborts the running detector and starts it again with a fresh context.
 */
export interface Detector {
  start(sink: DetectionSink, ctx: StageContext): Promise<void>;
  /**
   * Called when a job reading from one of this detector's drives has finished ripping
   * (`ok` false when the rip failed or was cancelled), e.g. to eject the disc.
   */
  ripFinished?(event: { driveId: string; ok: boolean }, ctx: StageContext): Promise<void>;
}
