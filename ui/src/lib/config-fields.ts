/**
 * How the settings screen lays out the AppConfig fields. Types, limits, descriptions and which
 * fields are secrets come from the generated JSON Schemas; this file only adds groups (the labels
 * and help lines are in config-field-words.ts). A field the API gains later and nobody placed here
 * still shows, under "Other".
 */
import { configSchemas } from './api/generated.ts';
import { HELP, LABELS } from './config-field-words.ts';

export { CLEANUP_POLICY_SENTENCES, optionLabel } from './config-field-words.ts';

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
    intro:
      'Where ripped files wait until they are filed (staging), and where the finished library lives. The folders must already exist.',
    fields: [
      'staging_path',
      'library_movies_path',
      'library_tv_path',
      'staging_watch_enabled',
      'staging_poll_interval_seconds',
    ],
    prefixes: ['library_'],
  },
  {
    id: 'tools',
    title: 'Tools',
    intro:
      'MakeMKV rips discs; ffmpeg reads, fingerprints and (if you wish) re-encodes the video. Spindle finds both by itself.',
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
    intro:
      'How Spindle tells which episode each title is, and how sure it must be before filing it without asking you.',
    fields: [
      'subtitle_language',
      'match_auto_accept_threshold',
      'match_review_threshold',
      'max_concurrent_matches',
      'pipeline_overlap',
    ],
    prefixes: ['match_', 'asr_', 'gpu_', 'subtitle'],
  },
  {
    id: 'library',
    title: 'Library',
    intro:
      'How files are filed into the library: what happens when a file is already there, and what to do with bonus content.',
    fields: [
      'ask_which_titles_to_rip',
      'always_ask_before_filing',
      'conflict_resolution_default',
      'extras_policy',
      'organize_during_rip',
    ],
  },
  {
    id: 'after-job',
    title: 'After a job',
    intro:
      'What happens once a job is finished: which staging files are deleted, and which media servers are told to look for new files.',
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
export const SPECIAL_FIELDS = new Set([
  'pipeline',
  'plugin_settings',
  'plugins_path',
  'read_only',
  'cleared_secrets',
  'restart_required',
]);

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
  const types = Array.isArray(update.type)
    ? (update.type as string[])
    : typeof update.type === 'string'
      ? [update.type]
      : [];
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
export function configGroups(
  fieldNames: readonly string[] = Object.keys(configSchemas.AppConfigUpdate.properties),
): FieldGroup[] {
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
  if (other.length)
    groups.push({
      id: 'other',
      title: 'Other',
      intro: 'Settings this screen has no special place for yet.',
      fields: other,
    });
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
    text = text
      .replace(new RegExp(`["'\`]${name}["'\`]`, 'g'), `“${label}”`)
      .replace(new RegExp(`\\b${name}\\b`, 'g'), `“${label}”`);
  }
  return text;
}
