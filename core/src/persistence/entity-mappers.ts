/**
 * Entity ⇄ record mapping at the repository boundary. Records are fresh plain objects; managed
 * entities never leave a repository method.
 */
import type { JobEventRow, JobRow, TitleRow } from './entities.ts';
import { parseTitleReview } from '../jobs/title-review.ts';
import type { JobEventRecord, JobPatch, JobRecord, NewJob, NewTitle, TitlePatch, TitleRecord } from './records.ts';

export function toJobRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    state: row.state,
    contentType: row.contentType,
    volumeLabel: row.volumeLabel,
    driveId: row.driveId ?? null,
    sourceKind: row.sourceKind,
    sourcePath: row.sourcePath ?? null,
    detectedTitle: row.detectedTitle ?? null,
    detectedSeason: row.detectedSeason ?? null,
    detectedYear: row.detectedYear ?? null,
    discNumber: row.discNumber ?? null,
    contentHash: row.contentHash ?? null,
    discMappingsJson: row.discMappingsJson ?? null,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    completedAt: dateOrNull(row.completedAt),
    clearedAt: dateOrNull(row.clearedAt),
    errorMessage: row.errorMessage ?? null,
    stagingPath: row.stagingPath ?? null,
    libraryPath: row.libraryPath ?? null,
    classificationSource: row.classificationSource ?? null,
    classificationConfidence: row.classificationConfidence ?? null,
    catalogTitle: row.catalogTitle ?? null,
    catalogId: row.catalogId ?? null,
    isAmbiguousMovie: row.isAmbiguousMovie,
    reviewReason: row.reviewReason ?? null,
    discLookupTitleSlug: row.discLookupTitleSlug ?? null,
    discLookupDiscSlug: row.discLookupDiscSlug ?? null,
    subtitleStatus: row.subtitleStatus ?? null,
    subtitlesDownloaded: row.subtitlesDownloaded,
    subtitlesTotal: row.subtitlesTotal,
    subtitlesFailed: row.subtitlesFailed,
    progressPercent: row.progressPercent,
    currentSpeed: row.currentSpeed ?? null,
    etaSeconds: row.etaSeconds ?? null,
    resumeState: row.resumeState ?? null,
    identityDeclared: row.identityDeclared,
    simulated: row.simulated,
    identificationJson: row.identificationJson ?? null,
    importMode: row.importMode ?? null,
    reviewKind: row.reviewKind ?? null,
    onlyFilesJson: row.onlyFilesJson ?? null,
    filesFiled: row.filesFiled,
    titlesDiscarded: row.titlesDiscarded,
    retryFrom: row.retryFrom ?? null,
    folderOrigin: row.folderOrigin ?? null,
    stagingRoot: row.stagingRoot ?? null,
    askTitles: row.askTitles,
  };
}

export function toTitleRecord(row: TitleRow): TitleRecord {
  return {
    id: row.id,
    jobId: row.job,
    titleIndex: row.titleIndex,
    durationSeconds: row.durationSeconds,
    sizeBytes: row.sizeBytes,
    resolution: row.resolution ?? null,
    state: row.state,
    matchedEpisode: row.matchedEpisode ?? null,
    edition: row.edition ?? null,
    isExtra: row.isExtra,
    matchConfidence: row.matchConfidence ?? null,
    matchSource: row.matchSource ?? null,
    matchDetailsJson: row.matchDetailsJson ?? null,
    conflictResolution: row.conflictResolution ?? null,
    organizedPath: row.organizedPath ?? null,
    outputFilename: row.outputFilename ?? null,
    filePath: row.filePath ?? null,
    sourceFile: row.sourceFile ?? null,
    selected: row.selected,
    role: row.role ?? null,
    discardReason: row.discardReason ?? null,
    discardedBy: row.discardedBy ?? null,
    included: row.included,
    extraType: row.extraType ?? null,
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

/** Column defaults of a new job (the entity defaults, spelled out so records are complete). */
export function newJobData(job: NewJob, now: Date): Omit<JobRecord, 'id'> {
  return {
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
    folderOrigin: job.sourceKind === 'folder' ? 'import' : 'rip',
    stagingRoot: null,
    askTitles: false,
    ...definedOnly(job as Record<string, unknown>, ['id', 'createdAt', 'updatedAt']),
    createdAt: now,
    updatedAt: now,
  } as Omit<JobRecord, 'id'>;
}

export function newTitleData(jobId: number, title: NewTitle): Omit<TitleRecord, 'id'> {
  return {
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
