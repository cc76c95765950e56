/**
 * Can a disc go through? The checks behind the setup wizard's last step and the start-up summary:
 * a real test write into the staging folder and each library folder (a file created, written,
 * read back and removed), MakeMKV's version and licence from its robot output, ffmpeg's version and
 * its chromaprint muxer, and whether the catalog (TMDB) key works. `ready` is true only when
 * nothing blocking is missing; each check says what is wrong and where to fix it.
 * The start-up summary runs the light form (thorough: false): the folders' write permission is
 * asked of the system (no file is created), the tools are located but not run, and TMDB is not asked.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, open, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { CatalogProvider } from '@spindle/plugin-sdk';
import type { AppConfig } from '../config/app-config-fields.ts';
import { validateMediaTool } from '../tools/media-tool-validation.ts';
import { validateRipper } from '../tools/ripper-validation.ts';
import { executableProblem, findTool, type ToolSearchOptions } from '../tools/tool-locations.ts';
import { errorMessage } from '@spindle/plugin-sdk';

export type CheckId = 'staging' | 'library_movies' | 'library_tv' | 'ripper' | 'media_tool' | 'catalog';

export interface ReadinessCheck {
  id: CheckId;
  label: string;
  /** ok: usable; missing: not set up; problem: set up but not working; optional: not set up and not needed. */
  state: 'ok' | 'missing' | 'problem' | 'optional';
  /** What was found, or what is wrong, in the user's words. */
  detail: string;
  /** Where to fix it; null when nothing needs fixing. */
  fix: string | null;
  version: string | null;
  /** MakeMKV's licence state (registered, evaluation, expired, unknown); null for the others. */
  license: string | null;
}

export interface Readiness {
  /** A disc could go through: no check is missing or a problem. */
  ready: boolean;
  checks: ReadinessCheck[];
}

export interface ReadinessDeps {
  config: AppConfig;
  catalog: CatalogProvider | null;
  /** The wizard's checks: a real test write, the tools run, TMDB asked. False: the light start-up form. */
  thorough: boolean;
  search?: ToolSearchOptions;
  timeoutMs?: number;
}

const check = (
  id: CheckId,
  label: string,
  state: ReadinessCheck['state'],
  detail: string,
  fix: string | null,
  extra: Partial<ReadinessCheck> = {},
): ReadinessCheck => ({
  id,
  label,
  state,
  detail,
  fix,
  version: null,
  license: null,
  ...extra,
});

const reason = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'Spindle is not allowed to write there';
  if (code === 'EROFS') return 'the folder is on a read-only file system';
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'ENOENT') return 'the folder does not exist';
  return errorMessage(error);
};

/** Creates, writes, reads back and removes a small file in `dir`. Null when that worked, else why not. */
export async function testWrite(dir: string): Promise<string | null> {
  try {
    if (!(await stat(dir)).isDirectory()) return 'it is not a folder';
  } catch (error) {
    return reason(error);
  }
  const file = join(dir, `.spindle-write-test-${randomBytes(6).toString('hex')}`);
  const content = `spindle write test ${new Date().toISOString()}`;
  let created = false;
  try {
    const handle = await open(file, 'wx', 0o600);
    created = true;
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if ((await readFile(file, 'utf8')) !== content) return 'a file written there read back differently';
    return null;
  } catch (error) {
    return reason(error);
  } finally {
    // Only the file this check made: 'wx' refuses one that was already there, and that one is not Spindle's.
    if (created) await rm(file, { force: true }).catch(() => undefined);
  }
}

const FOLDERS_FIX = 'choose the folder in the setup wizard or under Settings → Folders';

/** Whether the system says this process may write into `dir` (read-only mounts included). */
async function writePermission(dir: string): Promise<string | null> {
  try {
    if (!(await stat(dir)).isDirectory()) return 'it is not a folder';
    await access(dir, constants.W_OK);
    return null;
  } catch (error) {
    return reason(error);
  }
}

async function folderCheck(
  id: CheckId,
  label: string,
  path: string | null,
  required: boolean,
  thorough: boolean,
): Promise<ReadinessCheck> {
  if (!path) return check(id, label, required ? 'missing' : 'optional', 'not set', required ? FOLDERS_FIX : null);
  const problem = thorough ? await testWrite(path) : await writePermission(path);
  if (problem === null) return check(id, label, 'ok', thorough ? `${path} (test write passed)` : path, null);
  return check(
    id,
    label,
    'problem',
    `${path}: ${problem}`,
    `give Spindle's user write access to ${path}, or ${FOLDERS_FIX}`,
  );
}

const RIPPER_MISSING = 'install MakeMKV (makemkvcon), or set RIPPER_PATH on the machine and restart Spindle';
const MEDIA_TOOL_MISSING =
  'install ffmpeg (with chromaprint), or set MEDIA_TOOL_PATH on the machine and restart Spindle';

