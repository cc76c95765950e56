/**
 * Facts about the running service for the header and the dashboard's status strip: health,
 * detector status lines (drives, staging watcher), recent drive events and the ASR status.
 */
import { getAsrStatus, getHealth, getStatus, type ClientMessage, type GetAsrStatusResponse, type GetHealthResponse, type GetStatusResponse } from '../api/generated.ts';
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

  private statusTimer: ReturnType<typeof setTimeout> | null = null;

  async refresh(): Promise<void> {
    const [health, status, asr] = await Promise.allSettled([getHealth(), getStatus(), getAsrStatus()]);
    if (health.status === 'fulfilled') this.health = health.value;
    if (status.status === 'fulfilled') this.detectors = status.value.detectors ?? [];
    if (asr.status === 'fulfilled') this.asr = asr.value;
    const failed = [health, status, asr].find((r) => r.status === 'rejected');
    this.error = failed && failed.status === 'rejected' ? errorMessage(failed.reason) : null;
  }

  async refreshStatus(): Promise<void> {
    try {
      this.detectors = (await getStatus()).detectors ?? [];
    } catch {
      // keep the last known lines
    }
  }

  apply(message: ClientMessage): void {
    if (message.type !== 'drive_event') return;
    const others = this.drives.filter((d) => d.driveId !== message.drive_id);
    this.drives = [{ driveId: message.drive_id, event: message.event, volumeLabel: message.volume_label, at: Date.now() }, ...others].slice(0, 6);
    // The detector's own status line changes with the disc: read it again shortly.
    if (this.statusTimer) clearTimeout(this.statusTimer);
    this.statusTimer = setTimeout(() => void this.refreshStatus(), 300);
  }
}
