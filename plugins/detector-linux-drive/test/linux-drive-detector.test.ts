/**
 * The Linux drive detector on a fake /sys tree with blkid and eject as real executables on the
 * search path (and without them): inserts, removals, labels, mount points and content hashes,
 * eject after a successful rip, no second report after a restart, and no busy polling.
 */
import { createHash } from 'node:crypto';
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DetectorRuns,
  MemoryKeyValueStore,
  RecordingLogger,
  type DetectorStartOptions,
} from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import { LinuxDriveDetector } from '../src/linux-drive-detector.ts';
import { blkidExport, createFakeLinux, type FakeLinux } from './fake-linux.ts';

const POLL_MS = 50;
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

let linux: FakeLinux;
const runs = new DetectorRuns(plugin, 'linux-drive');

beforeEach(async () => {
  linux = await createFakeLinux();
});
afterEach(async () => {
  await runs.dispose();
  await linux.dispose();
});

/** Starts the detector on the fake Linux (its sysfs root and tools); the host says Linux unless told. */
const start = (options: DetectorStartOptions = {}) =>
  runs.start({ ...options, settings: linux.settings(options.settings), platform: options.platform ?? 'linux' });

describe('linux drive detector: discs in and out', () => {
  it('reports an inserted disc with its blkid label, and its removal', async () => {
    await linux.addDrive('sr0');
    await linux.addDrive('sr1');
    const { sink } = await start();
    expect(sink.statuses.at(-1)).toBe('2 drive(s): sr0 empty, sr1 empty');
    await linux.insert('sr1', 22_000_000, blkidExport('/dev/sr1', 'MY_SHOW_S1_D1'));
    expect(await sink.waitFor(1, 10_000)).toBe(true);
    expect(sink.detections[0]).toEqual({
      type: 'discInserted',
      event: { driveId: '/dev/sr1', volumeLabel: 'MY_SHOW_S1_D1', path: null, device: '/dev/sr1', contentHash: null },
    });
    await delay(POLL_MS * 3);
    expect(sink.statuses.at(-1)).toBe('2 drive(s): sr0 empty, sr1 "MY_SHOW_S1_D1"');
    await linux.eject('sr1');
    expect(await sink.waitFor(2, 10_000)).toBe(true);
    expect(sink.detections[1]).toEqual({ type: 'discRemoved', event: { driveId: '/dev/sr1' } });
  });

  it('probes a disc once, not on every poll (no spinning the drive, no busy loop)', async () => {
    await linux.addDrive('sr0');
    const { sink } = await start();
    await linux.insert('sr0', 4_000_000, blkidExport('/dev/sr0', 'MOVIE_2001'));
    expect(await sink.waitFor(1, 10_000)).toBe(true);
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    await delay(POLL_MS * 20);
    const cpu = process.cpuUsage(cpuBefore);
    const cpuShare = (cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore);
    expect(await linux.blkidCalls()).toEqual(['-p -o export /dev/sr0']);
    expect(sink.detections).toHaveLength(1);
    expect(cpuShare).toBeLessThan(0.3); // 20 polls of a few small sysfs reads, not a spinning loop
  });

  it('unescapes labels as blkid prints them', async () => {
    await linux.addDrive('sr0');
    const { sink } = await start();
    await linux.insert('sr0', 1000, blkidExport('/dev/sr0', 'My\\ Show\\ \\$1'));
    expect(await sink.waitFor(1, 10_000)).toBe(true);
    expect(sink.detections[0]!.type === 'discInserted' && sink.detections[0]!.event.volumeLabel).toBe('My Show $1');
  });

  it('gives the mount point and the content hash of a mounted Blu-ray', async () => {
    await linux.addDrive('sr0');
    const mountPoint = join(linux.root, 'media', 'MY DISC');
    await mkdir(join(mountPoint, 'BDMV', 'STREAM'), { recursive: true });
    const sizes = [3_000_000_000, 1_234_567];
    for (const [i, size] of sizes.entries()) {
      const handle = await open(join(mountPoint, 'BDMV', 'STREAM', `0000${i}.m2ts`), 'w');
      await handle.truncate(size);
      await handle.close();
    }
    await linux.setMounts([
      '/dev/vda1 / ext4 rw 0 0',
      `/dev/sr0 ${join(linux.root, 'media', 'MY\\040DISC')} udf ro,nosuid 0 0`,
    ]);
    const { sink } = await start();
    await linux.insert('sr0', 9_000_000, blkidExport('/dev/sr0', 'MY\\ DISC'));
    expect(await sink.waitFor(1, 10_000)).toBe(true);
    const expected = createHash('md5')
      .update(
        Buffer.concat(
          sizes.map((s) => {
            const b = Buffer.alloc(8);
            b.writeBigUInt64LE(BigInt(s));
            return b;
          }),
        ),
      )
      .digest('hex')
      .toUpperCase();
    expect(sink.detections[0]).toMatchObject({
      type: 'discInserted',
      event: { path: mountPoint, volumeLabel: 'MY DISC', contentHash: expected },
    });
  });

  it('treats a disc swapped between two polls as a removal and an insert', async () => {
    await linux.addDrive('sr0');
    const { sink } = await start({ settings: { poll_interval_seconds: 0.2 } });
    await linux.insert('sr0', 1000, blkidExport('/dev/sr0', 'FIRST'));
    expect(await sink.waitFor(1, 10_000)).toBe(true);
    await linux.insert('sr0', 2000, blkidExport('/dev/sr0', 'SECOND')); // no empty reading in between
    expect(await sink.waitFor(3, 10_000)).toBe(true);
    expect(sink.detections.map((d) => d.type)).toEqual(['discInserted', 'discRemoved', 'discInserted']);
    expect(sink.detections[2]).toMatchObject({ event: { volumeLabel: 'SECOND' } });
  });

  it('reports a removal when a USB drive with a disc goes away, and finds drives plugged in later', async () => {
    const { sink } = await start();
    expect(sink.statuses.at(-1)).toBe(`no optical drive found in ${linux.sysfs}/block`);
    await linux.addDrive('sr3', { model: 'USB DVD' });
    await linux.insert('sr3', 500, blkidExport('/dev/sr3', 'USB_DISC'));
    expect(await sink.waitFor(1, 10_000)).toBe(true);
    await linux.removeDrive('sr3');
    expect(await sink.waitFor(2, 10_000)).toBe(true);
    expect(sink.detections[1]).toEqual({ type: 'discRemoved', event: { driveId: '/dev/sr3' } });
  });

  it('asks blkid again while the disc is still spinning up', async () => {
    await linux.addDrive('sr0');
    await linux.failBlkid('sr0', true);
    const { sink } = await start({ settings: { poll_interval_seconds: 0.1 } });
    await linux.insert('sr0', 1000, blkidExport('/dev/sr0', 'SLOW_DISC'));
    // Wait until blkid has answered at least once with the spin-up error (not a fixed time: a busy
    // machine may not have polled yet), then let the disc finish spinning up. Waiting for a logged
    // call is not enough: the call is logged before the fake decides whether to fail it.
    for (let waited = 0; (await linux.failedBlkidCalls()).length === 0 && waited < 20_000; waited += 50)
      await delay(50);
    await linux.failBlkid('sr0', false);
    expect(await sink.waitFor(1, 10_000)).toBe(true);
    expect(sink.detections[0]).toMatchObject({ event: { volumeLabel: 'SLOW_DISC' } });
    expect((await linux.blkidCalls()).length).toBeGreaterThanOrEqual(2);
  });
});

