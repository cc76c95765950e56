import type { DetectionSink, DiscInserted, DiscRemoved, StagingFolderReady } from '../stages/detector.ts';

export type Detection =
  | { type: 'discInserted'; event: DiscInserted }
  | { type: 'discRemoved'; event: DiscRemoved }
  | { type: 'stagingFolderReady'; event: StagingFolderReady };

/** A DetectionSink that records reports and lets a test wait for them. */
export class RecordingSink implements DetectionSink {
  readonly detections: Detection[] = [];
  readonly statuses: string[] = [];
  private waiters: (() => void)[] = [];

  discInserted(event: DiscInserted): void {
    this.record({ type: 'discInserted', event: { ...event } });
  }
  discRemoved(event: DiscRemoved): void {
    this.record({ type: 'discRemoved', event: { ...event } });
  }
  stagingFolderReady(event: StagingFolderReady): void {
    this.record({ type: 'stagingFolderReady', event: { ...event } });
  }
  status(text: string): void {
    this.statuses.push(text);
  }

  /** Resolves true once at least `count` detections were recorded, false after `timeoutMs`. */
  async waitFor(count: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.detections.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, left);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.waiters.push(done);
      });
    }
    return true;
  }

  private record(detection: Detection): void {
    this.detections.push(detection);
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
