/**
 * The check a tool path named in a request body passes before Spindle runs it (POST
 * /api/validate/ripper, /api/validate/media-tool): nothing that arrives over HTTP picks an
 * executable to run unchecked. The path must be absolute and name a regular executable file
 * whose name (and whose real name, after symlinks) is the expected tool's, that is not writable by
 * everyone, sits in a folder not writable by everyone, and belongs to root or to the user Spindle
 * runs as. Configured and auto-detected paths are the owner's choice and skip this check.
 */
import { constants } from 'node:fs';
import { access, lstat, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ToolKind } from './tool-locations.ts';

export const EXPECTED_TOOL_NAMES: Record<ToolKind, readonly string[]> = {
  ripper: ['makemkvcon', 'makemkvcon64'],
  media_tool: ['ffmpeg', 'ffprobe'],
};

function toolName(file: string, platform: NodeJS.Platform): string {
  const api = platform === 'win32' ? path.win32 : path.posix;
  const base = api.basename(file);
  return platform === 'win32' ? base.toLowerCase().replace(/\.exe$/, '') : base;
}

/** Why `file` may not be run as `kind` on behalf of a request, or null when it may. */
export async function untrustedToolPathProblem(
  file: string,
  kind: ToolKind,
  platform: NodeJS.Platform = process.platform,
): Promise<string | null> {
  const api = platform === 'win32' ? path.win32 : path.posix;
  if (!api.isAbsolute(file)) return `"${file}" is not an absolute path`;
  const names = EXPECTED_TOOL_NAMES[kind];
  const expected = names.join(' or ');
  if (!names.includes(toolName(file, platform))) return `${file} was not run: the file must be called ${expected}`;
  if ((await lstat(file).catch(() => null)) === null) return `${file} does not exist`;
  const real = await realpath(file).catch(() => null);
  const info = real ? await stat(real).catch(() => null) : null;
  if (real === null || info === null) return `${file} does not exist`;
  if (!info.isFile()) return `${file} is not a file`;
  if (!names.includes(toolName(real, platform)))
    return `${file} was not run: it leads to ${real}, which is not called ${expected}`;
  if (platform !== 'win32') {
    if ((info.mode & 0o002) !== 0) return `${file} was not run: everyone may write to it (chmod o-w ${real})`;
    const folder = await stat(api.dirname(real)).catch(() => null);
    if (folder && (folder.mode & 0o002) !== 0 && (folder.mode & 0o1000) === 0)
      return `${file} was not run: everyone may write to the folder ${api.dirname(real)}`;
    const uid = process.getuid?.();
    if (uid !== undefined && info.uid !== 0 && info.uid !== uid)
      return `${file} was not run: it belongs to another user (uid ${info.uid})`;
  }
  const runnable = await access(real, constants.X_OK).then(
    () => true,
    () => false,
  );
  return runnable ? null : `${file} is not executable (check its permissions)`;
}
