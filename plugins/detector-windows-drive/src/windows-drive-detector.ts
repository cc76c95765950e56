/**
 * The Windows optical drive detector: one long-running PowerShell prints the drive list every
 * poll; the tracker turns changes into reports. If PowerShell exits it is started again after a
 * pause (longer each time); if it cannot be found, the detector says so once and stops. On other
 * platforms it reports that it is not available and does nothing.
 */
import {
  drivePollMs,
  errorMessage,
  SpindleError,
  type DetectionSink,
  type Detector,
  type PluginSetup,
  type StageContext,
} from '@spindle/plugin-sdk';
import { parseCimDrives } from './cim-drives.ts';
import { DriveTracker } from './drive-tracker.ts';
import { DRIVES_MARKER, ejectScript, ERROR_MARKER, powershellArgs, watchScript } from './powershell-script.ts';

export const STATUS_WRONG_PLATFORM = 'not available on this platform (Windows only)';
const RESTART_DELAYS_MS = [1000, 5000, 15_000, 60_000];
const EJECT_TIMEOUT_MS = 30_000;

interface WindowsDriveSettings {
  pollMs: number;
  autoEject: boolean;
  powershell: string;
}

export function readWindowsSettings(settings: Record<string, unknown>): WindowsDriveSettings {
  const path = settings.powershell_path;
  return {
    pollMs: drivePollMs(settings.poll_interval_seconds),
    autoEject: settings.auto_eject !== false,
    powershell: typeof path === 'string' && path.trim() !== '' ? path : 'powershell.exe',
  };
}

const message = (error: unknown) => errorMessage(error);

export class WindowsDriveDetector implements Detector {
  private warnedMissing = false;

  constructor(private readonly setup: Pick<PluginSetup, 'logger'>) {}

  async start(sink: DetectionSink, ctx: StageContext): Promise<void> {
    if (ctx.signal.aborted) return;
    if (ctx.host.platform !== 'win32') {
      sink.status(STATUS_WRONG_PLATFORM);
      return;
    }
    const settings = readWindowsSettings(ctx.settings);
    const tracker = new DriveTracker(sink, ctx);
    tracker.setStatus('starting PowerShell to list the drives');
    this.run(settings, tracker, ctx, 0);
  }

  /** Runs the watching PowerShell until it exits or the signal aborts; restarts it after an exit. */
  private run(settings: WindowsDriveSettings, tracker: DriveTracker, ctx: StageContext, restarts: number): void {
    let queue = Promise.resolve();
    let lastError = '';
    const onLine = (line: string) => {
      if (line.startsWith(DRIVES_MARKER)) {
        queue = queue
          .then(() => tracker.update(parseCimDrives(line.slice(DRIVES_MARKER.length))))
          .catch((error: unknown) => ctx.logger.warn(`could not read the drive list: ${message(error)}`));
      } else if (line.startsWith(ERROR_MARKER) && line !== lastError) {
        lastError = line;
        ctx.logger.warn(`listing the drives failed: ${line.slice(ERROR_MARKER.length)}`);
        tracker.setStatus(`listing the drives failed: ${line.slice(ERROR_MARKER.length)}`);
      }
    };
    ctx.processes.run(settings.powershell, powershellArgs(watchScript(settings.pollMs)), { onStdoutLine: onLine }).then(
      async (result) => {
        await queue;
        if (result.aborted || ctx.signal.aborted) return;
        const wait = RESTART_DELAYS_MS[Math.min(restarts, RESTART_DELAYS_MS.length - 1)]!;
        const why = result.stderr.trim().split('\n').at(-1) || `exit code ${result.exitCode}`;
        ctx.logger.warn(`PowerShell stopped watching the drives (${why}); starting it again in ${wait / 1000} s`);
        tracker.setStatus(`PowerShell stopped (${why}); restarting in ${wait / 1000} s`);
        const timer = setTimeout(() => this.run(settings, tracker, ctx, restarts + 1), wait);
        ctx.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
      },
      (error: unknown) => {
        if (ctx.signal.aborted) return;
        const missing = SpindleError.is(error) && error.code === 'process_not_found';
        const text = missing
          ? `PowerShell was not found (${settings.powershell}); drive detection is off — use the staging folder`
          : `PowerShell could not be started: ${message(error)}`;
        if (!this.warnedMissing) this.setup.logger.warn(text);
        this.warnedMissing = true;
        tracker.setStatus(text);
      },
    );
  }

  /** Ejects the disc after a successful rip (when wanted); a failed rip leaves it in. */
  async ripFinished(event: { driveId: string; ok: boolean }, ctx: StageContext): Promise<void> {
    const settings = readWindowsSettings(ctx.settings);
    if (!event.ok || !settings.autoEject || !/^[A-Z]:$/.test(event.driveId)) return;
    try {
      const result = await ctx.processes.run(settings.powershell, powershellArgs(ejectScript(event.driveId)), {
        timeoutMs: EJECT_TIMEOUT_MS,
      });
      if (result.exitCode === 0) ctx.logger.info(`ejected ${event.driveId} after a successful rip`);
      else ctx.logger.warn(`eject ${event.driveId} failed: ${result.stderr.trim() || `exit code ${result.exitCode}`}`);
    } catch (error) {
      ctx.logger.warn(`eject ${event.driveId} failed: ${message(error)}`);
    }
  }
}
