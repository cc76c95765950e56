/**
 * Every AppConfig field: its JSON Schema, default, and how the API treats it. This table is the
 * single source for validation (PUT /api/config), masking, defaults and the OpenAPI document.
 */
import { PROVIDER_KINDS } from '@spindle/plugin-sdk';
import { randomUUID } from 'node:crypto';

export interface ConfigFieldSpec {
  schema: Record<string, unknown>;
  /** Value used when nothing is stored. A function is evaluated once, at first start. */
  default: unknown | (() => unknown);
  /** Masked as "***" in responses; "***" on input means "unchanged". */
  secret?: boolean;
  /** The path must exist on update ('dir' or 'file'); null clears it. */
  mustExist?: 'dir' | 'file';
  /** Generated once and persisted at first start (e.g. the contribution pseudonym). */
  persistDefault?: boolean;
  /** A change only takes effect after a restart (the API says so). */
  restartRequired?: boolean;
  description: string;
}

const nullableString = { type: ['string', 'null'], maxLength: 4096 };
const stageId = { type: 'string', pattern: '^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$' };
const stageChain = { type: 'array', items: stageId, uniqueItems: true, maxItems: 32 };

/** Watch the staging folder everywhere; detect drives where Spindle can (none on macOS). */
const DEFAULT_DETECTORS: string[] = [
  'staging-watcher',
  ...(process.platform === 'linux' ? ['linux-drive'] : process.platform === 'win32' ? ['windows-drive'] : []),
];

export const PIPELINE_DEFAULT = {
  detectors: DEFAULT_DETECTORS,
  // TheDiscDB only for discs with a content hash; the catalog stays silent until catalog_api_key is set.
  identifiers: ['disc-lookup', 'catalog', 'heuristic'],
  rippers: { disc: 'makemkv' as string | null, folder: 'folder' as string | null },
  // Disc-lookup mappings first (exact), then speech vs. subtitles for TV, then runtimes for movies.
  matchers: ['disc-lookup', 'asr-subtitles', 'movie-runtime'],
  organizer: 'library' as string | null,
  // Queues fingerprints of matched titles; nothing is uploaded before the disclosure is accepted.
  contributors: ['fingerprint-network'],
  providers: {
    disc_lookup: ['thediscdb'],
    catalog: ['tmdb'],
    // A local folder of SRT files first (offline, no quota), then OpenSubtitles once it has an API key.
    subtitles: ['local-folder', 'opensubtitles'],
    // The spec's fixed model (whisper small); pocketsphinx is the offline alternative.
    transcriber: ['whisper'],
    fingerprinter: ['chromaprint'],
    // Notifiers and media-server refreshers do nothing until their URL is set in plugin_settings.
    // No transcoder: transcoding stays off by default (transcoding_enabled false, nothing configured).
    notifier: ['webhook', 'ntfy', 'discord', 'gotify', 'apprise'],
    library_refresher: ['jellyfin', 'plex', 'emby'],
  } as Record<string, string[]>,
};

export type PipelineConfig = typeof PIPELINE_DEFAULT;

