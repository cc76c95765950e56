/**
 * Turns successive drive lists into reports: a drive whose media appeared → discInserted (with
 * the volume name, `X:\` as the path and the content hash read from it), media gone or drive gone
 * → discRemoved. The last reported disc per drive is kept in the store so that a disc already
 * reported before a restart is not reported again.
 */
import {
  computeContentHash,
  reportDiscInserted,
  reportDiscRemoved,
  type DetectionSink,
  type JsonObject,
  type StageContext,
} from '@spindle/plugin-sdk';
import type { CdromDrive } from './cim-drives.ts';

interface StoredDisc extends JsonObject {
  identity: string;
}

interface DriveState {
  identity: string | null;
  label: string;
  seenEmpty: boolean;
}

const discKey = (drive: string) => `disc:${drive}`;
const identityOf = (d: CdromDrive) => `${d.volumeSerialNumber ?? ''}|${d.size ?? ''}|${d.volumeName}`;

export class DriveTracker {
  private readonly drives = new Map<string, DriveState>();
  private lastStatus = '';

  constructor(
    private readonly sink: DetectionSink,
    private readonly ctx: StageContext,
    /** Reads the content hash from a drive root; replaceable in tests. */
    private readonly hashOf: (root: string) => Promise<string | null> = computeContentHash,
  ) {}

  async update(list: CdromDrive[]): Promise<void> {
    for (const drive of list) {
      if (this.ctx.signal.aborted) return;
      const state = this.drives.get(drive.drive) ?? { identity: null, label: '', seenEmpty: false };
      this.drives.set(drive.drive, state);
      if (!drive.mediaLoaded) {
        state.seenEmpty = true;
        if (state.identity !== null) await this.removed(drive.drive, state);
        continue;
      }
      const identity = identityOf(drive);
      if (state.identity === identity) continue;
      if (state.identity !== null) await this.removed(drive.drive, state); // swapped between two polls
      await this.inserted(drive, identity, state);
    }
    for (const [letter, state] of [...this.drives]) {
      if (list.some((d) => d.drive === letter)) continue;
      if (state.identity !== null) await this.removed(letter, state);
      this.drives.delete(letter);
    }
    this.status(list);
  }

  private async inserted(drive: CdromDrive, identity: string, state: DriveState): Promise<void> {
    const stored = await this.ctx.store.get<StoredDisc>(discKey(drive.drive));
    Object.assign(state, { identity, label: drive.volumeName });
    if (!state.seenEmpty && stored?.identity === identity) {
      this.ctx.logger.info(
        `${drive.drive} still holds "${drive.volumeName}", reported before the restart; not reported again`,
      );
      return;
    }
    const path = `${drive.drive}\\`;
    const contentHash = await this.hashOf(path).catch(() => null);
    if (this.ctx.signal.aborted) return;
    await this.ctx.store.set(discKey(drive.drive), { identity } satisfies StoredDisc);
    this.ctx.logger.info(`disc "${drive.volumeName}" inserted in ${drive.drive}`, { contentHash });
    await reportDiscInserted(this.sink, this.ctx.logger, {
      driveId: drive.drive,
      volumeLabel: drive.volumeName,
      path,
      device: drive.drive,
      contentHash,
    });
  }

  private async removed(letter: string, state: DriveState): Promise<void> {
    Object.assign(state, { identity: null, label: '', seenEmpty: true });
    await this.ctx.store.delete(discKey(letter));
    if (this.ctx.signal.aborted) return;
    await reportDiscRemoved(this.sink, this.ctx.logger, letter);
  }

  status(list: CdromDrive[]): void {
    const parts = list.map((d) => `${d.drive} ${d.mediaLoaded ? `"${d.volumeName || 'no label'}"` : 'empty'}`);
    this.setStatus(list.length === 0 ? 'no optical drive found' : `${list.length} drive(s): ${parts.join(', ')}`);
  }

  setStatus(text: string): void {
    if (text === this.lastStatus || this.ctx.signal.aborted) return;
    this.lastStatus = text;
    this.sink.status(text);
  }
}
