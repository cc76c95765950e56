/**
 * How the settings screen lays out the AppConfig fields. Types, limits, descriptions and which
 * fields are secrets come from the generated JSON Schemas; this file only adds groups and
 * labels. A field the API gains later and nobody placed here still shows, under "Other".
 */
import { configSchemas } from './api/generated.ts';

export type JsonSchema = { [key: string]: unknown };

export interface FieldInfo {
  name: string;
  label: string;
  description: string;
  /** Schema of the value as it may be sent (PUT body). */
  schema: JsonSchema;
  secret: boolean;
  kind: 'boolean' | 'enum' | 'multi' | 'integer' | 'number' | 'path' | 'string' | 'readonly' | 'json';
  options: readonly (string | null)[];
  nullable: boolean;
  restartRequired: boolean;
  /** Server-level: the API only shows it; it is set on the machine (environment / `spindle config set --local`). */
  serverLevel: boolean;
}

export interface FieldGroup {
  id: string;
  title: string;
  intro: string;
  fields: FieldInfo[];
}

const GROUPS: { id: string; title: string; intro: string; fields: string[]; prefixes?: string[] }[] = [
  {
    id: 'folders',
    title: 'Folders',
    intro: 'Where ripped files wait until they are filed (staging), and where the finished library lives. The folders must already exist.',
    fields: ['staging_path', 'library_movies_path', 'library_tv_path', 'staging_watch_enabled', 'staging_poll_interval_seconds'],
    prefixes: ['library_'],
  },
  {
    id: 'tools',
    title: 'Tools',
    intro: 'MakeMKV rips discs; ffmpeg reads, fingerprints and (if you wish) re-encodes the video. Spindle finds both by itself.',
    fields: ['ripper_path', 'media_tool_path', 'ripper_key', 'transcoding_enabled'],
  },
  {
    id: 'identification',
    title: 'Identification',
    intro: 'How Spindle works out which film or series a disc or folder holds.',
    fields: ['catalog_api_key', 'enable_fingerprint_identification'],
    prefixes: ['catalog_'],
  },
  {
    id: 'matching',
    title: 'Matching',
    intro: 'How Spindle tells which episode each title is, and how sure it must be before filing it without asking you.',
    fields: ['subtitle_language', 'match_auto_accept_threshold', 'match_review_threshold', 'max_concurrent_matches', 'pipeline_overlap'],
    prefixes: ['match_', 'asr_', 'gpu_', 'subtitle'],
  },
  {
    id: 'library',
    title: 'Library',
    intro: 'How files are filed into the library: what happens when a file is already there, and what to do with bonus content.',
    fields: ['ask_which_titles_to_rip', 'always_ask_before_filing', 'conflict_resolution_default', 'extras_policy', 'organize_during_rip'],
  },
  {
    id: 'after-job',
    title: 'After a job',
    intro: 'What happens once a job is finished: which staging files are deleted, and which media servers are told to look for new files.',
    fields: ['staging_cleanup_policy', 'staging_cleanup_days', 'discard_files_of'],
    prefixes: ['staging_'],
  },
  {
    id: 'contributions',
    title: 'Contributions',
    intro: 'Optional: share audio fingerprints of identified episodes so others can match theirs.',
    fields: ['enable_fingerprint_contributions', 'fingerprint_disclosure_accepted', 'contribution_pseudonym'],
    prefixes: ['fingerprint_', 'contribution', 'enable_fingerprint'],
  },
];

/** Fields with a screen of their own (plugins section), not rendered as plain inputs. */
export const SPECIAL_FIELDS = new Set(['pipeline', 'plugin_settings', 'plugins_path', 'read_only', 'cleared_secrets', 'restart_required']);

