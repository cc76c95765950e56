/**
 * Plain records the core works with. Entities (MikroORM) are mapped to and from these at the
 * repository boundary, so services never hold managed entities across units of work.
 */
import type { ClassificationSource, ContentType, JobState, SourceKind, TitleState } from '@spindle/plugin-sdk';

export interface JobRecord {
  id: number;
  state: JobState;
  contentType: ContentType;
  volumeLabel: string;
  driveId: string | null;
  sourceKind: SourceKind;
  /** Folder of MKVs (folder source) or disc mount point. */
  sourcePath: string | null;
  detectedTitle: string | null;
  detectedSeason: number | null;
  /** Release year of the movie / first air year of the show, when known. */
  detectedYear: number | null;
  discNumber: number | null;
  contentHash: string | null;
  discMappingsJson: string | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  clearedAt: Date | null;
  errorMessage: string | null;
  stagingPath: string | null;
  libraryPath: string | null;
  classificationSource: ClassificationSource | null;
  classificationConfidence: number | null;
  catalogTitle: string | null;
  catalogId: number | null;
  isAmbiguousMovie: boolean;
  reviewReason: string | null;
  discLookupTitleSlug: string | null;
  discLookupDiscSlug: string | null;
  subtitleStatus: string | null;
  subtitlesDownloaded: number;
  subtitlesTotal: number;
  subtitlesFailed: number;
  progressPercent: number;
  currentSpeed: string | null;
  etaSeconds: number | null;
  /** The state to continue in once review is done (set when entering review_needed). */
  resumeState: JobState | null;
  /** The user said what the disc is (import body / identify call): it wins over identifiers. */
  identityDeclared: boolean;
  /** Created by the DEBUG simulation endpoints. */
  simulated: boolean;
  /** JSON: the identification chain's answers (evidence), for the detail view. */
  identificationJson: string | null;
  /**
   * Whose folder the job works in: `rip` — Spindle's own `job_<id>` rip folder, made inside
   * `stagingRoot`; `import` — a person's folder (an import or a staging-watcher folder), never
   * Spindle's to delete as a whole. Null only for rows from before migration 4 that it could not tell.
   */
  folderOrigin: JobFolderOrigin | null;
  /** The real path of the staging root (staging_path or an IMPORT_ROOTS folder) the job was created under. */
  stagingRoot: string | null;
}

export type JobFolderOrigin = 'rip' | 'import';

export interface TitleRecord {
  id: number;
  jobId: number;
  titleIndex: number;
  durationSeconds: number;
  sizeBytes: number;
  resolution: string | null;
  state: TitleState;
  matchedEpisode: string | null;
  edition: string | null;
  isExtra: boolean;
  matchConfidence: number | null;
  matchSource: string | null;
  /** JSON of the MatchResult (components and candidates). */
  matchDetailsJson: string | null;
  conflictResolution: string | null;
  organizedPath: string | null;
  outputFilename: string | null;
  /** Path of the ripped or in-place file. */
  filePath: string | null;
  sourceFile: string | null;
  /** False when the identifier or the user chose not to rip the title (Play All, short clips). */
  selected: boolean;
  /** Identifier hint: episode_candidate, play_all, main_feature_candidate, extra, short. */
  role: string | null;
}

export interface JobEventRecord {
  id: number;
  jobId: number;
  at: Date;
  fromState: JobState | null;
  toState: JobState;
  message: string | null;
}

export type NewJob = Pick<JobRecord, 'volumeLabel' | 'sourceKind'> & Partial<Omit<JobRecord, 'id' | 'createdAt' | 'updatedAt'>>;
export type JobPatch = Partial<Omit<JobRecord, 'id' | 'createdAt'>>;
export type NewTitle = Pick<TitleRecord, 'titleIndex' | 'durationSeconds' | 'sizeBytes'> & Partial<Omit<TitleRecord, 'id' | 'jobId'>>;
export type TitlePatch = Partial<Omit<TitleRecord, 'id' | 'jobId'>>;

export interface HistoryQuery {
  page: number;
  perPage: number;
  contentType?: 'tv' | 'movie';
  state?: 'completed' | 'failed';
  /** Case-insensitive substring of volume label, detected title or catalog title. */
  search?: string;
}

export interface JobStats {
  totalJobs: number;
  completed: number;
  failed: number;
  tv: number;
  movie: number;
  avgProcessingSeconds: number | null;
  topErrors: { message: string; count: number }[];
  recentJobs: JobRecord[];
}
