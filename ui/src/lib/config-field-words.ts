/**
 * The words a person reads on the settings screen: each field's label and help line, the labels of
 * its choices, and what each staging cleanup policy deletes.
 */

export const LABELS: Record<string, string> = {
  staging_path: 'Staging folder',
  library_movies_path: 'Movies library folder',
  library_tv_path: 'TV library folder',
  ripper_path: 'MakeMKV (makemkvcon) path',
  media_tool_path: 'ffmpeg path',
  ripper_key: 'MakeMKV registration key',
  catalog_api_key: 'TMDB Read Access Token',
  subtitle_language: 'Subtitle language',
  max_concurrent_matches: 'Titles matched in parallel',
  transcoding_enabled: 'Transcode after ripping',
  pipeline_overlap: 'Match while the disc is still ripping',
  organize_during_rip: 'File episodes before the whole disc is done',
  conflict_resolution_default: 'When the file already exists',
  extras_policy: 'Bonus content',
  ask_which_titles_to_rip: 'Ask which titles to rip',
  always_ask_before_filing: 'Always ask before filing',
  staging_cleanup_policy: 'Delete staging files',
  staging_cleanup_days: 'Days to keep staging files',
  discard_files_of: 'Left-out titles whose files a cleanup may delete',
  staging_watch_enabled: 'Watch the staging folder',
  staging_poll_interval_seconds: 'Watcher poll interval (seconds)',
  enable_fingerprint_contributions: 'Contribute fingerprints',
  fingerprint_disclosure_accepted: 'I have read what is shared',
  enable_fingerprint_identification: 'Ask the network to identify titles',
  contribution_pseudonym: 'Contribution pseudonym',
  match_auto_accept_threshold: 'Accept matches from (confidence)',
  match_review_threshold: 'Ask for review from (confidence)',
  plugins_path: 'Extra plugin folder',
  pipeline: 'Stages',
  plugin_settings: 'Plugin settings',
};

/**
 * The help line under each field, in the words of someone ripping discs. The API's descriptions
 * are written for the API (they name fields and null); a field without an entry here shows its
 * API description.
 */
export const HELP: Record<string, string> = {
  staging_path: 'Temporary folder for ripped files and for folders of MKV files you want imported.',
  library_movies_path: 'Films are filed here, one folder per film.',
  library_tv_path: 'Series are filed here, one folder per series and season.',
  ripper_path: 'Found automatically when left empty.',
  media_tool_path: 'Found automatically when left empty.',
  ripper_key: 'Needed once the free MakeMKV beta period ends; the key from makemkv.com.',
  catalog_api_key:
    'The long “API Read Access Token” from your TMDB account’s API page: it lets Spindle look up titles, seasons and episode lengths.',
  max_concurrent_matches:
    'More is faster on a strong machine (limited to the CPU’s cores, or 4 with a GPU). Applies after a restart.',
  transcoding_enabled:
    'Re-encode each ripped title with ffmpeg to save space; the rip is kept until the new file is checked.',
  pipeline_overlap:
    'Each title is matched as soon as its file is ripped, while the drive reads the next one. Off: every title is ripped first, then all are matched.',
  organize_during_rip:
    'An episode matched with confidence goes into the library while the rest of the disc is still worked on. A library on another drive is copied to only once the disc is read, unless you choose always.',
  conflict_resolution_default: 'What to do when the library already has a file where a new one would go.',
  extras_policy: 'Behind-the-scenes features, deleted scenes and other extras on a disc.',
  ask_which_titles_to_rip:
    'Every disc and imported folder stops once Spindle knows what it is and lists all its titles, short ones included, ticked as Spindle would rip them. Only the titles you tick are ripped.',
  always_ask_before_filing:
    'Every job stops with its plan (which title becomes which episode or film) and waits for you to approve it before anything is filed.',
  staging_cleanup_policy: 'When Spindle deletes a job’s files from the staging folder.',
  staging_cleanup_days: 'Used when staging files are deleted after a number of days.',
  discard_files_of: 'Titles that were not put in the library. Leave all unticked to always keep their files.',
  staging_watch_enabled: 'Import new folders dropped into the staging folder automatically.',
  staging_poll_interval_seconds:
    'How often the watcher looks at a new folder; it is imported once its files stop changing.',
  enable_fingerprint_contributions: 'Share fingerprints of identified episodes with the fingerprint network.',
  fingerprint_disclosure_accepted: 'Nothing is shared until you have read and accepted what is sent.',
  enable_fingerprint_identification: 'Ask the fingerprint network which episodes your titles are.',
  contribution_pseudonym: 'A random name your contributions are sent under; never linked to you.',
  subtitle_language:
    'Language of the subtitles the speech is compared with, as a two-letter code such as “en” or “de”.',
  match_auto_accept_threshold: 'A match at least this sure (0 to 1) is filed without asking you.',
  match_review_threshold:
    'A match between this and the level above waits for your review; below it, the title stays unmatched.',
  plugins_path: 'Another folder Spindle loads plugins from.',
};

const OPTION_LABELS: Record<string, Record<string, string>> = {
  conflict_resolution_default: {
    skip: 'Keep the library file (skip)',
    overwrite: 'Replace it (overwrite)',
    ask: 'Ask me (review queue)',
  },
  extras_policy: { keep: 'Keep (Extras folders)', skip: 'Skip', ask: 'Ask me (review queue)' },
  organize_during_rip: {
    same_volume: 'Yes; to another drive once the disc is read',
    always: 'Yes, always',
    never: 'No, after the whole disc',
  },
  staging_cleanup_policy: {
    on_success: 'When a job completes',
    on_completion: 'When a job finishes, even if it failed',
    manual: 'Never (I clean up myself)',
    after_days: 'After a number of days',
  },
  discard_files_of: {
    play_all: 'Play All titles',
    short: 'Short titles',
    duplicate: 'Duplicate titles',
    extra: 'Extras left out because bonus content is skipped',
  },
};

/** What is never deleted, whatever the policy. */
const NEVER =
  'never a file of yours that was not filed, never a non-video file, and never a folder you imported while it still holds your files (nor one imported as a copy)';
/** What every policy may delete. */
const DELETES =
  'its files that reached the library (they were moved there) or that you chose to discard (in review, or by the kinds of left-out titles you ticked), the files it ripped itself from a disc for titles it left out, and its own emptied rip folders';

/** One sentence per staging cleanup policy: what it deletes and what it never deletes. */
export const CLEANUP_POLICY_SENTENCES: Record<string, string> = {
  on_success: `When a job completes, Spindle deletes ${DELETES} — ${NEVER}.`,
  on_completion: `When a job completes or fails, Spindle deletes ${DELETES} — ${NEVER}.`,
  after_days: `Once a job has been finished for the number of days you set, Spindle deletes ${DELETES} — ${NEVER}.`,
  manual: `Spindle deletes nothing in staging by itself (files that reached the library were moved there) — ${NEVER}; the rest waits for you.`,
};

export function optionLabel(field: string, value: string | null): string {
  if (value === null) return 'None';
  return OPTION_LABELS[field]?.[value] ?? value.replace(/_/g, ' ');
}
