/** The wire shape of a Title and its JSON Schema. */
import type { TitleRecord } from '../../persistence/records.ts';
import { titleOutcome } from '../../jobs/title-accounting.ts';
import { matchDetailsSchema, titleReviewSchema, toMatchDetailsWire, toReviewWire } from './detail-wire.ts';

export function toTitleWire(title: TitleRecord) {
  return {
    id: title.id,
    job_id: title.jobId,
    title_index: title.titleIndex,
    duration_seconds: title.durationSeconds,
    size_bytes: title.sizeBytes,
    resolution: title.resolution,
    state: title.state,
    matched_episode: title.matchedEpisode,
    edition: title.edition,
    is_extra: title.isExtra,
    match_confidence: title.matchConfidence,
    match_source: title.matchSource,
    match_details: toMatchDetailsWire(title.matchDetailsJson),
    conflict_resolution: title.conflictResolution,
    organized_path: title.organizedPath,
    output_filename: title.outputFilename,
    source_file: title.sourceFile,
    selected: title.selected,
    role: title.role,
    outcome: titleOutcome(title),
    discard_reason: title.discardReason,
    discarded_by: title.discardedBy,
    included: title.included,
    review: toReviewWire(title.state === 'review' ? title.review : null),
  };
}

const str = { type: ['string', 'null'] };

export const titleSchema = {
  type: 'object',
  required: ['id', 'job_id', 'title_index', 'duration_seconds', 'size_bytes', 'state'],
  properties: {
    id: { type: 'integer' },
    job_id: { type: 'integer' },
    title_index: { type: 'integer' },
    duration_seconds: { type: 'number' },
    size_bytes: { type: 'integer' },
    resolution: str,
    state: { enum: ['pending', 'ripping', 'queued', 'matching', 'matched', 'review', 'completed', 'failed'] },
    matched_episode: { type: ['string', 'null'], pattern: '^S\\d{2,3}E\\d{2,3}(-E\\d{2,3})?$' },
    edition: str,
    is_extra: { type: 'boolean' },
    match_confidence: { type: ['number', 'null'], minimum: 0, maximum: 1 },
    match_source: str,
    match_details: matchDetailsSchema,
    conflict_resolution: { enum: ['skip', 'overwrite', 'ask', null] },
    organized_path: str,
    output_filename: str,
    source_file: str,
    selected: { type: 'boolean', description: 'false when the title is not ripped (Play All, short clips)' },
    role: str,
    outcome: {
      enum: ['filed', 'discarded', 'pending', 'failed'],
      description: 'filed: in the library; discarded: left out for the stated reason',
    },
    discard_reason: str,
    discarded_by: {
      enum: ['rule', 'setting', 'person', null],
      description: 'rule: the file is always kept; setting (discard_files_of) or person: a cleanup may delete it',
    },
    included: { type: 'boolean', description: 'a person put the title back in after a rule left it out' },
    review: titleReviewSchema,
  },
} as const;
