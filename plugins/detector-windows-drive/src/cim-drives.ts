/**
 * Parses what PowerShell prints for `Get-CimInstance Win32_CDROMDrive` piped to ConvertTo-Json:
 * one object for a single drive, an array for several (or with -InputObject @(...)), nothing or
 * `[]` for none. Windows PowerShell 5.1 pretty-prints (`"Drive":  "D:"`), PowerShell 7 and
 * `-Compress` do not; both are JSON.
 */

export interface CdromDrive {
  /** `D:`: the drive id Spindle uses. */
  drive: string;
  caption: string | null;
  mediaLoaded: boolean;
  /** The disc's volume label; '' when there is no disc or it has none. */
  volumeName: string;
  volumeSerialNumber: string | null;
  /** Bytes on the disc, when media is loaded. */
  size: number | null;
}

const DRIVE_LETTER = /^[A-Za-z]:$/;

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function toDrive(raw: unknown): CdromDrive | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const drive = str(r.Drive) ?? str(r.Id);
  if (!drive || !DRIVE_LETTER.test(drive.trim())) return null;
  const size =
    typeof r.Size === 'number' ? r.Size : typeof r.Size === 'string' && /^\d+$/.test(r.Size) ? Number(r.Size) : null;
  return {
    drive: drive.trim().toUpperCase(),
    caption: str(r.Caption),
    mediaLoaded: r.MediaLoaded === true,
    volumeName: (str(r.VolumeName) ?? '').trim(),
    volumeSerialNumber: str(r.VolumeSerialNumber),
    size,
  };
}

/** The drives in a ConvertTo-Json answer, sorted by letter; throws on text that is not JSON. */
export function parseCimDrives(text: string): CdromDrive[] {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') return [];
  const json: unknown = JSON.parse(trimmed);
  const list = Array.isArray(json) ? json : [json];
  return list
    .map(toDrive)
    .filter((d): d is CdromDrive => d !== null)
    .sort((a, b) => (a.drive < b.drive ? -1 : a.drive > b.drive ? 1 : 0));
}
