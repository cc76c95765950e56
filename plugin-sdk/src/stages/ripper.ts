import type { StageContext } from '../context.ts';
import type { DiscScan, DiscSource, ScannedTitle, SourceKind } from '../values.ts';

export interface RipRequest {
  source: DiscSource;
  /** Only these titles are ripped: a title the user or the identifier skipped is never passed. */
  titles: ScannedTitle[];
  /** Folder to write into (the job's staging folder). Folder sources may ignore it. */
  outputDir: string;
  /**
   * Told once per title as soon as its file is complete and checked (the same entry the result's
   * `files` will hold), so the host can start matching it while later titles are still ripped.
   * Optional on both sides: a ripper that never calls it still works (its files are handled when
   * rip() returns); a file announced here is never taken back.
   */
  onTitleSaved?: (file: RippedFile) => void;
}

export interface RippedFile {
  titleIndex: number;
  path: string;
  sizeBytes: number;
}

export interface RipResult {
  files: RippedFile[];
  /** Titles that were requested but produced no file, with the reason. */
  failed: { titleIndex: number; message: string }[];
}

/** Scans a source into titles and turns titles into MKV files, reporting progress as it goes. */
export interface Ripper {
  readonly sourceKinds: readonly SourceKind[];
  scan(source: DiscSource, ctx: StageContext): Promise<DiscScan>;
  rip(request: RipRequest, ctx: StageContext): Promise<RipResult>;
}
