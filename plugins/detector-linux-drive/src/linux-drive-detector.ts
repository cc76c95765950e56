/**
 * The Linux optical drive detector. Without blkid it falls back to udev's label (else an empty
 * one); without eject it leaves discs in the drive — each said once in the log, as the spec's
 * degraded mode. On other platforms it reports that it is not available and does nothing.
 */
import type { DetectionSink, Detector, PluginSetup, StageContext } from '@spindle/plugin-sdk';
import { DriveSession } from './drive-session.ts';
import { readDriveSettings } from './drive-settings.ts';
import { findTool } from './tool-lookup.ts';

export const STATUS_WRONG_PLATFORM = 'not available on this platform (Linux only)';
const EJECT_TIMEOUT_MS = 30_000;
const OPTICAL_DEVICE = /^\/dev\/sr\d+$/;

export class LinuxDriveDetector implements Detector {
  private readonly warned = new Set<string>();

  constructor(private readonly setup: Pick<PluginSetup, 'logger'>) {}

  private warnOnce(tool: string, text: string): void {
    if (this.warned.has(tool)) return;
    this.warned.add(tool);
    this.setup.logger.warn(text);
  }

  async start(sink: DetectionSink, ctx: StageContext): Promise<void> {
    if (ctx.signal.aborted) return;
    if (ctx.host.platform !== 'linux') {
      sink.status(STATUS_WRONG_PLATFORM);
      return;
    }
    const settings = readDriveSettings(ctx.settings);
    const blkid = await findTool('blkid', settings.toolSearchPath);
    const eject = await findTool('eject', settings.toolSearchPath);
    // Said once, and only on a machine that has a drive: without one, missing tools do not matter.
    const drivesFound = () => {
      if (!blkid) {
        this.warnOnce(
          'blkid',
          'blkid was not found (install util-linux): volume labels come from udev when it knows them, otherwise they are empty',
        );
      }
      if (!eject && settings.autoEject) {
        this.warnOnce(
          'eject',
          'eject was not found (install eject or util-linux): discs stay in the drive after ripping',
        );
      }
    };
    await new DriveSession(settings, blkid, sink, ctx, drivesFound).begin();
  }

  /** Ejects the disc after a successful rip (when wanted and possible); a failed rip leaves it in. */
  async ripFinished(event: { driveId: string; ok: boolean }, ctx: StageContext): Promise<void> {
    const settings = readDriveSettings(ctx.settings);
    if (!event.ok || !settings.autoEject || !OPTICAL_DEVICE.test(event.driveId)) return;
    const eject = await findTool('eject', settings.toolSearchPath);
    if (!eject) return; // said once at start
    const result = await ctx.processes.run(eject, [event.driveId], { timeoutMs: EJECT_TIMEOUT_MS });
    if (result.exitCode === 0) ctx.logger.info(`ejected ${event.driveId} after a successful rip`);
    else ctx.logger.warn(`eject ${event.driveId} failed: ${result.stderr.trim() || `exit code ${result.exitCode}`}`);
  }
}
