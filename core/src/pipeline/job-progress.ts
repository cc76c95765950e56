/**
 * Turns a stage's progress reports (fraction 0–1, speed ×realtime, ETA) into job progress:
 * clamped, formatted ("2.3x"), and stored at most a few times a second.
 */
import type { ProgressUpdate } from '@spindle/plugin-sdk';
import type { StepDeps } from './step-deps.ts';

const MIN_INTERVAL_MS = 250;

export function formatSpeed(speed: number | null | undefined): string | null {
  if (speed === null || speed === undefined || !Number.isFinite(speed) || speed <= 0) return null;
  return `${speed.toFixed(1)}x`;
}

export function createJobProgress(
  deps: Pick<StepDeps, 'jobService' | 'logger'>,
  jobId: number,
  totalTitles: number | null,
) {
  let last = 0;
  let pending: ProgressUpdate | null = null;
  let writing: Promise<void> = Promise.resolve();

  const write = (update: ProgressUpdate) => {
    const fraction = Number.isFinite(update.fraction) ? Math.min(1, Math.max(0, update.fraction)) : 0;
    writing = writing
      .then(() =>
        deps.jobService.progress(jobId, {
          percent: Math.round(fraction * 1000) / 10,
          speed: formatSpeed(update.speed),
          etaSeconds:
            update.etaSeconds === undefined || update.etaSeconds === null
              ? null
              : Math.max(0, Math.round(update.etaSeconds)),
          currentTitle: update.currentTitle ?? null,
          totalTitles,
        }),
      )
      .catch((error: unknown) =>
        deps.logger.warn(`could not store progress of job ${jobId}`, { error: String(error) }),
      );
  };

  return {
    report(update: ProgressUpdate): void {
      if (!(update.fraction >= 0 && update.fraction <= 1)) {
        deps.logger.warn(`a stage reported progress ${update.fraction} outside 0–1 for job ${jobId}; clamped`);
      }
      const now = Date.now();
      if (now - last >= MIN_INTERVAL_MS || update.fraction >= 1) {
        last = now;
        pending = null;
        write(update);
      } else {
        pending = update;
      }
    },
    async flush(): Promise<void> {
      if (pending) write(pending);
      pending = null;
      await writing;
    },
  };
}
