/** The wire shape of a Job (snake_case, ISO 8601 UTC timestamps) and its JSON Schema. */
import type { JobRecord, TitleRecord } from '../../persistence/records.ts';
import { jobActions, jobActionsSchema } from '../../jobs/job-actions.ts';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** `titles`, when the caller has them, refine the actions (a nothing-filed job continues once a title is included). */
export function toJobWire(job: JobRecord, titles: readonly TitleRecord[] | null = null) {
  return {
    id: job.id,
    state: job.state,
    content_type: job.contentType,
    volume_label: job.volumeLabel,
    drive_id: job.driveId,
    source_kind: job.sourceKind,
    detected_title: job.detectedTitle,
    detected_season: job.detectedSeason,
    detected_year: job.detectedYear,
    disc_number: job.discNumber,
    content_hash: job.contentHash,
    disc_mappings_json: job.discMappingsJson,
    created_at: iso(job.createdAt),
    updated_at: iso(job.updatedAt),
    completed_at: iso(job.completedAt),
    cleared_at: iso(job.clearedAt),
    error_message: job.errorMessage,
    staging_path: job.stagingPath,
    library_path: job.libraryPath,
    classification_source: job.classificationSource,
    classification_confidence: job.classificationConfidence,
    catalog_title: job.catalogTitle,
    catalog_id: job.catalogId,
    is_ambiguous_movie: job.isAmbiguousMovie,
    review_reason: job.reviewReason,
    disc_lookup_title_slug: job.discLookupTitleSlug,
    disc_lookup_disc_slug: job.discLookupDiscSlug,
    subtitle_status: job.subtitleStatus,
    subtitles_downloaded: job.subtitlesDownloaded,
    subtitles_total: job.subtitlesTotal,
    subtitles_failed: job.subtitlesFailed,
    progress_percent: job.progressPercent,
    current_speed: job.currentSpeed,
    eta_seconds: job.etaSeconds,
    identity_declared: job.identityDeclared,
    simulated: job.simulated,
    import_mode: job.importMode,
    review_kind: job.state === 'review_needed' ? job.reviewKind : null,
    files_filed: job.filesFiled,
    titles_discarded: job.titlesDiscarded,
    retryable_from: job.state === 'failed' || job.state === 'completed' ? job.retryFrom : null,
    actions: jobActions(job, titles),
  };
}

export type JobWire = ReturnType<typeof toJobWire>;

const str = { type: ['string', 'null'] };
const int = { type: ['integer', 'null'] };
const time = { type: ['string', 'null'], format: 'date-time' };

export const jobSchema = {
  type: 'object',
  required: ['id', 'state', 'content_type', 'volume_label', 'created_at', 'updated_at', 'progress_percent', 'actions'],
  properties: {
    id: { type: 'integer' },
    state: {
      enum: ['idle', 'identifying', 'review_needed', 'ripping', 'matching', 'organizing', 'completed', 'failed'],
    },
    content_type: { enum: ['tv', 'movie', 'unknown'] },
    volume_label: { type: 'string' },
    drive_id: str,
    source_kind: { enum: ['disc', 'folder'] },
    detected_title: str,
    detected_season: int,
    detected_year: int,
    disc_number: int,
    content_hash: str,
    disc_mappings_json: str,
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
    completed_at: time,
    cleared_at: time,
    error_message: str,
    staging_path: str,
    library_path: str,
    classification_source: { enum: ['catalog', 'heuristic', 'disc_lookup', 'ai', null] },
    classification_confidence: { type: ['number', 'null'], minimum: 0, maximum: 1 },
    catalog_title: str,
    catalog_id: int,
    import_mode: {
      enum: ['move', 'copy', null],
      description:
        'folder jobs: the files are moved into the library, or copied (hardlinked) so the folder stays whole',
    },
    review_kind: {
      enum: ['identity', 'titles', 'organize', 'nothing_filed', 'filing', 'rip_choice', null],
      description: 'what the review is about (null when not in review)',
    },
    files_filed: { type: 'integer', minimum: 0, description: 'titles that reached the library' },
    titles_discarded: {
      type: 'integer',
      minimum: 0,
      description: 'titles left out of the library for a stated reason',
    },
    retryable_from: {
      enum: ['identifying', 'ripping', 'matching', 'organizing', null],
      description: 'where POST /retry starts; null when there is nothing to redo',
    },
    is_ambiguous_movie: { type: 'boolean' },
    review_reason: {
      type: ['string', 'null'],
      description: 'the review in words (the messages of `reviews`); for people, never to be parsed',
    },
    disc_lookup_title_slug: str,
    disc_lookup_disc_slug: str,
    subtitle_status: str,
    subtitles_downloaded: { type: 'integer' },
    subtitles_total: { type: 'integer' },
    subtitles_failed: { type: 'integer' },
    progress_percent: { type: 'number', minimum: 0, maximum: 100 },
    current_speed: { type: ['string', 'null'], description: 'e.g. "2.3x" (relative to realtime)' },
    eta_seconds: int,
    identity_declared: { type: 'boolean' },
    simulated: { type: 'boolean' },
    actions: jobActionsSchema,
  },
} as const;
