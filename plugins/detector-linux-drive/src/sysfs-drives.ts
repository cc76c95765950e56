/**
 * Optical drives as the kernel lists them: `/sys/block/sr<N>`. A drive holds a disc when its
 * `size` (512-byte sectors) is above zero; the kernel updates it when media changes (udev turns
 * on the in-kernel media polling for removable drives).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface DriveObservation {
  /** `sr0` */
  name: string;
  /** `/dev/sr0`: the drive id Spindle uses, and the device blkid and eject are given. */
  device: string;
  /** Size of the disc in 512-byte sectors; 0 when the tray is empty. */
  sectors: number;
  /** `11:0`, for udev's database; null when unreadable. */
  devNumber: string | null;
  /** "HL-DT-ST BD-RE BH16NS40", when sysfs says. */
  model: string | null;
}

const SR = /^sr\d+$/;

async function readText(path: string): Promise<string | null> {
  return readFile(path, 'utf8').then(
    (s) => s.trim(),
    () => null,
  );
}

/** Every sr drive, by name order; an empty list when there is none (or no sysfs). */
export async function observeDrives(sysfsRoot: string): Promise<DriveObservation[]> {
  const block = join(sysfsRoot, 'block');
  const names = (await readdir(block).catch(() => [] as string[])).filter((n) => SR.test(n));
  names.sort((a, b) => Number(a.slice(2)) - Number(b.slice(2)));
  const drives: DriveObservation[] = [];
  for (const name of names) {
    const base = join(block, name);
    const sectors = Number(await readText(join(base, 'size')));
    const vendor = await readText(join(base, 'device', 'vendor'));
    const model = await readText(join(base, 'device', 'model'));
    drives.push({
      name,
      device: `/dev/${name}`,
      sectors: Number.isFinite(sectors) && sectors > 0 ? sectors : 0,
      devNumber: await readText(join(base, 'dev')),
      model: [vendor, model].filter((s) => s && s !== '').join(' ') || null,
    });
  }
  return drives;
}