describe('linux drive detector: without blkid or eject', () => {
  it('uses udev’s ID_FS_LABEL without blkid, else an empty label, and says so once', async () => {
    await linux.addDrive('sr0', { dev: '11:0' });
    await linux.addDrive('sr1', { dev: '11:1' });
    await linux.setUdev('11:0', [
      'S:disk/by-label/MY\\x20LABEL',
      'E:ID_FS_LABEL=MY_LABEL',
      'E:ID_FS_LABEL_ENC=MY\\x20LABEL',
      'E:ID_FS_TYPE=udf',
    ]);
    const settings = { tool_search_path: linux.emptyBin };
    const logger = new RecordingLogger();
    const detector = new LinuxDriveDetector({ logger });
    const first = await start({ settings, detector });
    await linux.insert('sr0', 1000, null);
    await linux.insert('sr1', 1000, null);
    expect(await first.sink.waitFor(2, 10_000)).toBe(true);
    const labels = Object.fromEntries(
      first.sink.detections.map((d) => (d.type === 'discInserted' ? [d.event.driveId, d.event.volumeLabel] : [])),
    );
    expect(labels).toEqual({ '/dev/sr0': 'MY LABEL', '/dev/sr1': '' });
    first.ctx.abort();
    await start({ settings, detector }); // the same detector started again (a restart by the core)
    const warnings = logger.messages('warn');
    expect(warnings).toHaveLength(2);
    expect(warnings.filter((w) => w.startsWith('blkid was not found'))).toHaveLength(1);
    expect(warnings.filter((w) => w.startsWith('eject was not found'))).toHaveLength(1);
    expect(warnings.join('\n')).toContain('labels come from udev when it knows them, otherwise they are empty');
  });

  it('says nothing about missing tools on a machine without an optical drive', async () => {
    const logger = new RecordingLogger();
    const detector = new LinuxDriveDetector({ logger });
    const { sink } = await start({ settings: { tool_search_path: linux.emptyBin }, detector });
    await delay(POLL_MS * 3);
    expect(sink.statuses.at(-1)).toBe(`no optical drive found in ${linux.sysfs}/block`);
    expect(logger.messages('warn')).toEqual([]);
  });

  it('does not eject without eject, and does not try', async () => {
    await linux.addDrive('sr0');
    const settings = { tool_search_path: linux.emptyBin };
    const { detector, ctx } = await start({ settings });
    await detector.ripFinished!({ driveId: '/dev/sr0', ok: true }, ctx);
    expect(await linux.ejectCalls()).toEqual([]);
  });
});

