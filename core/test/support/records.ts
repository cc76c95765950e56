/**
 * Complete records for core unit tests, built from the same column defaults the repositories use
 * (entity-mappers' newJobData), so a test names only the fields it cares about.
 */
import type { Identification } from '@spindle/plugin-sdk';
import { newJobData } from '../../src/persistence/entity-mappers.ts';
import type { JobRecord } from '../../src/persistence/records.ts';

export const RECORD_TIME = new Date('2025-01-01T00:00:00Z');

/** Job 1, identifying, a disc job with the new-job defaults; `fields` override any column. */
export function jobRecord(fields: Partial<JobRecord> = {}): JobRecord {
  return {
    ...newJobData({ volumeLabel: 'SHOW_NAME_S1_D1', sourceKind: 'disc' }, RECORD_TIME),
    id: 1,
    state: 'identifying',
    folderOrigin: null,
    ...fields,
  };
}

/** What an answer leaves empty unless a test says otherwise. */
const NOTHING_MORE = { year: null, catalogId: null, catalogTitle: null, discLookup: null, reviewReason: null } as const;

/** A confident heuristic TV answer for season 1, disc 1 of "Show Name"; `fields` override any part. */
export function identificationAnswer(fields: Partial<Identification> = {}): Identification {
  return {
    contentType: 'tv',
    source: 'heuristic',
    confidence: 0.85,
    title: 'Show Name',
    season: 1,
    discNumber: 1,
    titleHints: [],
    ambiguousMovie: false,
    evidence: ['x'],
    ...NOTHING_MORE,
    ...fields,
  };
}
