/**
 * A fake Linux for the drive detector: a sysfs tree with sr drives, a mount table, udev's database,
 * and blkid/eject as real executables (shell scripts) that answer from files and log their calls.
 */
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { JsonObject } from '@spindle/plugin-sdk';
import { join } from 'node:path';

export interface FakeLinux {
  root: string;
  sysfs: string;
  mounts: string;
  udev: string;
  /** Folder with blkid and eject (use as tool_search_path). */
  bin: string;
  /** A folder with no tools at all (their absence). */
  emptyBin: string;
  addDrive(name: string, options?: { vendor?: string; model?: string; dev?: string }): Promise<void>;
  removeDrive(name: string): Promise<void>;
  /** Puts a disc in (sectors > 0) with what blkid prints for it; null output = blkid finds nothing. */
  insert(name: string, sectors: number, blkidOutput: string | null): Promise<void>;
  eject(name: string): Promise<void>;
  /** blkid fails with an I/O error (exit 8) for this drive until cleared. */
  failBlkid(name: string, failing: boolean): Promise<void>;
  setMounts(lines: string[]): Promise<void>;
  setUdev(dev: string, lines: string[]): Promise<void>;
  blkidCalls(): Promise<string[]>;
  /** Calls answered with an I/O error: logged only once the fake has decided to fail them. */
  failedBlkidCalls(): Promise<string[]>;
  ejectCalls(): Promise<string[]>;
  settings(extra?: JsonObject): JsonObject;
  dispose(): Promise<void>;
}

const lines = (path: string) =>
  readFile(path, 'utf8').then(
    (t) => t.split('\n').filter((l) => l !== ''),
    () => [],
  );

export async function createFakeLinux(): Promise<FakeLinux> {
  const root = await mkdtemp(join(tmpdir(), 'fake-linux-'));
  const sysfs = join(root, 'sys');
  const mounts = join(root, 'mounts');
  const udev = join(root, 'udev');
  const bin = join(root, 'bin');
  const emptyBin = join(root, 'empty-bin');
  const answers = join(root, 'blkid-answers');
  for (const dir of [join(sysfs, 'block'), udev, bin, emptyBin, answers]) await mkdir(dir, { recursive: true });
  await writeFile(mounts, '');
  const blkidLog = join(root, 'blkid.log');
  const blkidFailLog = join(root, 'blkid-failed.log');
  const ejectLog = join(root, 'eject.log');
  await writeFile(
    join(bin, 'blkid'),
    [
      '#!/bin/sh',
      'for last; do :; done',
      `echo "$*" >> '${blkidLog}'`,
      'name=$(basename "$last")',
      `if [ -f '${answers}/'"$name".fail ]; then echo "$*" >> '${blkidFailLog}'; echo "blkid: $last: Input/output error" >&2; exit 8; fi`,
      `if [ ! -f '${answers}/'"$name" ]; then exit 2; fi`,
      `cat '${answers}/'"$name"`,
      '',
    ].join('\n'),
  );
  await writeFile(
    join(bin, 'eject'),
    [
      '#!/bin/sh',
      `echo "$*" >> '${ejectLog}'`,
      'name=$(basename "$1")',
      `echo 0 > '${sysfs}/block/'"$name"/size`,
      '',
    ].join('\n'),
  );
  await chmod(join(bin, 'blkid'), 0o755);
  await chmod(join(bin, 'eject'), 0o755);
  let minor = 0;
  return {
    root,
    sysfs,
    mounts,
    udev,
    bin,
    emptyBin,
    async addDrive(name, options = {}) {
      const base = join(sysfs, 'block', name);
      await mkdir(join(base, 'device'), { recursive: true });
      await writeFile(join(base, 'size'), '0\n');
      await writeFile(join(base, 'dev'), `${options.dev ?? `11:${minor++}`}\n`);
      await writeFile(join(base, 'device', 'vendor'), `${options.vendor ?? 'HL-DT-ST'}\n`);
      await writeFile(join(base, 'device', 'model'), `${options.model ?? 'BD-RE  BH16NS40'}\n`);
    },
    async removeDrive(name) {
      await rm(join(sysfs, 'block', name), { recursive: true, force: true });
    },
    async insert(name, sectors, blkidOutput) {
      if (blkidOutput === null) await rm(join(answers, name), { force: true });
      else await writeFile(join(answers, name), blkidOutput);
      await writeFile(join(sysfs, 'block', name, 'size'), `${sectors}\n`);
    },
    async eject(name) {
      await writeFile(join(sysfs, 'block', name, 'size'), '0\n');
    },
    async failBlkid(name, failing) {
      if (failing) await writeFile(join(answers, `${name}.fail`), '');
      else await rm(join(answers, `${name}.fail`), { force: true });
    },
    async setMounts(table) {
      await writeFile(mounts, table.map((l) => `${l}\n`).join(''));
    },
    async setUdev(dev, props) {
      await writeFile(join(udev, `b${dev}`), props.map((l) => `${l}\n`).join(''));
    },
    blkidCalls: () => lines(blkidLog),
    failedBlkidCalls: () => lines(blkidFailLog),
    ejectCalls: () => lines(ejectLog),
    settings(extra = {}) {
      return {
        poll_interval_seconds: 0.05,
        auto_eject: true,
        sysfs_root: sysfs,
        mounts_file: mounts,
        udev_data_root: udev,
        tool_search_path: bin,
        ...extra,
      };
    },
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}

/** What `blkid -p -o export /dev/srN` prints for a UDF disc with this (already escaped) label. */
export function blkidExport(device: string, escapedLabel: string): string {
  return `DEVNAME=${device}\nUUID=4d2a3f1e00000000\nLABEL=${escapedLabel}\nBLOCK_SIZE=2048\nTYPE=udf\nUSAGE=filesystem\n`;
}