describe('linux drive detector: eject after a rip', () => {
  it('ejects after a successful rip only, and the tray opening is reported as a removal', async () => {
    await linux.addDrive('sr0');
    await linux.addDrive('sr1');
    const { detector, sink, ctx } = await start();
    await linux.insert('sr0', 1000, blkidExport('/dev/sr0', 'RIPPED_OK'));
    await linux.insert('sr1', 1000, blkidExport('/dev/sr1', 'RIP_FAILED'));
    expect(await sink.waitFor(2, 10_000)).toBe(true);
    await detector.ripFinished!({ driveId: '/dev/sr1', ok: false }, ctx);
    await detector.ripFinished!({ driveId: '/dev/sr0', ok: true }, ctx);
    await detector.ripFinished!({ driveId: 'sim:0', ok: true }, ctx); // not one of its drives
    expect(await linux.ejectCalls()).toEqual(['/dev/sr0']);
    expect(await sink.waitFor(3, 10_000)).toBe(true);
    expect(sink.detections[2]).toEqual({ type: 'discRemoved', event: { driveId: '/dev/sr0' } });
  });

  it('leaves the disc in when auto_eject is off', async () => {
    await linux.addDrive('sr0');
    const { detector, ctx } = await start({ settings: { auto_eject: false } });
    await detector.ripFinished!({ driveId: '/dev/sr0', ok: true }, ctx);
    expect(await linux.ejectCalls()).toEqual([]);
  });
});

describe('linux drive detector: restarts and platforms', () => {
  it('does not report a disc again that was reported before a restart; a re-inserted one is new', async () => {
    await linux.addDrive('sr0');
    const store = new MemoryKeyValueStore();
    await linux.insert('sr0', 7777, blkidExport('/dev/sr0', 'KEPT_IN_DRIVE'));
    const first = await start({ store });
    expect(await first.sink.waitFor(1, 10_000)).toBe(true);
    first.ctx.abort();
    const second = await start({ store });
    await delay(POLL_MS * 6);
    expect(second.sink.detections).toEqual([]);
    expect(second.sink.statuses.at(-1)).toBe('1 drive(s): sr0 "KEPT_IN_DRIVE"');
    await linux.eject('sr0');
    expect(await second.sink.waitFor(1, 10_000)).toBe(true);
    await linux.insert('sr0', 7777, blkidExport('/dev/sr0', 'KEPT_IN_DRIVE'));
    expect(await second.sink.waitFor(2, 10_000)).toBe(true);
    expect(second.sink.detections.map((d) => d.type)).toEqual(['discRemoved', 'discInserted']);
  });

  it('a different disc in the drive after a restart is reported', async () => {
    await linux.addDrive('sr0');
    const store = new MemoryKeyValueStore({ 'disc:/dev/sr0': { sectors: 1, label: 'OLD' } });
    await linux.insert('sr0', 5000, blkidExport('/dev/sr0', 'NEW_DISC'));
    const { sink } = await start({ store });
    expect(await sink.waitFor(1, 10_000)).toBe(true);
    expect(await store.get('disc:/dev/sr0')).toEqual({ sectors: 5000, label: 'NEW_DISC' });
  });

  it('says it is not available on other platforms and reports nothing', async () => {
    await linux.addDrive('sr0');
    await linux.insert('sr0', 1000, blkidExport('/dev/sr0', 'IGNORED'));
    const { sink } = await start({ platform: 'win32' });
    await delay(POLL_MS * 4);
    expect(sink.statuses).toEqual(['not available on this platform (Linux only)']);
    expect(sink.detections).toEqual([]);
    expect(await linux.blkidCalls()).toEqual([]);
  });
});
