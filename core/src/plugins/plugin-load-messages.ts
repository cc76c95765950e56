/**
 * The loader's messages for what a person must fix: each names the plugin, the place (file and
 * line of a throw, the key of a manifest, the property of a setting) and the fix.
 */
import type { ErrorObject } from 'ajv';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PluginProblem } from './plugin-startup-error.ts';

const MANIFEST_KEYS = [
  'id',
  'apiVersion',
  'displayName',
  'description',
  'stages',
  'providers',
  'settingsSchema',
  'appSettings',
];
const ID_RULE = 'lowercase letters, digits and dashes (e.g. "organizer-by-year")';

/** `/stages/identifier/0` → `.stages.identifier[0]`. */
function pathOf(instancePath: string, extra?: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (extra !== undefined) parts.push(extra);
  return parts
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : /^[A-Za-z_$][\w$-]*$/.test(p) ? `.${p}` : `[${JSON.stringify(p)}]`))
    .join('');
}

function valueAt(root: unknown, instancePath: string): unknown {
  let value = root;
  for (const part of instancePath.split('/').slice(1))
    value = (value as Record<string, unknown> | undefined)?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  return value;
}

function shown(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? 'nothing' : text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** One line per problem of a manifest, each naming its key (`spindle.stages.identifier[0]`). */
export function manifestErrorLines(errors: readonly ErrorObject[], manifest: unknown): string[] {
  const lines: string[] = [];
  for (const e of errors) {
    const at = `spindle${pathOf(e.instancePath)}`;
    const params = e.params as Record<string, unknown>;
    if (e.propertyName !== undefined) {
      if (e.keyword === 'propertyNames') continue; // the nested error says it better
      const group = at.endsWith('.providers') ? 'provider' : 'stage';
      const allowed = (params.allowedValues as string[] | undefined)?.join(', ') ?? '';
      lines.push(`${at}.${e.propertyName}: unknown ${group} kind "${e.propertyName}" (known: ${allowed})`);
    } else if (e.keyword === 'additionalProperties') {
      const key = String(params.additionalProperty);
      const known = e.instancePath === '' ? ` (known keys: ${MANIFEST_KEYS.join(', ')})` : '';
      lines.push(`${at}${pathOf('', key)}: unknown key "${key}"${known}`);
    } else if (e.keyword === 'required') {
      lines.push(`${at}${pathOf('', String(params.missingProperty))}: missing (it is required)`);
    } else if (e.keyword === 'pattern') {
      lines.push(`${at}: ${shown(valueAt(manifest, e.instancePath))} must be ${ID_RULE}`);
    } else {
      lines.push(`${at}: ${shown(valueAt(manifest, e.instancePath))} ${e.message ?? 'is invalid'}`);
    }
  }
  return lines.length > 0 ? lines : ['spindle: is invalid'];
}

/** One line per settings problem, each naming the setting (`plugin_settings.<id>.<key>`). */
export function settingsErrorLines(errors: readonly ErrorObject[], pluginId: string, settings: unknown): string[] {
  const base = `plugin_settings${pathOf('', pluginId)}`;
  return errors.map((e) => {
    const params = e.params as Record<string, unknown>;
    if (e.keyword === 'additionalProperties') {
      const key = String(params.additionalProperty);
      return `${base}${pathOf(e.instancePath, key)}: the plugin has no setting "${key}"`;
    }
    if (e.keyword === 'required')
      return `${base}${pathOf(e.instancePath, String(params.missingProperty))}: missing (the plugin requires it)`;
    return `${base}${pathOf(e.instancePath)}: ${shown(valueAt(settings, e.instancePath))} ${e.message ?? 'is invalid'}`;
  });
}

export function settingsFix(pluginId: string, lines: readonly string[]): string {
  const keys = lines.map((l) => l.split(':')[0]).join(', ');
  return `correct ${keys} (in Settings, or \`spindle config set <key> <value>\`; \`null\` removes a setting so its default applies)`;
}

export interface ThrowPlace {
  /** File relative to the plugin folder, with line (and column). */
  where: string | null;
  /** The error's stack, limited to a few frames. */
  stack: string;
  message: string;
}

/** Where inside the plugin folder a thrown error (or a syntax error) comes from. */
export function throwPlace(error: unknown, pluginDir: string): ThrowPlace {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : message;
  let where: string | null = null;
  for (const match of stack.matchAll(/((?:file:\/\/)?\/[^\s():]+):(\d+)(?::(\d+))?/g)) {
    const raw = match[1]!;
    // file URLs (Node), plain paths, and vite's /@fs/ prefix (a plugin loaded under vitest)
    const file = raw.startsWith('file://') ? fileURLToPath(raw) : raw.replace(/^\/@fs\//, '/');
    const rel = relative(pluginDir, file);
    if (rel.startsWith('..') || rel.startsWith('/') || rel.includes('node_modules')) continue;
    where = `${rel}:${match[2]}${match[3] ? `:${match[3]}` : ''}`;
    break;
  }
  const frames = stack.split('\n').slice(0, 8).join('\n    ');
  return { where, stack: frames, message };
}

/**
 * Node reports a syntax error in an imported ES module without its file and line. Finds them by
 * checking the plugin's JavaScript files with `node --check` (only when such an error happened; at
 * most 200 files, node_modules skipped). TypeScript is transformed by the loader, whose error
 * already names the place.
 */
export function locateSyntaxError(pluginDir: string): string | null {
  const files: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (files.length >= 200 || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(?:m?js)$/.test(entry.name)) files.push(path);
    }
  };
  walk(pluginDir);
  for (const file of files) {
    const check = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8', timeout: 10_000 });
    if (check.status === 0) continue;
    const line = /^(.*):(\d+)\s*$/m.exec(check.stderr ?? '');
    if (line && line[1] === file) return `${relative(pluginDir, file)}:${line[2]}`;
  }
  return null;
}

/** A throw while importing the plugin's entry, or in one of its factories. */
export function codeThrowProblem(options: {
  error: unknown;
  pluginId: string;
  packageName: string;
  dir: string;
  during: string;
  configured: string;
}): PluginProblem {
  const place = throwPlace(options.error, options.dir);
  if (place.where === null && options.error instanceof SyntaxError) place.where = locateSyntaxError(options.dir);
  const missingSdk = /Cannot find (?:package|module) '@spindle\/plugin-sdk/.test(place.message);
  const at = place.where ? ` at ${place.where}` : '';
  return {
    subject: `plugin "${options.pluginId}" (${options.packageName}, ${options.dir})`,
    problem: `${options.during} threw${at}: ${place.message}\n  Stack:\n    ${place.stack}`,
    fix: missingSdk
      ? `run \`npm install @spindle/plugin-sdk\` in ${options.dir}, or put the plugin in Spindle's plugins_path (Spindle provides the SDK there)`
      : `fix the error${place.where ? ` in ${place.where}` : ''} of ${options.dir}, or take "${options.pluginId}" out of ${options.configured} to start without it`,
  };
}
