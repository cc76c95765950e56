/** Where a device is mounted, from a mount table in /proc/self/mounts format. */
import { readFile } from 'node:fs/promises';

/** The mount table escapes space, tab, newline and backslash as octal (`\040`). */
export function unescapeMountField(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

export function mountPointIn(table: string, device: string): string | null {
  for (const line of table.split('\n')) {
    const [source, target] = line.split(' ');
    if (source && target && unescapeMountField(source) === device) return unescapeMountField(target);
  }
  return null;
}

export async function findMountPoint(mountsFile: string, device: string): Promise<string | null> {
  const table = await readFile(mountsFile, 'utf8').catch(() => '');
  return mountPointIn(table, device);
}
