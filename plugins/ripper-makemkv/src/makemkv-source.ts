/**
 * Chooses makemkvcon's source argument for a job's disc source. The rule, first match wins:
 * 1. `driveId` already in MakeMKV's syntax (`disc:N`, `dev:…`, `file:…`, `iso:…`) → as given;
 *    a bare number `N` → `disc:N` (MakeMKV's drive index).
 * 2. `driveId` is a device — `/dev/…` on Linux/macOS, a drive letter `D:` on Windows →
 *    `dev:<device>`: MakeMKV reads the drive itself (direct disc access, LibreDrive), which is
 *    better than reading the mounted files.
 * 3. `driveId` or else `path` is an `.iso` file → `iso:<path>`; another path (a mount point or a
 *    folder holding `VIDEO_TS`/`BDMV`) → `file:<path>`.
 * 4. Nothing usable → RipperError `disc_source_missing`.
 * The mount point (`path`) is still used for the content hash when the drive is the source.
 */
import { RipperError, type DiscSource } from '@spindle/plugin-sdk';

export type MakemkvSourceKind = 'disc' | 'dev' | 'file' | 'iso';

export interface MakemkvSource {
  kind: MakemkvSourceKind;
  /** What makemkvcon gets, e.g. `dev:/dev/sr0`. */
  argument: string;
  /** The device, folder or ISO named by the argument. */
  target: string;
}

const PREFIXED = /^(disc|dev|file|iso):(.+)$/i;
const WINDOWS_DRIVE = /^([A-Za-z]:)\\?$/;

function fromPath(path: string): MakemkvSource {
  const kind: MakemkvSourceKind = /\.iso$/i.test(path) ? 'iso' : 'file';
  return { kind, argument: `${kind}:${path}`, target: path };
}

export function makemkvSourceFor(source: DiscSource): MakemkvSource {
  const driveId = source.driveId?.trim() ?? '';
  if (driveId !== '') {
    const prefixed = PREFIXED.exec(driveId);
    if (prefixed) {
      const kind = prefixed[1]!.toLowerCase() as MakemkvSourceKind;
      return { kind, argument: `${kind}:${prefixed[2]}`, target: prefixed[2]! };
    }
    if (/^\d+$/.test(driveId)) return { kind: 'disc', argument: `disc:${driveId}`, target: driveId };
    if (driveId.startsWith('/dev/')) return { kind: 'dev', argument: `dev:${driveId}`, target: driveId };
    const letter = WINDOWS_DRIVE.exec(driveId);
    if (letter) return { kind: 'dev', argument: `dev:${letter[1]!.toUpperCase()}`, target: letter[1]!.toUpperCase() };
    if (driveId.startsWith('/') || /^[A-Za-z]:\\/.test(driveId)) return fromPath(driveId);
  }
  const path = source.path?.trim() ?? '';
  if (path !== '') return fromPath(path);
  throw new RipperError(
    'disc_source_missing',
    `The disc source "${source.volumeLabel}" names no drive and no folder (driveId ${JSON.stringify(source.driveId)}); MakeMKV needs a device such as /dev/sr0, disc:0, or a folder/ISO path`,
  );
}
