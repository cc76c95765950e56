/**
 * `spindle config get [field]`, `spindle config set <field> <value>` and `spindle config unset
 * <field>`. A field may be a dotted path into an object field (`pipeline.providers.notifier`,
 * `plugin_settings.notifier-webhook.events`). A value is read as JSON when it is JSON (`true`, `2`,
 * `null`, `["a","b"]`, `"text"`), else as text. Secrets read as "***"; setting a secret works like
 * any field. `set` sends the smallest JSON Merge Patch (PATCH /api/config): `set a.b.c v` sends
 * {"a":{"b":{"c":v}}}, so every other key of `a` is kept; `unset a.b.c` sends null there, which
 * removes the key (a top-level field goes back to its default).
 *
 * `config set --local` writes into this machine's database directly instead of asking the service:
 * the way to set server-level settings (ripper_path, media_tool_path, plugins_path, plugin settings
 * marked server-level), which the API refuses. Restart Spindle afterwards.
 */
import { parseArgs } from './cli-args.ts';
import type { CliIO } from './cli-io.ts';
import { CliError, EXIT, usageError, type ExitCode } from './exit-codes.ts';
import { clientFor } from './service-client.ts';

export const CONFIG_USAGE =
  'spindle config get [field] [--url URL] [--token TOKEN]\n       spindle config set <field> <value> [--url URL] [--token TOKEN]\n       spindle config unset <field> [--url URL] [--token TOKEN]\n       spindle config set --local <field> <value>   (on the machine: server-level settings too)';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function parseValue(text: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text;
  }
}

function fieldPath(field: string, config: Record<string, Json>): string[] {
  const path = field.split('.');
  if (path.some((p) => p === '') || !Object.hasOwn(config, path[0]!)) {
    throw new CliError(
      EXIT.REFUSED,
      `Unknown configuration field "${field}". Fields: ${Object.keys(config).join(', ')}`,
    );
  }
  return path;
}

function readPath(config: Record<string, Json>, path: string[]): Json | undefined {
  let value: Json | undefined = config;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, key))
      return undefined;
    value = value[key];
  }
  return value;
}

/** A copy of the top-level field with the value set at the path (missing objects are created). */
function withValue(config: Record<string, Json>, path: string[], value: Json): Json {
  if (path.length === 1) return value;
  const top = structuredClone(config[path[0]!] ?? {});
  if (top === null || typeof top !== 'object' || Array.isArray(top))
    throw new CliError(EXIT.REFUSED, `"${path[0]}" is not an object; set it whole`);
  let node: { [key: string]: Json } = top;
  for (const key of path.slice(1, -1)) {
    const next = node[key];
    if (next === undefined || next === null) node = node[key] = {};
    else if (typeof next === 'object' && !Array.isArray(next)) node = next;
    else throw new CliError(EXIT.REFUSED, `"${key}" in ${path.join('.')} is not an object`);
  }
  node[path.at(-1)!] = value;
  return top;
}

/** The merge patch that puts `value` at `path` and leaves everything else as it is. */
export function patchFor(path: string[], value: Json): Record<string, Json> {
  return path.reduceRight<Json>((inner, key) => ({ [key]: inner }), value) as Record<string, Json>;
}

const clearedNote = (names: string[]) =>
  `Cleared because the address they are sent to changed (set them again): ${names.join(', ')}\n`;

const show = (value: Json) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

export async function configCommand(argv: string[], io: CliIO): Promise<ExitCode> {
  const args = parseArgs(argv, { flags: ['local'] });
  const [verb, field, given, ...extra] = args.positionals;
  // `unset <field>` is `set <field> null`: a merge patch's null removes the key.
  const action = verb === 'unset' ? 'set' : verb;
  const value = verb === 'unset' ? (given === undefined ? 'null' : undefined) : given;
  if (verb === 'unset' && (given !== undefined || args.flags.has('local'))) throw usageError(`Usage: ${CONFIG_USAGE}`);
  if (args.flags.has('help')) {
    io.out(`${CONFIG_USAGE}\n`);
    return EXIT.OK;
  }
  if (
    (action !== 'get' && action !== 'set') ||
    (action === 'get' && value !== undefined) ||
    (action === 'set' && (field === undefined || value === undefined)) ||
    extra.length > 0
  ) {
    throw usageError(`Usage: ${CONFIG_USAGE}`);
  }
  if (args.flags.has('local')) {
    if (action !== 'set') throw usageError(`Usage: ${CONFIG_USAGE}`);
    const { setLocalConfig } = await import('./local-config.ts');
    const path = field!.split('.');
    if (path.some((p) => p === '')) throw usageError(`Usage: ${CONFIG_USAGE}`);
    const { changed, clearedSecrets } = await setLocalConfig(io, { path, value: parseValue(value!), withValue });
    io.out(
      changed.length > 0
        ? `${field} stored in the local database. Restart Spindle for it to take effect.\n`
        : `${field} already had that value.\n`,
    );
    if (clearedSecrets.length > 0) io.out(clearedNote(clearedSecrets));
    return EXIT.OK;
  }
  const client = clientFor(args.options, io);
  const config = (await client.request<Record<string, Json>>('GET', '/api/config')).body;
  if (action === 'get') {
    if (field === undefined) io.out(`${JSON.stringify(config, null, 2)}\n`);
    else {
      const found = readPath(config, fieldPath(field, config));
      if (found === undefined) throw new CliError(EXIT.REFUSED, `"${field}" is not set`);
      io.out(`${show(found)}\n`);
    }
    return EXIT.OK;
  }
  const path = fieldPath(field!, config);
  withValue(config, path, null); // refuses a path through a value that is not an object
  const answer = await client.request<Record<string, Json>>('PATCH', '/api/config', patchFor(path, parseValue(value!)));
  const restart = answer.body.restart_required;
  const now = readPath(answer.body, path);
  io.out(now === undefined ? `${field} removed\n` : `${field} = ${show(now)}\n`);
  if (Array.isArray(restart) && restart.length > 0)
    io.out(`Restart Spindle for ${restart.join(', ')} to take effect (the web UI has a restart button).\n`);
  const cleared = answer.body.cleared_secrets;
  if (Array.isArray(cleared) && cleared.length > 0) io.out(clearedNote(cleared.map(String)));
  return EXIT.OK;
}
