/**
 * The Windows detector run end to end on Linux: the host says win32 and "powershell.exe" is a
 * script printing drive lists in PowerShell's JSON shape (edited by the test as discs go in and out).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DetectorRuns,
  MemoryKeyValueStore,
  RecordingLogger,
  type DetectorStartOptions,
} from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import { WindowsDriveDetector } from '../src/windows-drive-detector.ts';
import { createFakePowershell, type FakePowershell } from './fake-powershell.ts';

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fixture = (name: string) => readFile(join(import.meta.dirname, 'fixtures', name), 'utf8');
const drive = (letter: string, loaded: boolean, label: string | null = null, serial: string | null = null) =>
  JSON.stringify({
    Drive: letter,
    Caption: 'HL-DT-ST BD-RE ATA Device',
    MediaLoaded: loaded,
    VolumeName: label,
    VolumeSerialNumber: serial,
    Size: loaded ? 4_000_000_000 : null,
  });

let ps: FakePowershell;
const runs = new DetectorRuns(plugin, 'windows-drive');
beforeEach(async () => {
  ps = await createFakePowershell();
});
afterEach(async () => {
  await runs.dispose();
  await ps.dispose();
});

/** Starts the detector polling the fake PowerShell every 50 ms; the host says Windows unless told. */
const start = (options: DetectorStartOptions = {}) =>
  runs.start({
    ...options,
    settings: { poll_interval_seconds: 0.05, auto_eject: true, powershell_path: ps.path, ...options.settings },
    platform: options.platform ?? 'win32',
  });

describe('windows drive detector', () => {
  it('reports the disc already in a drive, new discs, and removals from the drive list', async () => {
    await ps.setDrives(await fixture('ps51-two-drives.json'));
    const { sink } = await start();
    expect(await sink.waitFor(1, 5000)).toBe(true);
    expect(sink.detections[0]).toEqual({
      type: 'discInserted',
      event: { driveId: 'D:', volumeLabel: 'MY_SHOW_S1_D1', path: 'D:\\', device: 'D:', contentHash: null },
    });
    await delay(200);
    expect(sink.statuses.at(-1)).toBe('2 drive(s): D: "MY_SHOW_S1_D1", E: empty');
    await ps.setDrives(`[${drive('D:', false)},${drive('E:', true, 'MOVIE_DISC', 'AB12CD34')}]`);
    expect(await sink.waitFor(3, 5000)).toBe(true);
    expect(sink.detections.slice(1)).toEqual([
      { type: 'discRemoved', event: { driveId: 'D:' } },
      {
        type: 'discInserted',
        event: { driveId: 'E:', volumeLabel: 'MOVIE_DISC', path: 'E:\\', device: 'E:', contentHash: null },
      },
    ]);
    await delay(300);
    expect(sink.detections).toHaveLength(3); // the same list, poll after poll, reports nothing new
  });

  it('does not report again after a restart a disc it had reported', async () => {
    const store = new MemoryKeyValueStore();
    await ps.setDrives(`[${drive('D:', true, 'STAYS_IN', '11112222')}]`);
    const first = await start({ store });
    expect(await first.sink.waitFor(1, 5000)).toBe(true);
    first.ctx.abort();
    const second = await start({ store });
    await delay(400);
    expect(second.sink.detections).toEqual([]);
    await ps.setDrives(`[${drive('D:', true, 'OTHER_DISC', '33334444')}]`);
    expect(await second.sink.waitFor(2, 5000)).toBe(true); // swapped between two polls: out, then in
    expect(second.sink.detections.map((d) => d.type)).toEqual(['discRemoved', 'discInserted']);
    expect(second.sink.detections[1]).toMatchObject({ event: { volumeLabel: 'OTHER_DISC' } });
  });

  it('starts PowerShell again when it exits', async () => {
    await ps.setDrives(`[${drive('D:', false)}]`);
    await ps.exitAfter(2);
    const { sink, ctx } = await start();
    await delay(400);
    expect(sink.statuses.at(-1)).toBe('PowerShell stopped (fake powershell: told to stop); restarting in 1 s');
    await ps.exitAfter(1_000_000);
    await ps.setDrives(`[${drive('D:', true, 'AFTER_RESTART', '1')}]`);
    expect(await sink.waitFor(1, 5000)).toBe(true);
    expect(ctx.logger.messages('warn')[0]).toContain('PowerShell stopped watching the drives');
  });

  it('says once that PowerShell is missing, and watches nothing', async () => {
    const logger = new RecordingLogger();
    const detector = new WindowsDriveDetector({ logger });
    const settings = { powershell_path: join(ps.path, '..', 'no-such-powershell.exe') };
    const first = await start({ settings, detector });
    await delay(200);
    await start({ settings, detector });
    await delay(200);
    expect(first.sink.statuses.at(-1)).toMatch(/^PowerShell was not found .*drive detection is off/);
    expect(logger.messages('warn')).toHaveLength(1);
  });

  it('ejects through PowerShell after a successful rip only', async () => {
    await ps.setDrives('[]');
    const { detector, ctx } = await start();
    await detector.ripFinished!({ driveId: 'E:', ok: false }, ctx);
    await detector.ripFinished!({ driveId: 'D:', ok: true }, ctx);
    await detector.ripFinished!({ driveId: '/dev/sr0', ok: true }, ctx);
    expect(await ps.commands()).toEqual([
      "(New-Object -ComObject Shell.Application).Namespace(17).ParseName('D:').InvokeVerb('Eject')",
    ]);
    const off = await start({ settings: { auto_eject: false } });
    await off.detector.ripFinished!({ driveId: 'D:', ok: true }, off.ctx);
    expect(await ps.commands()).toHaveLength(1);
  });

  it('is not available on other platforms and starts nothing', async () => {
    await ps.setDrives(`[${drive('D:', true, 'X', '1')}]`);
    const { sink } = await start({ platform: 'linux' });
    await delay(200);
    expect(sink.statuses).toEqual(['not available on this platform (Windows only)']);
    expect(sink.detections).toEqual([]);
  });
});
