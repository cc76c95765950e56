/**
 * One run of the Linux drive detector: a timer (not a loop) reads the sr drives from sysfs every
 * poll interval and turns changes into reports. Insert → discInserted (label from blkid/udev,
 * mount point and content hash when the disc is mounted); empty tray or drive gone → discRemoved.
 * The last reported disc of each drive is kept in the store, so a disc that was already in a drive
 * before a restart is not reported (and turned into a job) a second time.
 */
import {
  computeContentHash,
  errorMessage,
  reportDiscInserted,
  reportDiscRemoved,
  type DetectionSink,
  type JsonObject,
  type StageContext,
} from '@spindle/plugin-sdk';
import { readDiscLabel } from './disc-label.ts';
import type { LinuxDriveSettings } from './drive-settings.ts';
import { findMountPoint } from './mount-table.ts';
import { observeDrives, type DriveObservation } from './sysfs-drives.ts';

/** Polls a label read may be retried while blkid fails in a way that can pass (disc spinning up). */
const LABEL_ATTEMPTS = 3;

interface DriveState {
  /** The disc currently in the drive was reported (or was already reported before a restart). */
  reported: boolean;
  sectors: number;
  label: string;
  labelAttempts: number;
  /** An empty tray was seen in this run: a disc now is a new insert, whatever the store says. */
  seenEmpty: boolean;
}

interface StoredDisc extends JsonObject {
  sectors: number;
  label: string;
}

const discKey = (device: string) => `disc:${device}`;
const message = (error: unknown) => errorMessage(error);

export class DriveSession {
  private readonly drives = new Map<string, DriveState>();
  private timer: NodeJS.Timeout | null = null;
  private lastStatus = '';
  private lastCount = -1;

  constructor(
    private readonly settings: LinuxDriveSettings,
    private readonly blkid: string | null,
    private readonly sink: DetectionSink,
    private readonly ctx: StageContext,
    /** Called when a poll finds at least one drive. */
    private readonly drivesFound: () => void = () => undefined,
  ) {}

  async begin(): Promise<void> {
    this.ctx.signal.addEventListener('abort', () => this.timer && clearTimeout(this.timer), { once: true });
    await this.poll();
    this.schedule();
  }

  private schedule(): void {
    if (this.ctx.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.poll()
        .catch((error: unknown) => this.ctx.logger.warn(`checking the drives failed: ${message(error)}`))
        .finally(() => this.schedule());
    }, this.settings.pollMs);
  }

  private async poll(): Promise<void> {
    if (this.ctx.signal.aborted) return;
    const seen = await observeDrives(this.settings.sysfsRoot);
    if (seen.length !== this.lastCount) {
      this.lastCount = seen.length;
      const list = seen.map((d) => `${d.device}${d.model ? ` (${d.model})` : ''}`).join(', ');
      this.ctx.logger.info(seen.length === 0 ? 'no optical drive found' : `optical drives: ${list}`);
      if (seen.length > 0) this.drivesFound();
    }
    for (const drive of seen) {
      if (this.ctx.signal.aborted) return;
      const state = this.drives.get(drive.device) ?? {
        reported: false,
        sectors: 0,
        label: '',
        labelAttempts: 0,
        seenEmpty: false,
      };
      this.drives.set(drive.device, state);
      if (drive.sectors === 0) {
        state.seenEmpty = true;
        if (state.reported) await this.removed(drive.device, state);
        continue;
      }
      if (state.reported && state.sectors !== drive.sectors) await this.removed(drive.device, state); // swapped between two polls
      if (!state.reported) await this.inserted(drive, state);
    }
    for (const [device, state] of [...this.drives]) {
      if (seen.some((d) => d.device === device)) continue;
      if (state.reported) await this.removed(device, state); // the drive itself went away (USB)
      this.drives.delete(device);
    }
    this.updateStatus(seen);
  }

  private async inserted(drive: DriveObservation, state: DriveState): Promise<void> {
    const label = await readDiscLabel({
      blkid: this.blkid,
      device: drive.device,
      devNumber: drive.devNumber,
      udevDataRoot: this.settings.udevDataRoot,
      processes: this.ctx.processes,
    });
    if (this.ctx.signal.aborted) return;
    if (label.transient && ++state.labelAttempts < LABEL_ATTEMPTS) return; // ask again next poll
    const stored = await this.ctx.store.get<StoredDisc>(discKey(drive.device));
    Object.assign(state, { reported: true, sectors: drive.sectors, label: label.label, labelAttempts: 0 });
    if (!state.seenEmpty && stored?.sectors === drive.sectors && stored.label === label.label) {
      this.ctx.logger.info(
        `${drive.device} still holds "${label.label}", reported before the restart; not reported again`,
      );
      return;
    }
    const path = await findMountPoint(this.settings.mountsFile, drive.device);
    const contentHash = path ? await computeContentHash(path).catch(() => null) : null;
    if (this.ctx.signal.aborted) return;
    await this.ctx.store.set(discKey(drive.device), {
      sectors: drive.sectors,
      label: label.label,
    } satisfies StoredDisc);
    this.ctx.logger.info(`disc "${label.label}" inserted in ${drive.device}`, {
      labelFrom: label.source,
      mountPoint: path,
      contentHash,
    });
    await reportDiscInserted(this.sink, this.ctx.logger, {
      driveId: drive.device,
      volumeLabel: label.label,
      path,
      device: drive.device,
      contentHash,
    });
  }

  private async removed(device: string, state: DriveState): Promise<void> {
    Object.assign(state, { reported: false, sectors: 0, label: '', labelAttempts: 0, seenEmpty: true });
    await this.ctx.store.delete(discKey(device));
    if (this.ctx.signal.aborted) return;
    await reportDiscRemoved(this.sink, this.ctx.logger, device);
  }

  private updateStatus(seen: DriveObservation[]): void {
    const parts = seen.map((d) => {
      const state = this.drives.get(d.device);
      return `${d.name} ${state?.reported ? `"${state.label || 'no label'}"` : d.sectors > 0 ? 'reading' : 'empty'}`;
    });
    const text =
      seen.length === 0
        ? `no optical drive found in ${this.settings.sysfsRoot}/block`
        : `${seen.length} drive(s): ${parts.join(', ')}`;
    if (text === this.lastStatus || this.ctx.signal.aborted) return;
    this.lastStatus = text;
    this.sink.status(text);
  }
}
