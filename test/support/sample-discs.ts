/**
 * TheDiscDB's sample discs for the cross-package tests: loaded once per test file, with a warning
 * when the sample folder is missing (the tests that need it skip on `SAMPLE_AVAILABLE`).
 */
import {
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

export function sampleDiscs(): SampleDisc[] {
  if (!SAMPLE_AVAILABLE) console.warn(SAMPLE_MISSING_MESSAGE);
  return loadSampleDiscs();
}
