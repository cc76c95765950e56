/**
 * The staging folder and the library roots are folders of their own: never `/`, the home folder
 * or a system folder, never inside the system's program folders, and the staging folder never
 * overlaps a library root (the library roots may not be nested either). Compared by real path,
 * so a symlink cannot hide a forbidden folder. A refusal is a 400 naming the field.
 */
import { realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig, AppConfigField } from './app-config-fields.ts';
import { invalidConfig } from './config-validation.ts';

export const FOLDER_ROOT_FIELDS: AppConfigField[] = ['staging_path', 'library_movies_path', 'library_tv_path'];

/** Folders that may not be a root themselves. */
const POSIX_NOT_THEMSELVES = [
  '/',
  '/home',
  '/root',
  '/Users',
  '/opt',
  '/run',
  '/tmp',
  '/var',
  '/var/tmp',
  '/var/lib',
  '/usr/local',
  '/private',
  '/private/tmp',
  '/private/var',
  '/Volumes',
  '/Applications',
  '/Library',
  '/System',
];
/** Folders nothing may be inside of (programs, devices, kernel views, system configuration). */
const POSIX_NOTHING_INSIDE = [
  '/bin',
  '/boot',
  '/dev',
  '/etc',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/proc',
  '/sbin',
  '/sys',
  '/usr',
  '/snap',
  '/System',
  '/private/etc',
];

function windowsSystemFolders(env: NodeJS.ProcessEnv): string[] {
  return [
    env.SystemRoot ?? 'C:\\Windows',
    env.ProgramFiles ?? 'C:\\Program Files',
    env['ProgramFiles(x86)'] ?? 'C:\\Program Files (x86)',
    env.ProgramData ?? 'C:\\ProgramData',
  ];
}

const real = async (folder: string): Promise<string> => realpath(folder).catch(() => path.resolve(folder));

function contains(parent: string, child: string, api: path.PlatformPath): boolean {
  const rel = api.relative(parent, child);
  return rel !== '' && !rel.startsWith('..') && !api.isAbsolute(rel);
}

const same = (a: string, b: string, platform: NodeJS.Platform) =>
  platform === 'win32' ? a.toLowerCase() === b.toLowerCase() : a === b;

/** Why `folder` (a real path) cannot be a staging or library root, or null. */
export async function forbiddenRootProblem(
  folder: string,
  platform: NodeJS.Platform = process.platform,
  home = os.homedir(),
): Promise<string | null> {
  const api = platform === 'win32' ? path.win32 : path.posix;
  if (same(folder, api.parse(folder).root, platform)) return `${folder} is the root of the file system`;
  if (home && same(folder, await real(home), platform)) return `${folder} is the home folder`;
  if (platform === 'win32') {
    for (const system of windowsSystemFolders(process.env)) {
      if (same(folder, system, platform) || contains(system.toLowerCase(), folder.toLowerCase(), api))
        return `${folder} is a system folder`;
    }
    return null;
  }
  for (const system of POSIX_NOTHING_INSIDE) {
    const resolved = await real(system);
    if (
      same(folder, system, platform) ||
      same(folder, resolved, platform) ||
      contains(system, folder, api) ||
      contains(resolved, folder, api)
    ) {
      return `${folder} is ${same(folder, system, platform) || same(folder, resolved, platform) ? 'a system folder' : `inside the system folder ${system}`}`;
    }
  }
  for (const system of POSIX_NOT_THEMSELVES) {
    if (same(folder, system, platform) || same(folder, await real(system), platform))
      return `${folder} is a system folder`;
  }
  return null;
}

/**
 * Checks the folder roots of the configuration about to be stored; `changed` says which fields
 * this write changes (a problem is reported against one of them).
 */
export async function assertSafeFolderRoots(
  next: AppConfig,
  changed: readonly AppConfigField[],
  platform: NodeJS.Platform = process.platform,
): Promise<void> {
  const api = platform === 'win32' ? path.win32 : path.posix;
  const roots = new Map<AppConfigField, string>();
  for (const field of FOLDER_ROOT_FIELDS) {
    const value = next[field];
    if (typeof value === 'string' && value !== '') roots.set(field, await real(value));
  }
  for (const field of changed) {
    const folder = roots.get(field);
    if (folder === undefined) continue;
    const problem = await forbiddenRootProblem(folder, platform);
    if (problem)
      throw invalidConfig(field, `Invalid value for "${field}": ${problem}; choose a folder of its own for Spindle`);
  }
  const staging = roots.get('staging_path');
  for (const library of ['library_movies_path', 'library_tv_path'] as const) {
    const folder = roots.get(library);
    if (staging === undefined || folder === undefined) continue;
    if (same(staging, folder, platform) || contains(staging, folder, api) || contains(folder, staging, api)) {
      const field = changed.includes('staging_path') ? 'staging_path' : library;
      throw invalidConfig(
        field,
        `Invalid value for "${field}": staging_path (${staging}) and ${library} (${folder}) overlap; they must be separate folders`,
      );
    }
  }
  const movies = roots.get('library_movies_path');
  const tv = roots.get('library_tv_path');
  if (movies !== undefined && tv !== undefined && (contains(movies, tv, api) || contains(tv, movies, api))) {
    const field = changed.includes('library_tv_path') ? 'library_tv_path' : 'library_movies_path';
    throw invalidConfig(
      field,
      `Invalid value for "${field}": library_movies_path (${movies}) and library_tv_path (${tv}) are nested; use separate folders (or the same one)`,
    );
  }
}
