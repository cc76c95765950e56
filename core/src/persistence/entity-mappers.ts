/**
 * Entity ⇄ record mapping at the repository boundary. Records are fresh plain objects; managed
 * entities never leave a repository method.
 */
import type { JobEventRow, JobRow, TitleRow } from './entities.ts';
import { parseTitleReview } from '../jobs/title-review.ts';
import type { JobEventRecord, JobPatch, JobRecord, NewJob, NewTitle, TitlePatch, TitleRecord } from './records.ts';

/**
 * Every job column's value before anything is known (the entity defaults, spelled out so records
 * are complete). Read back, a column left empty reads as its default.
 */
const JOB_DEFAULTS: Omit<JobRecord, 'id' | 'volumeLabel' | 'sourceKind' | 'folderOrigin' | 'createdAt' | 'updatedAt'> =
  {
    state: 'idle',
    contentType: 'unknown',
    driveId: null,
    sourcePath: null,
    detectedTitle: null,
    detectedSeason: null,
    detectedYear: null,
    discNumber: null,
    contentHash: null,
    discMappingsJson: null,
    completedAt: null,
    clearedAt: null,
    errorMessage: null,
    stagingPath: null,
    libraryPath: null,
    classificationSource: null,
    classificationConfidence: null,
    catalogTitle: null,
    catalogId: null,
    isAmbiguousMovie: false,
    reviewReason: null,
    discLookupTitleSlug: null,
    discLookupDiscSlug: null,
    subtitleStatus: null,
    subtitlesDownloaded: 0,
    subtitlesTotal: 0,
    subtitlesFailed: 0,
    progressPercent: 0,
    currentSpeed: null,
    etaSeconds: null,
    resumeState: null,
    identityDeclared: false,
    simulated: false,
    identificationJson: null,
    importMode: null,
    reviewKind: null,
    onlyFilesJson: null,
    filesFiled: 0,
    titlesDiscarded: 0,
    retryFrom: null,
    stagingRoot: null,
    askTitles: false,
  };

/** Every title column's value before anything is known (see JOB_DEFAULTS). */
const TITLE_DEFAULTS: Omit<TitleRecord, 'id' | 'jobId' | 'titleIndex' | 'durationSeconds' | 'sizeBytes'> = {
  resolution: null,
  state: 'pending',
  matchedEpisode: null,
  edition: null,
  isExtra: false,
  matchConfidence: null,
  matchSource: null,
  matchDetailsJson: null,
  conflictResolution: null,
  organizedPath: null,
  outputFilename: null,
  filePath: null,
  sourceFile: null,
  selected: true,
  role: null,
  discardReason: null,
  discardedBy: null,
  included: false,
  extraType: null,
  review: null,
};

/** The columns named in `defaults`, read from a row: each as stored, or its default where the row holds none. */
function columnsOf<T extends object>(row: object, defaults: T): T {
  const stored = row as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, fallback] of Object.entries(defaults)) out[key] = stored[key] ?? fallback;
  return out as T;
}

export function toJobRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    ...columnsOf(row, JOB_DEFAULTS),
    volumeLabel: row.volumeLabel,
    sourceKind: row.sourceKind,
    folderOrigin: row.folderOrigin ?? null,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    completedAt: dateOrNull(row.completedAt),
    clearedAt: dateOrNull(row.clearedAt),
  };
}

export function toTitleRecord(row: TitleRow): TitleRecord {
  return {
    id: row.id,
    jobId: row.job,
    titleIndex: row.titleIndex,
    durationSeconds: row.durationSeconds,
    sizeBytes: row.sizeBytes,
    ...columnsOf(row, TITLE_DEFAULTS),
    review: parseTitleReview(row.reviewJson),
  };
}

export function toJobEventRecord(row: JobEventRow): JobEventRecord {
  return {
    id: row.id,
    jobId: row.job,
    at: new Date(row.at),
    fromState: row.fromState ?? null,
    toState: row.toState,
    message: row.message ?? null,
  };
}

/** A new job's data: the column defaults, then what the caller gave. */
export function newJobData(job: NewJob, now: Date): Omit<JobRecord, 'id'> {
  return {
    ...JOB_DEFAULTS,
    folderOrigin: job.sourceKind === 'folder' ? 'import' : 'rip',
    ...definedOnly(job as Record<string, unknown>, ['id', 'createdAt', 'updatedAt']),
    createdAt: now,
    updatedAt: now,
  } as Omit<JobRecord, 'id'>;
}

export function newTitleData(jobId: number, title: NewTitle): Omit<TitleRecord, 'id'> {
  return {
    ...TITLE_DEFAULTS,
    ...definedOnly(title as Record<string, unknown>, ['id', 'jobId']),
    jobId,
  } as Omit<TitleRecord, 'id'>;
}

/** A new title's entity data: the typed review stored as JSON. */
export function newTitleRow(
  jobId: number,
  title: NewTitle,
): Omit<TitleRecord, 'id' | 'review'> & { reviewJson: string | null } {
  const { review, ...data } = newTitleData(jobId, title);
  return { ...data, reviewJson: review ? JSON.stringify(review) : null };
}

/** A job patch as entity data: undefined values and immutable keys dropped. */
export function jobPatchData(patch: JobPatch): Partial<JobRow> {
  return definedOnly(patch as Record<string, unknown>, ['id', 'createdAt']) as Partial<JobRow>;
}

/** A title patch as entity data (`jobId` cannot be changed). */
export function titlePatchData(patch: TitlePatch): Partial<TitleRow> {
  const { review, ...rest } = patch;
  const data = definedOnly(rest as Record<string, unknown>, ['id', 'jobId', 'job']);
  if (review !== undefined) data.reviewJson = review ? JSON.stringify(review) : null;
  return data as Partial<TitleRow>;
}

function definedOnly(source: Record<string, unknown>, drop: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && !drop.includes(key)) out[key] = value;
  }
  return out;
}

function dateOrNull(value: Date | null | undefined): Date | null {
  return value == null ? null : new Date(value);
}
