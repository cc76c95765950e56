/**
 * The resident whisper-servers of one transcriber: at most one per worker (a title matched at once,
 * `max_concurrent_matches`), each serving one chunk at a time. A server is started on the first
 * chunk that needs it, replaced when it dies (the chunk in flight is tried once more on the new
 * one), and stopped after `idleMs` without work and by stopAll(). The host's shutdown kills them
 * too: they run through the host's process runner.
 */
import { throwIfAborted, type Logger, type ProcessRunner } from '@spindle/plugin-sdk';
import type { ParsedTranscript } from './whisper-json.ts';
import { ServerDiedError, WhisperServerProcess } from './whisper-server-process.ts';

export interface PoolLaunch {
  binary: string;
  model: string;
  threads: number;
  extraArgs?: readonly string[];
  requestFields?: Readonly<Record<string, string>>;
}

export interface WhisperServerPoolOptions {
  processes: ProcessRunner;
  logger: Logger;
  /** Stop a server after this long without a chunk. */
  idleMs: number;
  startTimeoutMs?: number;
}

interface Slot {
  server: WhisperServerProcess;
  key: string;
  busy: boolean;
  idleTimer: NodeJS.Timeout | null;
}

export class WhisperServerPool {
  private readonly slots: Slot[] = [];
  private readonly waiters: (() => void)[] = [];
  /** Servers started so far (each loads the model once); tests and the benchmark read it. */
  started = 0;

  constructor(private readonly options: WhisperServerPoolOptions) {}

  /** Servers now running. */
  get size(): number {
    return this.slots.length;
  }

  /** The running servers' process ids (tests kill one to prove the restart). */
  pids(): number[] {
    return this.slots.map((slot) => slot.server.pid).filter((pid): pid is number => pid !== null);
  }

  /** Model loads reported by the servers now running. */
  modelLoads(): number {
    return this.slots.reduce((sum, slot) => sum + slot.server.modelLoads, 0);
  }

  /**
   * Transcribes on a free server of this launch (binary, model, threads), starting one when fewer
   * than `workers` run. A ServerStartError means no server could be started (use whisper-cli).
   */
  async transcribe(
    launch: PoolLaunch,
    workers: number,
    wavPath: string,
    language: string,
    signal: AbortSignal,
    timeoutMs: number,
  ): Promise<ParsedTranscript> {
    for (let attempt = 0; ; attempt += 1) {
      const slot = await this.acquire(launch, Math.max(1, workers), signal);
      try {
        return await slot.server.transcribe(wavPath, language, signal, timeoutMs);
      } catch (error) {
        if (!(error instanceof ServerDiedError) || signal.aborted || attempt > 0) throw error;
        this.options.logger.warn('whisper-server died during a chunk; starting a new one and trying the chunk again', {
          error: error.message,
        });
        await this.remove(slot);
      } finally {
        this.release(slot);
      }
    }
  }

  /** Stops every server (idle or not). */
  async stopAll(): Promise<void> {
    await Promise.all([...this.slots].map((slot) => this.remove(slot)));
  }

  private async acquire(launch: PoolLaunch, workers: number, signal: AbortSignal): Promise<Slot> {
    const key = JSON.stringify(launch);
    for (;;) {
      throwIfAborted(signal);
      // Servers of an older launch (new model file, new build) are not reused.
      for (const stale of this.slots.filter((s) => s.key !== key && !s.busy)) await this.remove(stale);
      const free = this.slots.find((s) => s.key === key && !s.busy && s.server.running);
      if (free) return this.take(free);
      for (const dead of this.slots.filter((s) => !s.busy && !s.server.running)) await this.remove(dead);
      if (this.slots.length < workers) {
        const server = new WhisperServerProcess({
          processes: this.options.processes,
          logger: this.options.logger,
          ...launch,
          ...(this.options.startTimeoutMs ? { startTimeoutMs: this.options.startTimeoutMs } : {}),
        });
        const slot: Slot = { server, key, busy: true, idleTimer: null };
        this.slots.push(slot);
        try {
          await server.start();
        } catch (error) {
          this.slots.splice(this.slots.indexOf(slot), 1);
          this.wake();
          throw error;
        }
        this.started += 1;
        return slot;
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          signal.removeEventListener('abort', done);
          resolve();
        };
        this.waiters.push(done);
        signal.addEventListener('abort', done, { once: true });
      });
    }
  }

  private take(slot: Slot): Slot {
    slot.busy = true;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    return slot;
  }

  private release(slot: Slot): void {
    slot.busy = false;
    if (this.slots.includes(slot)) {
      slot.idleTimer = setTimeout(() => {
        this.options.logger.info('whisper-server idle; stopping it (the model is loaded again on the next chunk)', {
          idleSeconds: Math.round(this.options.idleMs / 1000),
        });
        void this.remove(slot);
      }, this.options.idleMs);
      slot.idleTimer.unref();
    }
    this.wake();
  }

  private async remove(slot: Slot): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    await slot.server.stop();
    this.wake();
  }

  private wake(): void {
    this.waiters.splice(0).forEach((wake) => wake());
  }
}
