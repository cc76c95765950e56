/**
 * Plain records the core works with. Entities (MikroORM) are mapped to and from these at the
 * repository boundary, so services never hold managed entities across units of work.
 */
import type {
  ClassificationSource,
  ContentType,
  ExtraType,
  JobState,
  SourceKind,
  TitleState,
} from '@spindle/plugin-sdk';
import type { TitleReview } from '../jobs/title-review.ts';

/** How an imported folder's files reach the library: moved out of the folder, or copied (hardlinked) so the folder stays whole. */
export type ImportMode = 'move' | 'copy';
export const IMPORT_MODES: readonly ImportMode[] = ['move', 'copy'];

/**
 * What a review is about: `identity` what the disc is; `titles` episode or edition decisions;
 * `organize` library conflicts and extras under "ask"; `nothing_filed` nothing would reach the library.
 */
/** 'filing': always_ask_before_filing holds every job with its plan before it is filed. */
/** 'rip_choice': ask_which_titles_to_rip (or the import's ask_which_titles) holds an identified job until a person ticks the titles to rip. */
export type ReviewKind = 'identity' | 'titles' | 'organize' | 'nothing_filed' | 'filing' | 'rip_choice';
export const REVIEW_KINDS: readonly ReviewKind[] = [
  'identity',
  'titles',
  'organize',
  'nothing_filed',
  'filing',
  'rip_choice',
];

/**
 * Who left a title out of the library: a built-in `rule` (its file is always kept), a `setting` the
 * person chose for that kind of title (`discard_files_of`), or a `person` in review. Only the last two
 * let a cleanup delete the title's file.
 */
export type DiscardedBy = 'rule' | 'setting' | 'person';

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
  /** Folder jobs: move the files into the library or copy them (null: Spindle's own rip folder, moved). */
  importMode: ImportMode | null;
  /** What the current review is about (null when not in review). */
  reviewKind: ReviewKind | null;
  /** JSON list of file names: a follow-up job for late files takes only these from its folder. */
  onlyFilesJson: string | null;
  /** Titles that reached the library. */
  filesFiled: number;
  /** Titles left out of the library for a stated reason. */
  titlesDiscarded: number;
  /** Finished jobs: where Retry starts (the state it failed in; matching for unfiled titles of a completed job); null: nothing to redo. */
  retryFrom: JobState | null;
  /**
   * Whose folder the job works in: `rip` — Spindle's own `job_<id>` rip folder, made inside
   * `stagingRoot`; `import` — a person's folder (an import or a staging-watcher folder), never
   * Spindle's to delete as a whole. Null only for rows from before migration 6 that it could not tell.
   */
  folderOrigin: JobFolderOrigin | null;
  /** The real path of the staging root (staging_path or an IMPORT_ROOTS folder) the job was created under. */
  stagingRoot: string | null;
  /** Stop after identification for a person to tick the titles to rip (the import's `ask_which_titles`). */
  askTitles: boolean;
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
  /** Why the title is not in the library ("Play All", "shorter than 120 s", "skipped by a person", …). */
  discardReason: string | null;
  discardedBy: DiscardedBy | null;
  /** A person put the title back in after a rule left it out (a short title, an extra under "skip"). */
  included: boolean;
  /** The kind of extra the identifier told (featurette, trailer, …): the extras folder when the matcher names none. */
  extraType: ExtraType | null;
  /** Why the title waits for a person (set with state `review`, cleared when it leaves it); see jobs/title-review.ts. */
  review: TitleReview | null;
}

export interface JobEventRecord {
  id: number;
  jobId: number;
  at: Date;
  fromState: JobState | null;
  toState: JobState;
  message: string | null;
}

export type NewJob = Pick<JobRecord, 'volumeLabel' | 'sourceKind'> &
  Partial<Omit<JobRecord, 'id' | 'createdAt' | 'updatedAt'>>;
export type JobPatch = Partial<Omit<JobRecord, 'id' | 'createdAt'>>;
export type NewTitle = Pick<TitleRecord, 'titleIndex' | 'durationSeconds' | 'sizeBytes'> &
  Partial<Omit<TitleRecord, 'id' | 'jobId'>>;
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
  /** Completed jobs that filed at least one file, and those that filed none. */
  completedWithFiles: number;
  completedNothingFiled: number;
  /** Files filed into the library over the whole history. */
  filesFiled: number;
  failed: number;
  tv: number;
  movie: number;
  avgProcessingSeconds: number | null;
  topErrors: { message: string; count: number }[];
  recentJobs: JobRecord[];
}
