/**
 * Value objects that flow between the core and the stages. They are plain data (JSON-safe), so
 * they can be persisted, logged and sent to the UI without conversion.
 */

export type ContentType = 'tv' | 'movie' | 'unknown';
export type ClassificationSource = 'catalog' | 'heuristic' | 'disc_lookup' | 'ai';

/** Where a job's titles come from. */
export type SourceKind = 'disc' | 'folder';

export interface DiscSource {
  kind: SourceKind;
  /** Folder of MKV files (folder source) or the mount point of a disc, when known. */
  path: string | null;
  /** Drive identifier (e.g. `/dev/sr0`, `D:`) for disc sources. */
  driveId: string | null;
  /** Volume label of the disc, or the staging folder's name. */
  volumeLabel: string;
}

/** One title (track) found when a source is scanned. */
export interface ScannedTitle {
  /** The title number on the disc (MakeMKV's scan index; position in sorted order for folders). */
  index: number;
  durationSeconds: number;
  sizeBytes: number;
  /** e.g. "1080p", "480p"; null when unknown. */
  resolution: string | null;
  chapters?: number;
  /** e.g. "00800.mpls" or the MKV's file name for a folder source. */
  sourceFile?: string;
  segmentMap?: string;
  /** The file name the ripper will write (MakeMKV's `Name_t00.mkv`), when known before ripping. */
  outputFileName?: string;
  name?: string;
}

export interface DiscScan {
  volumeLabel: string;
  discType: 'dvd' | 'bluray' | 'folder' | 'unknown';
  /** Disc-release fingerprint (32 uppercase hex characters) when it could be computed. */
  contentHash: string | null;
  titles: ScannedTitle[];
}

/** How TheDiscDB-style lookups say what a title is. */
export type TitleAssignment = 'episode' | 'main_movie' | 'extra' | 'discarded';

/**
 * Kinds of bonus content, after the extras folders Plex and Jellyfin recognise
 * (`Behind The Scenes`, `Deleted Scenes`, `Featurettes`, `Interviews`, `Scenes`, `Shorts`,
 * `Trailers`, `Other`).
 */
export type ExtraType =
  'behind_the_scenes' | 'deleted_scene' | 'featurette' | 'interview' | 'scene' | 'short' | 'trailer' | 'other';

export interface DiscMapping {
  titleIndex: number;
  assignment: TitleAssignment;
  season: number | null;
  episode: number | null;
  /** Last episode of a combined title ("11-12"), else null. */
  episodeEnd: number | null;
  name: string | null;
  /** For extras: which kind (decides the extras folder); absent or null when unknown. */
  extraType?: ExtraType | null;
  /**
   * Length of the title on the looked-up disc, when the lookup knows it: lets an identifier check
   * that the mapping fits the scan (e.g. a folder missing some titles). Absent or null: unknown.
   */
  durationSeconds?: number | null;
}

/** Per-title hints an identifier may give (Play All detection, main feature candidates). */
export interface TitleHint {
  titleIndex: number;
  role: 'episode_candidate' | 'play_all' | 'main_feature_candidate' | 'extra' | 'short';
  /** Whether the title should be ripped at all. */
  rip: boolean;
  reason?: string;
  /** For extras (and clips): which kind, when the identifier can tell (from the structure or the length). */
  extraType?: ExtraType | null;
}

export interface Identification {
  contentType: ContentType;
  source: ClassificationSource;
  /** 0.0–1.0; bands: ≥0.8 high, 0.5–0.79 medium, <0.5 low. */
  confidence: number;
  title: string | null;
  year: number | null;
  season: number | null;
  discNumber: number | null;
  catalogId: number | null;
  catalogTitle: string | null;
  discLookup: { titleSlug: string; discSlug: string; mappings: DiscMapping[] } | null;
  titleHints: TitleHint[];
  ambiguousMovie: boolean;
  /** Set when the identifier wants a human to confirm. */
  reviewReason: string | null;
  /**
   * True when `reviewReason` must stop the job even if a later identifier answers confidently
   * (e.g. the catalog refuses the configured credential, or several catalog entries fit equally).
   * Absent or false: a confident answer from another identifier overrules this one.
   */
  holdForReview?: boolean;
  /** Human-readable reasons for the answer, kept as evidence. */
  evidence: string[];
}

