/**
 * Reads a disc's volume label: `blkid -p -o export <device>` first (it probes the disc itself),
 * then udev's database (`E:ID_FS_LABEL_ENC=` / `E:ID_FS_LABEL=` in /run/udev/data/b<major>:<minor>),
 * else an empty label — the spec's degraded mode when the label tool is missing.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProcessRunner } from '@spindle/plugin-sdk';

export const BLKID_TIMEOUT_MS = 15_000;
/** blkid's exit code when it found nothing to report (no filesystem, empty tray, no access). */
const BLKID_NOTHING_FOUND = 2;

export interface LabelResult {
  label: string;
  source: 'blkid' | 'udev' | 'none';
  /** blkid failed in a way that may pass (the disc is still spinning up): worth asking again. */
  transient: boolean;
}

/** `KEY=value` lines; blkid escapes space, quotes, `$`, backtick, `<`, `>` and `\` with a backslash. */
export function parseBlkidExport(stdout: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const line of stdout.split(/\r?\n/)) {
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    tags[line.slice(0, eq)] = line.slice(eq + 1).replace(/\\(.)/g, '$1');
  }
  return tags;
}

/** udev escapes unsafe bytes in ID_FS_LABEL_ENC as `\xNN`. */
export function decodeUdevValue(value: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value[i] === '\\' && value[i + 1] === 'x' ? value.slice(i + 2, i + 4) : '';
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 3;
    } else {
      bytes.push(...Buffer.from(value[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The label udev recorded for a block device, or null. */
export function labelFromUdevData(text: string): string | null {
  const props = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^E:([A-Z0-9_]+)=(.*)$/.exec(line);
    if (m) props.set(m[1]!, m[2]!);
  }
  const encoded = props.get('ID_FS_LABEL_ENC');
  if (encoded !== undefined) return decodeUdevValue(encoded);
  return props.get('ID_FS_LABEL') ?? null;
}

export async function udevLabel(udevDataRoot: string, devNumber: string | null): Promise<string | null> {
  if (!devNumber) return null;
  const text = await readFile(join(udevDataRoot, `b${devNumber}`), 'utf8').catch(() => null);
  return text === null ? null : labelFromUdevData(text);
}

export async function readDiscLabel(options: {
  blkid: string | null;
  device: string;
  devNumber: string | null;
  udevDataRoot: string;
  processes: ProcessRunner;
}): Promise<LabelResult> {
  let transient = false;
  if (options.blkid) {
    try {
      const result = await options.processes.run(options.blkid, ['-p', '-o', 'export', options.device], {
        timeoutMs: BLKID_TIMEOUT_MS,
      });
      if (result.exitCode === 0) {
        const tags = parseBlkidExport(result.stdout);
        return { label: (tags.LABEL ?? '').trim(), source: 'blkid', transient: false };
      }
      transient = !result.aborted && result.exitCode !== BLKID_NOTHING_FOUND;
    } catch {
      transient = true; // timed out or could not start this once
    }
  }
  const fromUdev = await udevLabel(options.udevDataRoot, options.devNumber);
  if (fromUdev !== null && fromUdev.trim() !== '') return { label: fromUdev.trim(), source: 'udev', transient: false };
  return { label: '', source: 'none', transient };
}
