/**
 * Facts about the running service for the header and the dashboard's status strip: health,
 * detector status lines (drives, staging watcher), recent drive events and the ASR status.
 */
import {
  getAsrStatus,
  getHealth,
  getStatus,
  restartService,
  type ClientMessage,
  type GetAsrStatusResponse,
  type GetHealthResponse,
  type GetStatusResponse,
} from '../api/generated.ts';
import { errorMessage } from '../api/runtime.ts';

export interface DriveNote {
  driveId: string;
  event: 'inserted' | 'removed';
  volumeLabel: string | null;
  at: number;
}

export class SystemStatus {
  health = $state<GetHealthResponse | null>(null);
  detectors = $state<NonNullable<GetStatusResponse['detectors']>>([]);
  asr = $state<GetAsrStatusResponse | null>(null);
  drives = $state<DriveNote[]>([]);
  error = $state<string | null>(null);
  /** Stages on their built-in default because the stored configuration could not start. */
  safeMode = $state<GetStatusResponse['safe_mode']>([]);
  /** Changes that take effect after a restart. */
  pendingRestart = $state<GetStatusResponse['pending_restart']>([]);
  restarting = $state(false);
  restartError = $state<string | null>(null);

  private statusTimer: ReturnType<typeof setTimeout> | null = null;

  async refresh(): Promise<void> {
    const [health, status, asr] = await Promise.allSettled([getHealth(), getStatus(), getAsrStatus()]);
    if (health.status === 'fulfilled') this.health = health.value;
    if (status.status === 'fulfilled') this.takeStatus(status.value);
    if (asr.status === 'fulfilled') this.asr = asr.value;
    const failed = [health, status, asr].find((r) => r.status === 'rejected');
    this.error = failed && failed.status === 'rejected' ? errorMessage(failed.reason) : null;
  }

  async refreshStatus(): Promise<void> {
    try {
      this.takeStatus(await getStatus());
    } catch {
      // keep the last known lines
    }
  }

  private takeStatus(status: GetStatusResponse): void {
    this.detectors = status.detectors ?? [];
    this.safeMode = status.safe_mode ?? [];
    this.pendingRestart = status.pending_restart ?? [];
  }

  /** Asks the service to restart, waits until a new start answers (its uptime began after the request), then reloads the page. */
  async restart(): Promise<void> {
    this.restarting = true;
    this.restartError = null;
    try {
      const asked = Date.now();
      await restartService();
      const deadline = asked + 120_000;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const health = await getHealth().catch(() => null);
        if (health && health.uptime_seconds <= Math.floor((Date.now() - asked) / 1000)) break;
        if (Date.now() > deadline)
          throw new Error('Spindle did not come back within two minutes; check the service log');
      }
      location.reload();
    } catch (error) {
      this.restartError = errorMessage(error);
      this.restarting = false;
    }
  }

  apply(message: ClientMessage): void {
    if (message.type !== 'drive_event') return;
    const others = this.drives.filter((d) => d.driveId !== message.drive_id);
    this.drives = [
      { driveId: message.drive_id, event: message.event, volumeLabel: message.volume_label, at: Date.now() },
      ...others,
    ].slice(0, 6);
    // The detector's own status line changes with the disc: read it again shortly.
    if (this.statusTimer) clearTimeout(this.statusTimer);
    this.statusTimer = setTimeout(() => void this.refreshStatus(), 300);
  }
}