export const APP_CONFIG_FIELDS = {
  staging_path: {
    schema: nullableString,
    default: null,
    mustExist: 'dir',
    description: 'Temporary directory for ripped files.',
  },
  library_movies_path: { schema: nullableString, default: null, mustExist: 'dir', description: 'Movie library root.' },
  library_tv_path: { schema: nullableString, default: null, mustExist: 'dir', description: 'TV library root.' },
  ripper_path: {
    schema: nullableString,
    default: null,
    mustExist: 'file',
    description: 'Path to makemkvcon; auto-detected when null.',
  },
  media_tool_path: {
    schema: nullableString,
    default: null,
    mustExist: 'file',
    description: 'Path to ffmpeg; auto-detected when null.',
  },
  ripper_key: { schema: nullableString, default: null, secret: true, description: 'MakeMKV registration key.' },
  catalog_api_key: {
    schema: nullableString,
    default: null,
    secret: true,
    description: 'TMDB Read Access Token (the long bearer token).',
  },
  max_concurrent_matches: {
    schema: { type: 'integer', minimum: 1, maximum: 64 },
    default: 2,
    restartRequired: true,
    description: 'Titles matched in parallel (clamped to physical cores on CPU, 4 on GPU).',
  },
  transcoding_enabled: { schema: { type: 'boolean' }, default: false, description: 'Re-encode titles after ripping.' },
  pipeline_overlap: {
    schema: { type: 'boolean' },
    default: true,
    description:
      'Match each title as soon as its file is ripped, while the next one rips (false: rip every title, then match them all).',
  },
  organize_during_rip: {
    schema: { enum: ['same_volume', 'always', 'never'] },
    default: 'same_volume',
    description:
      'When an episode matched on its own goes to the library before the whole disc is done: same_volume (a rename at once; a copy to another drive waits until ripping is over), always, or never (after every title).',
  },
  conflict_resolution_default: {
    schema: { enum: ['skip', 'overwrite', 'ask'] },
    default: 'skip',
    description: 'What to do when the library already has a file at the target path.',
  },
  extras_policy: {
    schema: { enum: ['keep', 'skip', 'ask'] },
    default: 'skip',
    description: 'How bonus content is organized.',
  },
  staging_cleanup_policy: {
    schema: { enum: ['on_success', 'on_completion', 'manual', 'after_days'] },
    default: 'on_success',
    description: 'When a job’s staging folder is deleted.',
  },
  staging_cleanup_days: {
    schema: { type: 'integer', minimum: 1, maximum: 3650 },
    default: 7,
    description: 'Days kept under after_days.',
  },
  discard_files_of: {
    schema: {
      type: 'array',
      items: { enum: ['play_all', 'short', 'duplicate', 'extra'] },
      uniqueItems: true,
      maxItems: 4,
    },
    default: [],
    description:
      'Kinds of titles left out of the library whose files a staging cleanup may delete (play_all, short, duplicate, extra). Empty: such files are always kept.',
  },
  staging_watch_enabled: {
    schema: { type: 'boolean' },
    default: () => process.platform !== 'win32',
    description: 'Import new staging subfolders automatically.',
  },
  staging_poll_interval_seconds: {
    schema: { type: 'number', minimum: 0.05, maximum: 600 },
    default: 2,
    description: 'Seconds between the staging watcher’s size checks (2 stable polls trigger an import).',
  },
  enable_fingerprint_contributions: {
    schema: { type: 'boolean' },
    default: true,
    description: 'Master switch for uploads.',
  },
  fingerprint_disclosure_accepted: {
    schema: { type: 'boolean' },
    default: false,
    description: 'Hard gate for uploads.',
  },
  enable_fingerprint_identification: {
    schema: { type: 'boolean' },
    default: false,
    description: 'Ask the network to identify titles.',
  },
  contribution_pseudonym: {
    schema: { type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$' },
    default: () => randomUUID(),
    persistDefault: true,
    description: 'Random per-install identifier sent with contributions.',
  },
  subtitle_language: {
    schema: { type: 'string', pattern: '^[a-z]{2}(-[a-z]{2})?$' },
    default: 'en',
    description: 'Language of the reference subtitles used for matching (ISO 639-1, e.g. "en").',
  },
  match_auto_accept_threshold: {
    schema: { type: 'number', minimum: 0, maximum: 1 },
    default: 0.7,
    description: 'A match at or above this confidence is accepted without review.',
  },
  match_review_threshold: {
    schema: { type: 'number', minimum: 0, maximum: 1 },
    default: 0.5,
    description: 'A match between this and the auto-accept threshold goes to review; below it, no match.',
  },
  always_ask_before_filing: {
    schema: { type: 'boolean' },
    default: false,
    description:
      'Every job stops in the review queue with its plan before anything is filed into the library; it is filed once you approve.',
  },
  ask_which_titles_to_rip: {
    schema: { type: 'boolean' },
    default: false,
    description:
      'Every disc job and folder import stops in the review queue once it is identified, with all its titles listed (short ones included); only the titles you tick are ripped.',
  },
  pipeline: {
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        detectors: stageChain,
        identifiers: stageChain,
        rippers: {
          type: 'object',
          additionalProperties: false,
          properties: { disc: { anyOf: [stageId, { type: 'null' }] }, folder: { anyOf: [stageId, { type: 'null' }] } },
        },
        matchers: stageChain,
        organizer: { anyOf: [stageId, { type: 'null' }] },
        contributors: stageChain,
        providers: {
          type: 'object',
          additionalProperties: false,
          properties: Object.fromEntries(PROVIDER_KINDS.map((k) => [k, stageChain])),
        },
      },
    },
    default: () => structuredClone(PIPELINE_DEFAULT),
    description:
      'Which plugin implementation serves each stage (ordered chains for detectors, identifiers, matchers). A change applies to the next job; running jobs keep theirs.',
  },
  plugin_settings: {
    schema: { type: 'object', additionalProperties: { type: 'object' } },
    default: () => ({}),
    description:
      'Settings of each plugin, by plugin id, validated against the plugin’s own schema. A change applies to the next job; running jobs keep theirs.',
  },
  plugins_path: {
    schema: nullableString,
    default: null,
    mustExist: 'dir',
    restartRequired: true,
    description: 'An extra folder searched for third-party plugin packages.',
  },
} satisfies Record<string, ConfigFieldSpec>;

export type AppConfigField = keyof typeof APP_CONFIG_FIELDS;
export const APP_CONFIG_FIELD_NAMES = Object.keys(APP_CONFIG_FIELDS) as AppConfigField[];

/** The resolved configuration (values, not masked). */
export interface AppConfig {
  staging_path: string | null;
  library_movies_path: string | null;
  library_tv_path: string | null;
  ripper_path: string | null;
  media_tool_path: string | null;
  ripper_key: string | null;
  catalog_api_key: string | null;
  max_concurrent_matches: number;
  transcoding_enabled: boolean;
  pipeline_overlap: boolean;
  organize_during_rip: 'same_volume' | 'always' | 'never';
  conflict_resolution_default: 'skip' | 'overwrite' | 'ask';
  extras_policy: 'keep' | 'skip' | 'ask';
  staging_cleanup_policy: 'on_success' | 'on_completion' | 'manual' | 'after_days';
  staging_cleanup_days: number;
  discard_files_of: ('play_all' | 'short' | 'duplicate' | 'extra')[];
  staging_watch_enabled: boolean;
  staging_poll_interval_seconds: number;
  enable_fingerprint_contributions: boolean;
  fingerprint_disclosure_accepted: boolean;
  enable_fingerprint_identification: boolean;
  contribution_pseudonym: string;
  subtitle_language: string;
  match_auto_accept_threshold: number;
  match_review_threshold: number;
  always_ask_before_filing: boolean;
  ask_which_titles_to_rip: boolean;
  pipeline: PipelineConfig;
  plugin_settings: Record<string, Record<string, unknown>>;
  plugins_path: string | null;
}

export const SECRET_MASK = '***';
