/**
 * Keeps MakeMKV's own settings file in step with `ripper_key`: when the key is set through
 * PUT /api/config, the `app_Key = "…"` line of settings.conf is updated (or added) and every other
 * line is kept byte for byte (line endings and a missing final newline included). Clearing the
 * key removes the line only when it holds the key Spindle wrote, never a key installed otherwise.
 *
 * Where the file is: `$SPINDLE_MAKEMKV_DATA_DIR/settings.conf` when that variable is set (tests,
 * unusual installs); on Windows `%APPDATA%\MakeMKV\settings.conf`; elsewhere
 * `$HOME/.MakeMKV/settings.conf`. The key is never logged.
 */
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '@spindle/plugin-sdk';
import type { ConfigService } from '../config/config-service.ts';

export const SETTINGS_DIR_ENV = 'SPINDLE_MAKEMKV_DATA_DIR';

export interface SettingsFileLocation {
  env?: Record<string, string | undefined>;
  platform?: NodeJS.Platform;
  homeDir?: string;
}

/** The settings.conf MakeMKV reads on this machine. */
export function makemkvSettingsPath(location: SettingsFileLocation = {}): string {
  const env = location.env ?? process.env;
  const platform = location.platform ?? process.platform;
  const api = platform === 'win32' ? path.win32 : path.posix;
  const override = env[SETTINGS_DIR_ENV];
  if (override) return api.join(override, 'settings.conf');
  if (platform === 'win32') {
    const appData = env.APPDATA ?? api.join(location.homeDir ?? os.homedir(), 'AppData', 'Roaming');
    return api.join(appData, 'MakeMKV', 'settings.conf');
  }
  return api.join(env.HOME ?? location.homeDir ?? os.homedir(), '.MakeMKV', 'settings.conf');
}

const KEY_LINE = /^[ \t]*app_Key[ \t]*=/;

/** Splits text into lines that keep their own terminator (`\r\n`, `\n`, or none for the last). */
function linesWithEndings(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** The value of the first `app_Key` line, or null. */
export function readAppKey(text: string): string | null {
  for (const line of linesWithEndings(text)) {
    if (!KEY_LINE.test(line)) continue;
    const value = line
      .slice(line.indexOf('=') + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    return value === '' ? null : value;
  }
  return null;
}

/**
 * `text` with its `app_Key` line set to `key` (added at the end when missing; further `app_Key`
 * lines dropped) or removed (`key` null). All other lines are returned unchanged.
 */
export function withAppKey(text: string, key: string | null): string {
  const lines = linesWithEndings(text);
  const eol = lines.find((l) => l.endsWith('\r\n')) ? '\r\n' : '\n';
  const out: string[] = [];
  let written = false;
  for (const line of lines) {
    if (!KEY_LINE.test(line)) {
      out.push(line);
      continue;
    }
    if (key !== null && !written) {
      const ending = line.endsWith('\r\n') ? '\r\n' : line.endsWith('\n') ? '\n' : '';
      out.push(`app_Key = "${key}"${ending}`);
      written = true;
    }
  }
  if (key !== null && !written) {
    if (out.length > 0 && !out.at(-1)!.endsWith('\n')) out.push(eol);
    out.push(`app_Key = "${key}"${eol}`);
  }
  return out.join('');
}

/** Writes the key into settings.conf (atomically, owner-only permissions). Returns the file. */
export async function writeMakemkvKey(
  key: string | null,
  options: SettingsFileLocation & { previousKey?: string | null } = {},
): Promise<string | null> {
  const file = makemkvSettingsPath(options);
  const current = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (key === null) {
    if (current === null || options.previousKey == null || readAppKey(current) !== options.previousKey) return null;
  } else if (current !== null && readAppKey(current) === key) {
    return file;
  }
  const next = withAppKey(current ?? '', key);
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, next, { mode: 0o600 });
  await rename(temp, file);
  await chmod(file, 0o600).catch(() => undefined);
  return file;
}

/**
 * Writes `ripper_key` into MakeMKV's settings.conf whenever it changes through the configuration
 * (and once at startup when a configured key is missing from the file). Failures are logged,
 * without the key, and never fail the configuration update.
 */
export function registerMakemkvSettingsSync(
  config: ConfigService,
  options: { logger: Logger; env?: Record<string, string | undefined> },
): () => void {
  const location: SettingsFileLocation = { ...(options.env ? { env: options.env } : {}) };
  let previous = config.get().ripper_key;
  const sync = async (key: string | null) => {
    try {
      const file = await writeMakemkvKey(key, { ...location, previousKey: previous });
      if (file)
        options.logger.info(
          key === null ? `removed the MakeMKV registration key from ${file}` : `MakeMKV registration key is in ${file}`,
        );
    } catch (error) {
      options.logger.warn(
        `could not update MakeMKV's settings file ${makemkvSettingsPath(location)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
    previous = key;
  };
  if (previous !== null) void sync(previous);
  return config.onChange(async (changed, next) => {
    if (changed.includes('ripper_key')) await sync(next.ripper_key);
  });
}