/** What a stage may see of a job (read-only snapshot). */
export interface JobView {
  id: number;
  source: DiscSource;
  contentType: ContentType;
  volumeLabel: string;
  detectedTitle: string | null;
  /** Release year (movie) or first-air year (show) from identification; null when unknown. */
  detectedYear: number | null;
  detectedSeason: number | null;
  discNumber: number | null;
  contentHash: string | null;
  catalogId: number | null;
  catalogTitle: string | null;
  discMappings: DiscMapping[] | null;
  stagingPath: string | null;
  /** True when the user declared the identity (import body or identify call). */
  identityDeclared: boolean;
}

export type TitleState = 'pending' | 'ripping' | 'queued' | 'matching' | 'matched' | 'review' | 'completed' | 'failed';

export interface TitleView {
  id: number;
  titleIndex: number;
  durationSeconds: number;
  sizeBytes: number;
  resolution: string | null;
  state: TitleState;
  /** Path of the ripped (or in-place) file once it exists. */
  filePath: string | null;
  isExtra: boolean;
}

export interface ScoreComponent {
  name: string;
  /** 0.0–1.0 */
  value: number;
  weight: number;
  detail?: string;
}

export interface MatchCandidate {
  kind: TitleAssignment;
  season: number | null;
  episode: number | null;
  episodeEnd: number | null;
  edition: string | null;
  score: number;
}

export interface MatchResult {
  kind: TitleAssignment;
  season: number | null;
  episode: number | null;
  episodeEnd: number | null;
  edition: string | null;
  /** For extras: which kind (decides the extras folder); absent or null when unknown. */
  extraType?: ExtraType | null;
  /** 0.0–1.0 */
  confidence: number;
  /** e.g. local_asr, local_disc_lookup, user_review, network_disc. */
  source: string;
  components: ScoreComponent[];
  candidates: MatchCandidate[];
}

export type ConflictChoice = 'skip' | 'overwrite' | 'ask';
export type ExtrasPolicy = 'keep' | 'skip' | 'ask';

export interface OrganizableTitle {
  titleIndex: number;
  filePath: string;
  match: MatchResult;
  /** Per-title decision already made by a reviewer, else null (the default applies). */
  conflictResolution: ConflictChoice | null;
  /** A person put this extra back in after the extras policy left it out: file it as under "keep". */
  included?: boolean;
  /** How this title's file reaches the library, when it differs from OrganizeInput.transfer (e.g. a transcode Spindle wrote is moved even when the person's folder is copied). */
  transfer?: 'move' | 'copy';
}

export interface OrganizeInput {
  job: JobView;
  titles: OrganizableTitle[];
  libraryMoviesPath: string;
  libraryTvPath: string;
  extrasPolicy: ExtrasPolicy;
  conflictDefault: ConflictChoice;
  /**
   * How files reach the library: `move` (they leave the source folder) or `copy` (the source stays
   * whole: a hardlink where the library is on the same file system, else a verified copy).
   * Absent means move.
   */
  transfer?: 'move' | 'copy';
}

export interface PlannedMove {
  titleIndex: number;
  from: string;
  /** Final path in the library; null when the title is not moved. */
  to: string | null;
  action: 'move' | 'skip' | 'review';
  reason: string | null;
  /**
   * True when the plan deliberately replaces a file that already exists at `to` (conflict choice
   * "overwrite"). Absent or false: apply must never replace an existing file.
   */
  overwrite?: boolean;
  /** When a file already exists at `to`: the conflict choice this move applies (stored on the title). */
  conflict?: ConflictChoice;
  /** Leave the source file where it is (a copy or hardlink goes into the library): the title's transfer is `copy`. */
  keepSource?: boolean;
  /**
   * For `action: 'review'`: what the person is asked — `conflict` (a file exists at `to`: skip or
   * overwrite), `duplicate_claim` (another title, `claimedBy`, is filed as `to`), `keep_extra` (extras
   * policy "ask"), `placement` (the title cannot be placed). Absent: the core tells it from the move.
   */
  question?: 'conflict' | 'duplicate_claim' | 'keep_extra' | 'placement';
  /** For `question: 'duplicate_claim'`: the title index already filed as `to`. */
  claimedBy?: number;
}

export interface OrganizePlan {
  moves: PlannedMove[];
}

export interface OrganizedTitle {
  titleIndex: number;
  /** moved: the file is in the library now (moved, or copied when `transfer` is copy). */
  status: 'moved' | 'skipped' | 'review' | 'failed';
  path: string | null;
  message: string | null;
}

export interface OrganizeOutcome {
  titles: OrganizedTitle[];
  /** The folder in the library that now holds the job's files. */
  libraryPath: string | null;
}
