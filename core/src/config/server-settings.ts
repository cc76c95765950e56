/**
 * Server-level settings (never AppConfig fields). Each variable is read from the process
 * environment first, then from a `.env` file in the working directory, then the default.
 * An empty value counts as unset. Invalid values throw a ConfigurationError naming the variable.
 */
import os from 'node:os';
import path from 'node:path';
import { ConfigurationError, errorMessage } from '@spindle/plugin-sdk';
import { readAccessSettings, type AccessSettings } from '../auth/access-settings.ts';
import { resolveDatabasePath } from '../persistence/database-url.ts';
import { resolveDataDir } from './data-dir.ts';
import { readDotenvFile } from './dotenv-file.ts';
import { readConfinementSettings, type ConfinementSettings } from './confinement-settings.ts';

/** Besides these: ALLOWED_HOSTS, AUTH and SPINDLE_PASSWORD (the trust boundary; see access-settings.ts). */
export interface ServerSettings extends AccessSettings, ConfinementSettings {
  host: string;
  port: number;
  debug: boolean;
  /** As configured (or the default `sqlite://<dataDir>/spindle.db`); see openDatabase. */
  databaseUrl: string;
  dataDir: string;
  /** Base URL of the fingerprint network, without a trailing slash; null when not configured. */
  fingerprintServerUrl: string | null;
  fingerprintUploadIntervalSeconds: number;
}

export interface LoadServerSettingsOptions {
  env?: Readonly<Record<string, string | undefined>>;
  cwd?: string;
  platform?: NodeJS.Platform;
  homedir?: string;
}

export const SERVER_DEFAULTS = {
  host: '127.0.0.1',
  port: 8000,
  debug: false,
  databaseFile: 'spindle.db',
  fingerprintUploadIntervalSeconds: 3600,
} as const;

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

export function loadServerSettings(options: LoadServerSettingsOptions = {}): ServerSettings {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const platform = options.platform ?? process.platform;
  const dotenv = readDotenvFile(cwd);
  const lookup = (name: string): string | undefined => {
    for (const source of [env[name], dotenv[name]]) {
      const value = source?.trim();
      if (value) return value;
    }
    return undefined;
  };

  const dataDir = resolveDataDir({
    platform,
    homedir: options.homedir ?? os.homedir(),
    cwd,
    env: {
      SPINDLE_DATA_DIR: lookup('SPINDLE_DATA_DIR'),
      XDG_DATA_HOME: lookup('XDG_DATA_HOME'),
      APPDATA: lookup('APPDATA'),
    },
  });
  const databaseUrl = lookup('DATABASE_URL') ?? defaultDatabaseUrl(dataDir, platform);
  try {
    resolveDatabasePath(databaseUrl, dataDir);
  } catch (cause) {
    // resolveDatabasePath's messages already name DATABASE_URL.
    const message = errorMessage(cause);
    throw new ConfigurationError('invalid_server_setting', message, { cause, details: { variable: 'DATABASE_URL' } });
  }

  return {
    host: lookup('HOST') ?? SERVER_DEFAULTS.host,
    port: parsePort(lookup('PORT')),
    debug: parseBoolean('DEBUG', lookup('DEBUG'), SERVER_DEFAULTS.debug),
    databaseUrl,
    dataDir,
    fingerprintServerUrl: parseHttpUrl('FINGERPRINT_SERVER_URL', lookup('FINGERPRINT_SERVER_URL')),
    fingerprintUploadIntervalSeconds: parsePositiveNumber(
      'FINGERPRINT_UPLOAD_INTERVAL_SECONDS',
      lookup('FINGERPRINT_UPLOAD_INTERVAL_SECONDS'),
      SERVER_DEFAULTS.fingerprintUploadIntervalSeconds,
    ),
    ...readAccessSettings(lookup),
    ...readConfinementSettings(lookup, platform, parseBoolean),
  };
}

function defaultDatabaseUrl(dataDir: string, platform: NodeJS.Platform): string {
  const file = (platform === 'win32' ? path.win32 : path.posix).join(dataDir, SERVER_DEFAULTS.databaseFile);
  return file.startsWith('/') ? `sqlite://${file}` : `sqlite:///${file}`;
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return SERVER_DEFAULTS.port;
  const port = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw invalid('PORT', `must be an integer between 0 and 65535, got "${raw}"`);
  }
  return port;
}

function parseBoolean(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  const word = raw.toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  throw invalid(name, `must be true/false (or 1/0), got "${raw}"`);
}

function parsePositiveNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value) || value <= 0) throw invalid(name, `must be a positive number of seconds, got "${raw}"`);
  return value;
}

function parseHttpUrl(name: string, raw: string | undefined): string | null {
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(name, `must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalid(name, `must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

function invalid(variable: string, problem: string): ConfigurationError {
  return new ConfigurationError('invalid_server_setting', `${variable} ${problem}`, { details: { variable } });
}
