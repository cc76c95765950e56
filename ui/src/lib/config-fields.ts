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
    id: 'paths',
    title: 'Paths',
    intro: 'Where ripped files wait (staging) and where the finished library lives. Folders must already exist.',
    fields: ['staging_path', 'library_movies_path', 'library_tv_path'],
  },
  {
    id: 'tools',
    title: 'Tools',
    intro: 'MakeMKV rips discs; ffmpeg reads and fingerprints audio. Spindle finds them by itself; a path set on the machine Spindle runs on wins.',
    fields: ['ripper_path', 'media_tool_path', 'ripper_key', 'transcoding_enabled'],
  },
  {
    id: 'matching',
    title: 'Identification and matching',
    intro: 'How sure a match must be before it is filed without asking you.',
    fields: ['catalog_api_key', 'subtitle_language', 'match_auto_accept_threshold', 'match_review_threshold', 'max_concurrent_matches'],
    prefixes: ['match_', 'catalog_', 'asr_', 'gpu_', 'subtitle'],
  },
  {
    id: 'library',
    title: 'Library',
    intro: 'What happens when a file is already in the library, and what to do with bonus content.',
    fields: ['conflict_resolution_default', 'extras_policy'],
    prefixes: ['library_'],
  },
  {
    id: 'staging',
    title: 'Staging',
    intro: 'The staging watcher imports folders of MKV files dropped into the staging folder.',
    fields: ['staging_watch_enabled', 'staging_poll_interval_seconds', 'staging_cleanup_policy', 'staging_cleanup_days', 'discard_files_of'],
    prefixes: ['staging_'],
  },
  {
    id: 'fingerprint',
    title: 'Fingerprint network',
    intro: 'Optional: share audio fingerprints of identified episodes so others can match theirs, and ask the network to identify yours.',
    fields: ['enable_fingerprint_contributions', 'fingerprint_disclosure_accepted', 'enable_fingerprint_identification', 'contribution_pseudonym'],
    prefixes: ['fingerprint_', 'contribution', 'enable_fingerprint'],
  },
];

/** Fields with a screen of their own (plugins section), not rendered as plain inputs. */
export const SPECIAL_FIELDS = new Set(['pipeline', 'plugin_settings', 'plugins_path', 'read_only', 'cleared_secrets']);

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
  conflict_resolution_default: 'When the file already exists',
  extras_policy: 'Bonus content',
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
};

const OPTION_LABELS: Record<string, Record<string, string>> = {
  conflict_resolution_default: { skip: 'Keep the library file (skip)', overwrite: 'Replace it (overwrite)', ask: 'Ask me (review queue)' },
  extras_policy: { keep: 'Keep (Extras folders)', skip: 'Skip', ask: 'Ask me (review queue)' },
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
    extra: 'Extras left out under extras_policy: skip',
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
  const description = typeof update.description === 'string' ? update.description : '';
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
    else if (/path/.test(name) || /path/i.test(description.split('.')[0] ?? '')) kind = 'path';
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
    restartRequired: /after a restart/i.test(description),
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
  return groups.filter((g) => g.fields.length > 0);
}

export function fieldByName(name: string): FieldInfo {
  return fieldInfo(name);
}
