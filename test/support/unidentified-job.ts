/** A job view as identification first sees it: only the volume label is known. */
import type { JobView } from '@spindle/plugin-sdk';
import { sampleJob } from '@spindle/plugin-sdk/testing';

export function unidentifiedJob(volumeLabel: string, overrides: Partial<JobView> = {}): JobView {
  return sampleJob({
    volumeLabel,
    contentType: 'unknown',
    detectedTitle: null,
    detectedSeason: null,
    discNumber: null,
    discMappings: null,
    contentHash: null,
    ...overrides,
  });
}
