/**
 * The server-level settings of the trust boundary (read with the other server settings, from the
 * environment or `.env`, never from the HTTP API):
 * - `ALLOWED_HOSTS`: extra host names (or addresses) the `Host` header may carry, comma- or
 *   space-separated. Loopback names, the bind address and (when bound to a wildcard) this
 *   machine's own addresses are always allowed.
 * - `AUTH`: `auto` (default: a login is required when HOST is not a loopback address),
 *   `required` (a login even on loopback) or `none` (no login anywhere; for people behind their
 *   own authenticating reverse proxy).
 * - `SPINDLE_PASSWORD`: the login password; when set, its scrypt hash replaces the stored one at
 *   every start.
 */
import { ConfigurationError } from '@spindle/plugin-sdk';

export type AuthMode = 'auto' | 'required' | 'none';

export interface AccessSettings {
  allowedHosts: string[];
  auth: AuthMode;
  /** From SPINDLE_PASSWORD; a secret (blanked out of logs, never answered). */
  password: string | null;
}

const AUTH_MODES: readonly AuthMode[] = ['auto', 'required', 'none'];
/** A DNS name or an IPv4/IPv6 literal (IPv6 with or without brackets). */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*\.?$/i;
const IPV6 = /^\[?[0-9a-f:.]+\]?$/i;

function invalid(variable: string, problem: string): ConfigurationError {
  return new ConfigurationError('invalid_server_setting', `${variable} ${problem}`, { details: { variable } });
}

export function parseAllowedHosts(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  const names = raw.split(/[\s,]+/).filter(Boolean);
  for (const name of names) {
    if (!HOST_NAME.test(name) && !(name.includes(':') && IPV6.test(name))) {
      throw invalid(
        'ALLOWED_HOSTS',
        `must list host names or addresses without scheme, port or path (e.g. ALLOWED_HOSTS=nas.local,192.168.1.20), got "${name}"`,
      );
    }
  }
  return names.map((n) =>
    n
      .toLowerCase()
      .replace(/^\[|\]$/g, '')
      .replace(/\.$/, ''),
  );
}

export function parseAuthMode(raw: string | undefined): AuthMode {
  if (raw === undefined) return 'auto';
  const mode = raw.toLowerCase() as AuthMode;
  if (!AUTH_MODES.includes(mode)) throw invalid('AUTH', `must be one of ${AUTH_MODES.join(', ')}, got "${raw}"`);
  return mode;
}

export function parsePassword(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  if (raw.length < 8) throw invalid('SPINDLE_PASSWORD', 'must be at least 8 characters long');
  return raw;
}

/** Reads the access settings with the server settings' lookup (environment, then `.env`). */
export function readAccessSettings(lookup: (name: string) => string | undefined): AccessSettings {
  return {
    allowedHosts: parseAllowedHosts(lookup('ALLOWED_HOSTS')),
    auth: parseAuthMode(lookup('AUTH')),
    password: parsePassword(lookup('SPINDLE_PASSWORD')),
  };
}
