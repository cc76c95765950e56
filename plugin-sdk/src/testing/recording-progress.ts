import type { ProgressReporter, ProgressUpdate } from '../context.ts';

/** A ProgressReporter that records a copy of every update, in order. */
export class RecordingProgress implements ProgressReporter {
  readonly updates: ProgressUpdate[] = [];

  report(update: ProgressUpdate): void {
    this.updates.push({ ...update });
  }

  fractions(): number[] {
    return this.updates.map((u) => u.fraction);
  }

  last(): ProgressUpdate | undefined {
    return this.updates.at(-1);
  }

  clear(): void {
    this.updates.length = 0;
  }
}
