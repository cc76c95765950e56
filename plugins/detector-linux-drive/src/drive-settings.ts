/** The detector's own settings (validated by the core against the manifest's schema). */
import { delimiter } from 'node:path';
import type { JsonObject } from '@spindle/plugin-sdk';

export interface LinuxDriveSettings {
  pollMs: number;
  autoEject: boolean;
  sysfsRoot: string;
  mountsFile: string;
  udevDataRoot: string;
  /** Folders searched for blkid and eject. */
  toolSearchPath: string;
}

const MIN_POLL_MS = 50;
/** Debian and friends keep blkid in /usr/sbin, which is not on a normal user's PATH. */
const SYSTEM_FOLDERS = ['/usr/sbin', '/sbin'];

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.trim() !== '' ? value : fallback;

export function readDriveSettings(settings: JsonObject, env: NodeJS.ProcessEnv = process.env): LinuxDriveSettings {
  const seconds =
    typeof settings.poll_interval_seconds === 'number' && settings.poll_interval_seconds > 0
      ? settings.poll_interval_seconds
      : 2;
  const configured = settings.tool_search_path;
  return {
    pollMs: Math.max(MIN_POLL_MS, Math.round(seconds * 1000)),
    autoEject: settings.auto_eject !== false,
    sysfsRoot: text(settings.sysfs_root, '/sys'),
    mountsFile: text(settings.mounts_file, '/proc/self/mounts'),
    udevDataRoot: text(settings.udev_data_root, '/run/udev/data'),
    toolSearchPath:
      typeof configured === 'string' && configured.trim() !== ''
        ? configured
        : [...(env.PATH ?? '').split(delimiter).filter((p) => p !== ''), ...SYSTEM_FOLDERS].join(delimiter),
  };
}
