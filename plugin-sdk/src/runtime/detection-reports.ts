/**
 * A drive detector's reports to the core. A report the core could not take (the job could not be
 * created, the database is busy) is logged, never thrown: the detector's watch goes on.
 */
import type { Logger } from '../context.ts';
import type { DetectionSink, DiscInserted } from '../stages/detector.ts';
import { errorMessage } from '../errors.ts';

/** Reports a disc found in a drive. */
export async function reportDiscInserted(sink: DetectionSink, logger: Logger, event: DiscInserted): Promise<void> {
  try {
    await sink.discInserted(event);
  } catch (error) {
    logger.error(`the disc in ${event.driveId} could not be turned into a job: ${errorMessage(error)}`);
  }
}

/** Reports (and logs) that the disc left a drive. */
export async function reportDiscRemoved(sink: DetectionSink, logger: Logger, driveId: string): Promise<void> {
  logger.info(`disc removed from ${driveId}`);
  try {
    await sink.discRemoved({ driveId });
  } catch (error) {
    logger.warn(`reporting the removal from ${driveId} failed: ${errorMessage(error)}`);
  }
}

/**
 * A drive detector's poll interval in milliseconds from its `poll_interval_seconds` setting: a
 * positive number of seconds, else 2; never under 50 ms.
 */
export function drivePollMs(pollIntervalSeconds: unknown): number {
  const seconds = typeof pollIntervalSeconds === 'number' && pollIntervalSeconds > 0 ? pollIntervalSeconds : 2;
  return Math.max(50, Math.round(seconds * 1000));
}