/** The light check of a tool: found and executable, not run. */
async function located(
  id: CheckId,
  label: string,
  file: string | null,
  missingFix: string,
  problemFix: string,
  deps: ReadinessDeps,
): Promise<ReadinessCheck> {
  if (file === null) return check(id, label, 'missing', 'not found on this machine', missingFix);
  const problem = await executableProblem(file, deps.search?.platform ?? process.platform);
  return problem === null
    ? check(id, label, 'ok', `found at ${file}`, null)
    : check(id, label, 'problem', problem, problemFix);
}

async function ripperCheck(deps: ReadinessDeps): Promise<ReadinessCheck> {
  const file = deps.config.ripper_path ?? (await findTool('ripper', deps.search ?? {}));
  if (!deps.thorough) return located('ripper', 'MakeMKV', file, RIPPER_MISSING, 'check RIPPER_PATH', deps);
  const result = await validateRipper(file, {
    keyConfigured: deps.config.ripper_key !== null,
    ...(deps.search?.homeDir ? { homeDir: deps.search.homeDir } : {}),
    ...(deps.search?.platform ? { platform: deps.search.platform } : {}),
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
  });
  const extra = { version: result.version, license: result.license };
  if (file === null) return check('ripper', 'MakeMKV', 'missing', 'not found on this machine', RIPPER_MISSING, extra);
  if (!result.valid)
    return check(
      'ripper',
      'MakeMKV',
      'problem',
      result.message,
      result.license === 'expired'
        ? 'install the latest MakeMKV or enter a registration key under Tools'
        : 'check the MakeMKV installation (RIPPER_PATH)',
      extra,
    );
  const licence =
    result.license === 'registered'
      ? 'registered'
      : result.license === 'evaluation'
        ? 'evaluation period (no key)'
        : 'licence state unknown';
  return check('ripper', 'MakeMKV', 'ok', `MakeMKV ${result.version} at ${file}, ${licence}`, null, extra);
}

async function mediaToolCheck(deps: ReadinessDeps): Promise<ReadinessCheck> {
  const file = deps.config.media_tool_path ?? (await findTool('media_tool', deps.search ?? {}));
  if (!deps.thorough) return located('media_tool', 'ffmpeg', file, MEDIA_TOOL_MISSING, 'check MEDIA_TOOL_PATH', deps);
  const result = await validateMediaTool(file, {
    ...(deps.search?.platform ? { platform: deps.search.platform } : {}),
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
  });
  const extra = { version: result.version };
  if (file === null)
    return check('media_tool', 'ffmpeg', 'missing', 'not found on this machine', MEDIA_TOOL_MISSING, extra);
  if (!result.valid)
    return check(
      'media_tool',
      'ffmpeg',
      'problem',
      result.message,
      'install an ffmpeg build with chromaprint (MEDIA_TOOL_PATH)',
      extra,
    );
  return check('media_tool', 'ffmpeg', 'ok', `ffmpeg ${result.version} at ${file}`, null, extra);
}

const CATALOG_FIX = 'enter the TMDB API Read Access Token in the setup wizard or under Settings → Identification';

async function catalogCheck(deps: ReadinessDeps): Promise<ReadinessCheck> {
  const catalog = deps.catalog;
  if (!catalog)
    return check(
      'catalog',
      'TMDB',
      'optional',
      'no catalog is configured; titles are named from durations and the volume label',
      null,
    );
  let status = catalog.status();
  if (status.configured === false)
    return check(
      'catalog',
      'TMDB',
      'optional',
      'no key yet; titles are named from durations and the volume label, less surely',
      CATALOG_FIX,
    );
  if (status.healthy && deps.thorough) {
    try {
      await catalog.searchMovies('Spindle');
    } catch (error) {
      status = catalog.status();
      if (status.healthy)
        return check(
          'catalog',
          'TMDB',
          'problem',
          `TMDB could not be asked: ${errorMessage(error)}`,
          'check the network connection, then check again',
        );
    }
    status = catalog.status();
  }
  if (!status.healthy)
    return check('catalog', 'TMDB', 'problem', status.message ?? 'the key is not accepted', CATALOG_FIX);
  return check('catalog', 'TMDB', 'ok', deps.thorough ? 'the key works' : 'a key is set', null);
}

export async function checkReadiness(deps: ReadinessDeps): Promise<Readiness> {
  const { config } = deps;
  const noLibrary = !config.library_movies_path && !config.library_tv_path;
  const checks = await Promise.all([
    folderCheck('staging', 'Staging folder', config.staging_path, true, deps.thorough),
    folderCheck('library_movies', 'Movies library', config.library_movies_path, noLibrary, deps.thorough),
    folderCheck('library_tv', 'TV library', config.library_tv_path, noLibrary, deps.thorough),
    ripperCheck(deps),
    mediaToolCheck(deps),
    catalogCheck(deps),
  ]);
  return { ready: checks.every((c) => c.state === 'ok' || c.state === 'optional'), checks };
}
