/**
 * The resident pocketsphinx_batch processes of one transcriber, keyed by what they loaded (binary,
 * models, language model — one per reference context): every chunk of a title goes to the same
 * process; a second one starts only while the first is busy (two titles of one season at once).
 * A process that dies is replaced (the chunk in flight is tried once more); one without work for
 * `idleMs` is stopped; stopAll() and the host's shutdown stop the rest.
 */
import { SubtitleError, type ProcessRunner } from '@spindle/plugin-sdk';
import { DecoderGoneError, ResidentDecoder, type DecoderLaunch } from './resident-decoder.ts';

interface Slot {
  decoder: ResidentDecoder;
  key: string;
  busy: boolean;
  timer: NodeJS.Timeout | null;
}

export class DecoderPool {
  private readonly slots: Slot[] = [];
  /** Processes started so far (each loads the models once). */
  started = 0;

  constructor(
    private readonly processes: ProcessRunner,
    private readonly idleMs: number,
  ) {}

  get size(): number {
    return this.slots.length;
  }

  async decode(launch: DecoderLaunch, wavPath: string, signal: AbortSignal, timeoutMs: number): Promise<string> {
    for (let attempt = 0; ; attempt += 1) {
      if (signal.aborted) throw new SubtitleError('aborted', 'Transcription was cancelled');
      const slot = await this.acquire(launch);
      try {
        return await slot.decoder.decode(wavPath, signal, timeoutMs);
      } catch (error) {
        if (!(error instanceof DecoderGoneError) || attempt > 0 || signal.aborted) throw error;
        await this.remove(slot); // died under the chunk: once more on a new process
      } finally {
        this.release(slot);
      }
    }
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.slots].map((slot) => this.remove(slot)));
  }

  private async acquire(launch: DecoderLaunch): Promise<Slot> {
    const key = JSON.stringify(launch);
    for (const dead of this.slots.filter((s) => !s.busy && !s.decoder.running)) await this.remove(dead);
    const free = this.slots.find((s) => s.key === key && !s.busy);
    if (free) {
      free.busy = true;
      if (free.timer) clearTimeout(free.timer);
      free.timer = null;
      return free;
    }
    const slot: Slot = { decoder: new ResidentDecoder(this.processes, launch), key, busy: true, timer: null };
    this.slots.push(slot);
    try {
      await slot.decoder.start();
    } catch (error) {
      this.slots.splice(this.slots.indexOf(slot), 1);
      throw error;
    }
    this.started += 1;
    return slot;
  }

  private release(slot: Slot): void {
    slot.busy = false;
    if (!this.slots.includes(slot)) return;
    slot.timer = setTimeout(() => void this.remove(slot), this.idleMs);
    slot.timer.unref();
  }

  private async remove(slot: Slot): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    await slot.decoder.stop();
  }
}
