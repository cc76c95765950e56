/**
 * The server-level settings of the access-control work on paths, executables and outgoing
 * requests, read by loadServerSettings from the environment or `.env`:
 *
 * - `RIPPER_PATH`, `MEDIA_TOOL_PATH`: makemkvcon and ffmpeg (absolute paths). They win over a stored
 *   value; the HTTP API never changes them.
 * - `IMPORT_ROOTS`: folders (separated by the platform's path delimiter, `:` or `;`) that imports may
 *   come from besides `staging_path`.
 * - `ALLOW_LINK_LOCAL_REQUESTS`: let plugins reach link-local and cloud-metadata addresses
 *   (169.254.0.0/16, fe80::/10, metadata.google.internal, …); off by default.
 */
import path from 'node:path';
import { ConfigurationError } from '@spindle/plugin-sdk';

export interface ConfinementSettings {
  ripperPath: string | null;
  mediaToolPath: string | null;
  importRoots: string[];
  allowLinkLocalRequests: boolean;
}

const invalid = (variable: string, problem: string) =>
  new ConfigurationError('invalid_server_setting', `${variable} ${problem}`, { details: { variable } });

function absolutePath(variable: string, raw: string | undefined, platform: NodeJS.Platform): string | null {
  if (raw === undefined) return null;
  const api = platform === 'win32' ? path.win32 : path.posix;
  if (!api.isAbsolute(raw)) throw invalid(variable, `must be an absolute path, got "${raw}"`);
  return api.normalize(raw);
}

export function readConfinementSettings(
  lookup: (name: string) => string | undefined,
  platform: NodeJS.Platform,
  parseBoolean: (name: string, raw: string | undefined, fallback: boolean) => boolean,
): ConfinementSettings {
  const rootsRaw = lookup('IMPORT_ROOTS');
  const importRoots = (rootsRaw ?? '')
    .split(platform === 'win32' ? ';' : ':')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => absolutePath('IMPORT_ROOTS', entry, platform)!);
  return {
    ripperPath: absolutePath('RIPPER_PATH', lookup('RIPPER_PATH'), platform),
    mediaToolPath: absolutePath('MEDIA_TOOL_PATH', lookup('MEDIA_TOOL_PATH'), platform),
    importRoots,
    allowLinkLocalRequests: parseBoolean('ALLOW_LINK_LOCAL_REQUESTS', lookup('ALLOW_LINK_LOCAL_REQUESTS'), false),
  };
}
