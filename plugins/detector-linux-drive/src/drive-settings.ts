/** The detector's own settings (validated by the core against the manifest's schema). */
import { delimiter } from 'node:path';
import { drivePollMs, type JsonObject } from '@spindle/plugin-sdk';

export interface LinuxDriveSettings {
  pollMs: number;
  autoEject: boolean;
  sysfsRoot: string;
  mountsFile: string;
  udevDataRoot: string;
  /** Folders searched for blkid and eject. */
  toolSearchPath: string;
}

/** Debian and friends keep blkid in /usr/sbin, which is not on a normal user's PATH. */
const SYSTEM_FOLDERS = ['/usr/sbin', '/sbin'];

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.trim() !== '' ? value : fallback;

export function readDriveSettings(settings: JsonObject, env: NodeJS.ProcessEnv = process.env): LinuxDriveSettings {
  const configured = settings.tool_search_path;
  return {
    pollMs: drivePollMs(settings.poll_interval_seconds),
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