const LABELS: Record<string, string> = {
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
const HELP: Record<string, string> = {
  staging_path: 'Temporary folder for ripped files and for folders of MKV files you want imported.',
  library_movies_path: 'Films are filed here, one folder per film.',
  library_tv_path: 'Series are filed here, one folder per series and season.',
  ripper_path: 'Found automatically when left empty.',
  media_tool_path: 'Found automatically when left empty.',
  ripper_key: 'Needed once the free MakeMKV beta period ends; the key from makemkv.com.',
  catalog_api_key: 'The long “API Read Access Token” from your TMDB account’s API page: it lets Spindle look up titles, seasons and episode lengths.',
  max_concurrent_matches: 'More is faster on a strong machine (limited to the CPU’s cores, or 4 with a GPU). Applies after a restart.',
  transcoding_enabled: 'Re-encode each ripped title with ffmpeg to save space; the rip is kept until the new file is checked.',
  pipeline_overlap: 'Each title is matched as soon as its file is ripped, while the drive reads the next one. Off: every title is ripped first, then all are matched.',
  organize_during_rip:
    'An episode matched with confidence goes into the library while the rest of the disc is still worked on. A library on another drive is copied to only once the disc is read, unless you choose always.',
  conflict_resolution_default: 'What to do when the library already has a file where a new one would go.',
  extras_policy: 'Behind-the-scenes features, deleted scenes and other extras on a disc.',
  ask_which_titles_to_rip:
    'Every disc and imported folder stops once Spindle knows what it is and lists all its titles, short ones included, ticked as Spindle would rip them. Only the titles you tick are ripped.',
  always_ask_before_filing: 'Every job stops with its plan (which title becomes which episode or film) and waits for you to approve it before anything is filed.',
  staging_cleanup_policy: 'When Spindle deletes a job’s files from the staging folder.',
  staging_cleanup_days: 'Used when staging files are deleted after a number of days.',
  discard_files_of: 'Titles that were not put in the library. Leave all unticked to always keep their files.',
  staging_watch_enabled: 'Import new folders dropped into the staging folder automatically.',
  staging_poll_interval_seconds: 'How often the watcher looks at a new folder; it is imported once its files stop changing.',
  enable_fingerprint_contributions: 'Share fingerprints of identified episodes with the fingerprint network.',
  fingerprint_disclosure_accepted: 'Nothing is shared until you have read and accepted what is sent.',
  enable_fingerprint_identification: 'Ask the fingerprint network which episodes your titles are.',
  contribution_pseudonym: 'A random name your contributions are sent under; never linked to you.',
  subtitle_language: 'Language of the subtitles the speech is compared with, as a two-letter code such as “en” or “de”.',
  match_auto_accept_threshold: 'A match at least this sure (0 to 1) is filed without asking you.',
  match_review_threshold: 'A match between this and the level above waits for your review; below it, the title stays unmatched.',
  plugins_path: 'Another folder Spindle loads plugins from.',
};

const OPTION_LABELS: Record<string, Record<string, string>> = {
  conflict_resolution_default: { skip: 'Keep the library file (skip)', overwrite: 'Replace it (overwrite)', ask: 'Ask me (review queue)' },
  extras_policy: { keep: 'Keep (Extras folders)', skip: 'Skip', ask: 'Ask me (review queue)' },
  organize_during_rip: { same_volume: 'Yes; to another drive once the disc is read', always: 'Yes, always', never: 'No, after the whole disc' },
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
  "its files that reached the library (they were moved there) or that you chose to discard (in review, or by the kinds of left-out titles you ticked), the files it ripped itself from a disc for titles it left out, and its own emptied rip folders";

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

function humanize(name: string): string {
  const text = name.replace(/_/g, ' ');
  return text[0]!.toUpperCase() + text.slice(1);
}

function isSecretSchema(answered: JsonSchema | undefined): boolean {
  const any = answered?.anyOf as JsonSchema[] | undefined;
  return Array.isArray(any) && any.some((s) => s.const === '***');
}

/**
 * A write may send null for any field (a merge patch: back to the default), which the schema says
 * as `anyOf: [<the field's schema>, {type: null}]`; the form edits the field's own schema.
 */
function fieldSchema(schema: JsonSchema): JsonSchema {
  const any = schema.anyOf as JsonSchema[] | undefined;
  if (!Array.isArray(any) || any.length !== 2 || any[1]?.type !== 'null') return schema;
  const { anyOf: _anyOf, ...rest } = schema;
  return { ...any[0], ...rest };
}

function fieldInfo(name: string): FieldInfo {
  const update = fieldSchema((configSchemas.AppConfigUpdate.properties as Record<string, JsonSchema>)[name] ?? {});
  const answered = (configSchemas.AppConfig.properties as Record<string, JsonSchema>)[name];
  const apiDescription = typeof update.description === 'string' ? update.description : '';
  const description = HELP[name] ?? apiDescription;
  const types = Array.isArray(update.type) ? (update.type as string[]) : typeof update.type === 'string' ? [update.type] : [];
  const nullable = types.includes('null');
  const secret = isSecretSchema(answered);
  const serverLevel = update.readOnly === true;
  let kind: FieldInfo['kind'] = 'json';
  let options: (string | null)[] = [];
  const items = update.items as JsonSchema | undefined;
  if (Array.isArray(update.enum)) {
    kind = 'enum';
    options = update.enum as (string | null)[];
  } else if (types.includes('array') && Array.isArray(items?.enum)) {
    kind = 'multi';
    options = items.enum as string[];
  } else if (types.includes('boolean')) kind = 'boolean';
  else if (types.includes('integer')) kind = 'integer';
  else if (types.includes('number')) kind = 'number';
  else if (types.includes('string')) {
    if (name === 'contribution_pseudonym') kind = 'readonly';
    else if (/path/.test(name) || /path/i.test(apiDescription.split('.')[0] ?? '')) kind = 'path';
    else kind = 'string';
  }
  return {
    name,
    label: LABELS[name] ?? humanize(name),
    description,
    schema: update,
    secret,
    kind: secret ? 'string' : serverLevel ? 'readonly' : kind,
    options,
    nullable,
    restartRequired: /after a restart/i.test(apiDescription),
    serverLevel,
  };
}

/** Every config field, grouped; unknown fields land in a group by prefix, else in "Other". */
export function configGroups(fieldNames: readonly string[] = Object.keys(configSchemas.AppConfigUpdate.properties)): FieldGroup[] {
  const placed = new Set<string>();
  const groups: FieldGroup[] = GROUPS.map((g) => {
    const names = g.fields.filter((f) => fieldNames.includes(f));
    names.forEach((n) => placed.add(n));
    return { id: g.id, title: g.title, intro: g.intro, fields: names.map(fieldInfo) };
  });
  const other: FieldInfo[] = [];
  for (const name of fieldNames) {
    if (placed.has(name) || SPECIAL_FIELDS.has(name)) continue;
    const target = GROUPS.findIndex((g) => g.prefixes?.some((p) => name.startsWith(p)));
    if (target >= 0) groups[target]!.fields.push(fieldInfo(name));
    else other.push(fieldInfo(name));
  }
  if (other.length) groups.push({ id: 'other', title: 'Other', intro: 'Settings this screen has no special place for yet.', fields: other });
  return groups;
}

export function fieldByName(name: string): FieldInfo {
  return fieldInfo(name);
}

/** The label of a field for a person ("Staging folder"), for messages that name fields. */
export function fieldLabel(name: string): string {
  return LABELS[name] ?? humanize(name);
}

/** A message from the API with each quoted or bare field name replaced by its label. */
export function humanizeFieldNames(message: string, names: readonly string[] = Object.keys(LABELS)): string {
  let text = message;
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    const label = fieldLabel(name);
    text = text.replace(new RegExp(`["'\`]${name}["'\`]`, 'g'), `“${label}”`).replace(new RegExp(`\\b${name}\\b`, 'g'), `“${label}”`);
  }
  return text;
}
