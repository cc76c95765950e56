/**
 * The per-user data directory ({data_dir} in the spec): database, caches, logs.
 * Pure: the platform, environment and home directory are passed in, so every platform's rule is
 * testable on any host.
 */
import path from 'node:path';

export const APP_DIR_NAME = 'spindle';

export interface DataDirInput {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  homedir: string;
  /** Base for a relative SPINDLE_DATA_DIR; when omitted a relative override is returned as given. */
  cwd?: string;
}

/**
 * SPINDLE_DATA_DIR wins. Otherwise: Windows `%APPDATA%\spindle` (falling back to
 * `~\AppData\Roaming\spindle`), macOS `~/Library/Application Support/spindle`, Linux and other
 * Unixes `$XDG_DATA_HOME/spindle` (only when absolute, per the XDG spec) or `~/.local/share/spindle`.
 */
export function resolveDataDir({ platform, env, homedir, cwd }: DataDirInput): string {
  const p = platform === 'win32' ? path.win32 : path.posix;
  const override = nonEmpty(env.SPINDLE_DATA_DIR);
  if (override !== undefined) {
    return p.isAbsolute(override) || cwd === undefined ? p.normalize(override) : p.resolve(cwd, override);
  }
  if (platform === 'win32') {
    const appData = nonEmpty(env.APPDATA);
    return p.join(appData ?? p.join(homedir, 'AppData', 'Roaming'), APP_DIR_NAME);
  }
  if (platform === 'darwin') {
    return p.join(homedir, 'Library', 'Application Support', APP_DIR_NAME);
  }
  const xdg = nonEmpty(env.XDG_DATA_HOME);
  if (xdg !== undefined && p.isAbsolute(xdg)) return p.join(xdg, APP_DIR_NAME);
  return p.join(homedir, '.local', 'share', APP_DIR_NAME);
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
