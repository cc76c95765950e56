/**
 * Finds makemkvcon: the `ripper_path` setting when set; otherwise PATH, then the usual install
 * locations of the platform (the same places the core's tool detection searches).
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RipperError, type StageContext } from '@spindle/plugin-sdk';

export const RIPPER_PATH_SETTING = 'ripper_path';

export interface LookupEnvironment {
  platform: NodeJS.Platform;
  pathEnv: string;
  homeDir: string;
}

const here = (): LookupEnvironment => ({
  platform: process.platform,
  pathEnv: process.env.PATH ?? '',
  homeDir: os.homedir(),
});

export function executableNames(platform: NodeJS.Platform): string[] {
  return platform === 'win32' ? ['makemkvcon64.exe', 'makemkvcon.exe'] : ['makemkvcon'];
}

/** Every candidate path in search order: PATH folders, then the platform's install locations. */
export function candidatePaths(env: LookupEnvironment = here()): string[] {
  const api = env.platform === 'win32' ? path.win32 : path.posix;
  const names = executableNames(env.platform);
  const pathDirs = env.pathEnv
    .split(env.platform === 'win32' ? ';' : ':')
    .map((d) => d.trim().replace(/^"(.*)"$/, '$1'))
    .filter((d) => d !== '' && api.isAbsolute(d));
  let known: string[];
  if (env.platform === 'win32')
    known = ['C:\\Program Files (x86)\\MakeMKV\\makemkvcon64.exe', 'C:\\Program Files\\MakeMKV\\makemkvcon64.exe'];
  else if (env.platform === 'darwin') known = ['/Applications/MakeMKV.app/Contents/MacOS/makemkvcon'];
  else {
    const dirs = [
      '/usr/bin',
      '/usr/local/bin',
      '/opt/makemkv/bin',
      '/var/lib/flatpak/exports/bin',
      api.join(env.homeDir, '.local/share/flatpak/exports/bin'),
      '/snap/bin',
    ];
    known = dirs.flatMap((d) => names.map((n) => api.join(d, n)));
  }
  const all = [...pathDirs.flatMap((d) => names.map((n) => api.join(d, n))), ...known];
  return [...new Set(all)];
}

export async function isExecutableFile(file: string, platform: NodeJS.Platform = process.platform): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return false;
  if (platform === 'win32') return true;
  return access(file, constants.X_OK).then(
    () => true,
    () => false,
  );
}

/** The makemkvcon to run, or a RipperError saying how to fix it. */
export async function locateMakemkvcon(
  ctx: Pick<StageContext, 'setting'>,
  env: LookupEnvironment = here(),
): Promise<string> {
  const configured = ctx.setting(RIPPER_PATH_SETTING);
  if (typeof configured === 'string' && configured.trim() !== '') {
    if (await isExecutableFile(configured, env.platform)) return configured;
    throw new RipperError(
      'ripper_not_found',
      `makemkvcon was not found at "${configured}" (ripper_path); install MakeMKV or correct ripper_path`,
    );
  }
  for (const candidate of candidatePaths(env)) {
    if (await isExecutableFile(candidate, env.platform)) return candidate;
  }
  throw new RipperError(
    'ripper_not_found',
    'makemkvcon was not found on PATH or in the usual install folders; install MakeMKV or set ripper_path to the makemkvcon executable',
  );
}
