/**
 * TheDiscDB's sample discs for the cross-package tests: loaded once per test file, with a warning
 * when the sample folder is missing (the tests that need it skip on `SAMPLE_AVAILABLE`).
 */
import {
  durationSeconds,
  loadSampleDiscs,
  SAMPLE_AVAILABLE,
  SAMPLE_MISSING_MESSAGE,
  type SampleDisc,
} from '../../plugins/provider-thediscdb/test/support/sample-discs.ts';

export {
  durationSeconds,
  SAMPLE_AVAILABLE,
  type SampleDisc,
} from '../../plugins/provider-thediscdb/test/support/sample-discs.ts';

/** The disc's titles as a scan reports them: index, length and size from TheDiscDB's record, no resolution. */
export function sampleTitles(disc: SampleDisc) {
  return disc.record.Titles.map((t) => ({
    index: t.Index,
    durationSeconds: durationSeconds(t.Duration),
    sizeBytes: t.Size,
    resolution: null,
  }));
}

export function sampleDiscs(): SampleDisc[] {
  if (!SAMPLE_AVAILABLE) console.warn(SAMPLE_MISSING_MESSAGE);
  return loadSampleDiscs();
}
