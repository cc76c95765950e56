/**
 * Where the ripper (makemkvcon) and the media tool (ffmpeg) are looked for: the PATH entries
 * first, then the platform's usual install locations. Everything that depends on the machine
 * (platform, PATH, home directory, the well-known folders) can be injected, so tests search a
 * temp folder instead of the real system.
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export type ToolKind = 'ripper' | 'media_tool';

export interface ToolSearchOptions {
  platform?: NodeJS.Platform;
  /** The PATH value searched (default: process.env.PATH). */
  pathEnv?: string;
  homeDir?: string;
  /**
   * Replaces the platform's well-known install folders (the executable names are still the
   * platform's). Tests point this at temp folders; `[]` searches PATH only.
   */
  knownDirs?: readonly string[];
}

const NAMES: Record<ToolKind, { win32: string[]; posix: string[] }> = {
  ripper: { win32: ['makemkvcon64.exe', 'makemkvcon.exe'], posix: ['makemkvcon'] },
  media_tool: { win32: ['ffmpeg.exe'], posix: ['ffmpeg'] },
};

export function executableNames(kind: ToolKind, platform: NodeJS.Platform): string[] {
  return platform === 'win32' ? NAMES[kind].win32 : NAMES[kind].posix;
}

function pathApi(platform: NodeJS.Platform): path.PlatformPath {
  return platform === 'win32' ? path.win32 : path.posix;
}

/** Full paths of the usual install locations of `kind` on `platform`, most likely first. */
export function wellKnownLocations(kind: ToolKind, platform: NodeJS.Platform, homeDir: string): string[] {
  if (platform === 'win32') {
    if (kind === 'media_tool') return [];
    return ['C:\\Program Files (x86)\\MakeMKV\\makemkvcon64.exe', 'C:\\Program Files\\MakeMKV\\makemkvcon64.exe'];
  }
  if (platform === 'darwin') {
    // Services started by launchd do not inherit the shell's PATH, so Homebrew's folders are listed too.
    if (kind === 'ripper') return ['/Applications/MakeMKV.app/Contents/MacOS/makemkvcon'];
    return ['/opt/homebrew/bin/ffmpeg', '/usr/local/bin/ffmpeg'];
  }
  const dirs = [
    '/usr/bin',
    '/usr/local/bin',
    '/opt/makemkv/bin',
    '/var/lib/flatpak/exports/bin',
    path.posix.join(homeDir, '.local/share/flatpak/exports/bin'),
    '/snap/bin',
  ];
  return dirs.flatMap((dir) => executableNames(kind, platform).map((name) => path.posix.join(dir, name)));
}

/** The absolute folders of a PATH value (relative entries are ignored: they depend on the working directory). */
export function pathDirectories(pathEnv: string, platform: NodeJS.Platform): string[] {
  const api = pathApi(platform);
  return pathEnv
    .split(platform === 'win32' ? ';' : ':')
    .map((dir) => dir.trim().replace(/^"(.*)"$/, '$1'))
    .filter((dir) => dir !== '' && api.isAbsolute(dir));
}

/** Every place `kind` is looked for, in order, without duplicates: PATH entries, then well-known locations. */
export function toolCandidates(kind: ToolKind, options: ToolSearchOptions = {}): string[] {
  const platform = options.platform ?? process.platform;
  const api = pathApi(platform);
  const names = executableNames(kind, platform);
  const pathDirs = pathDirectories(options.pathEnv ?? process.env.PATH ?? '', platform);
  const known = options.knownDirs
    ? options.knownDirs.flatMap((dir) => names.map((name) => api.join(dir, name)))
    : wellKnownLocations(kind, platform, options.homeDir ?? os.homedir());
  const all = [...pathDirs.flatMap((dir) => names.map((name) => api.join(dir, name))), ...known];
  const seen = new Set<string>();
  return all.filter((file) => {
    const key = platform === 'win32' ? file.toLowerCase() : file;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Null when `file` is a regular file this process may execute; otherwise why not. */
export async function executableProblem(
  file: string,
  platform: NodeJS.Platform = process.platform,
): Promise<string | null> {
  if (!pathApi(platform).isAbsolute(file)) return `"${file}" is not an absolute path`;
  const info = await stat(file).catch(() => null);
  if (info === null) return `${file} does not exist`;
  if (!info.isFile()) return `${file} is not a file`;
  if (platform === 'win32') return null;
  const runnable = await access(file, constants.X_OK).then(
    () => true,
    () => false,
  );
  return runnable ? null : `${file} is not executable (check its permissions)`;
}

/** The first candidate that exists and is executable, or null. */
export async function findTool(kind: ToolKind, options: ToolSearchOptions = {}): Promise<string | null> {
  const platform = options.platform ?? process.platform;
  for (const file of toolCandidates(kind, options)) {
    if ((await executableProblem(file, platform)) === null) return file;
  }
  return null;
}

/** The first executable called one of `names` in the PATH folders, or null. */
export async function findOnPath(names: readonly string[], options: ToolSearchOptions = {}): Promise<string | null> {
  const platform = options.platform ?? process.platform;
  const api = pathApi(platform);
  for (const dir of pathDirectories(options.pathEnv ?? process.env.PATH ?? '', platform)) {
    for (const name of names) {
      const file = api.join(dir, name);
      if ((await executableProblem(file, platform)) === null) return file;
    }
  }
  return null;
}
