/**
 * One long-lived `pocketsphinx_batch` that loads the acoustic model, dictionary and language model
 * once and then decodes chunk after chunk. Its control file (-ctl) is a FIFO: each chunk is one line
 * naming a link to the chunk's WAV in a private folder (-cepdir, -cepext .wav, -adcin yes, the
 * 44-byte header skipped as pocketsphinx_continuous does). Its hypothesis file (-hyp) is a second
 * FIFO, written unbuffered: "<words> (<uttid> <score>)" per chunk (not /dev/stdout: the runner's
 * stdout is a socket, which fopen refuses). Both FIFOs are opened read-write here, so no open
 * blocks. Started through the host's process runner (no shell; killed on stop, on abort and at shutdown).
 */
import { closeSync, constants, existsSync, openSync, writeSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { errorMessage, SubtitleError, type ProcessRunner } from '@spindle/plugin-sdk';

export interface DecoderLaunch {
  binary: string;
  hmm: string;
  dict: string;
  lm: string;
}

/** The decoder process ended (or never started) while a chunk waited. */
export class DecoderGoneError extends Error {}

interface Waiting {
  resolve: (text: string) => void;
  reject: (error: unknown) => void;
}

const HYP_LINE = /^(.*) \((u\d+) -?\d+\)$/;

export class ResidentDecoder {
  private readonly stopper = new AbortController();
  private readonly waiting = new Map<string, Waiting>();
  private ctl: number | null = null;
  private hyp: Socket | null = null;
  private dir = '';
  private count = 0;
  private alive = false;
  private exited: Promise<string> = Promise.resolve('not started');
  private readonly stderr: string[] = [];

  constructor(
    private readonly processes: ProcessRunner,
    readonly launch: DecoderLaunch,
  ) {}

  get running(): boolean {
    return this.alive;
  }

  async start(): Promise<void> {
    this.dir = await mkdtemp(join(tmpdir(), 'spindle-sphinx-'));
    const control = join(this.dir, 'control');
    const hypotheses = join(this.dir, 'hypotheses');
    const made = await this.processes.run('mkfifo', ['-m', '600', control, hypotheses]);
    if (made.exitCode !== 0) throw new DecoderGoneError(`mkfifo failed: ${made.stderr.trim()}`);
    this.ctl = openSync(control, constants.O_RDWR | constants.O_NONBLOCK);
    this.hyp = new Socket({
      fd: openSync(hypotheses, constants.O_RDWR | constants.O_NONBLOCK),
      readable: true,
      writable: false,
    });
    createInterface({ input: this.hyp }).on('line', (line) => this.onLine(line));
    const { binary, hmm, dict, lm } = this.launch;
    const run = this.processes.run(
      binary,
      [
        '-ctl',
        control,
        '-hyp',
        hypotheses,
        '-adcin',
        'yes',
        '-adchdr',
        '44',
        '-cepdir',
        this.dir,
        '-cepext',
        '.wav',
        '-hmm',
        hmm,
        '-dict',
        dict,
        '-lm',
        lm,
        '-logfn',
        '/dev/null',
      ],
      {
        signal: this.stopper.signal,
        onStderrLine: (line) => {
          this.stderr.push(line);
          if (this.stderr.length > 50) this.stderr.shift();
        },
      },
    );
    this.alive = true;
    this.exited = run.then(
      (result) => `exited with ${result.exitCode ?? result.signal ?? 'no code'}`,
      (error: unknown) => errorMessage(error),
    );
    void this.exited.then(async (why) => {
      this.alive = false;
      const gone = new DecoderGoneError(
        `pocketsphinx_batch ${why}: ${this.stderr.slice(-3).join(' | ') || 'no message'}`,
      );
      this.waiting.forEach((w) => w.reject(gone));
      this.waiting.clear();
      this.hyp?.destroy();
      if (this.ctl !== null) closeSync(this.ctl);
      this.ctl = null;
      await rm(this.dir, { recursive: true, force: true }).catch(() => {});
    });
    // A missing executable ends the run at once; give that a moment to show before the first chunk.
    const early = await Promise.race([
      this.exited,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 50)),
    ]);
    if (early !== null)
      throw new DecoderGoneError(
        `pocketsphinx_batch did not start (${early}): ${this.stderr.slice(-3).join(' | ') || 'no message'}`,
      );
  }

  /** Decodes one 16 kHz mono WAV; the signal stops the process (it is started again for the next chunk). */
  async decode(wavPath: string, signal: AbortSignal, timeoutMs: number): Promise<string> {
    if (!this.alive || this.ctl === null) throw new DecoderGoneError('pocketsphinx_batch is not running');
    this.count += 1;
    const id = `u${this.count}`;
    const link = join(this.dir, `${id}.wav`);
    // The process may end while the link is made: its end is seen a moment after it dies (a killed
    // decoder is a zombie until then), and its folder goes with it. Said as gone, so the pool starts a new one.
    const linked = await symlink(resolve(wavPath), link).then(
      () => null,
      (error: unknown) => error,
    );
    if (!this.alive || this.ctl === null) {
      await rm(link, { force: true }).catch(() => {});
      throw new DecoderGoneError('pocketsphinx_batch ended before the chunk could be sent');
    }
    if (linked) throw linked;
    const result = new Promise<string>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    const onAbort = () => {
      this.waiting.get(id)?.reject(new SubtitleError('aborted', 'Transcription was cancelled'));
      this.waiting.delete(id);
      void this.stop();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => {
      this.waiting
        .get(id)
        ?.reject(
          new SubtitleError(
            'transcription_failed',
            `pocketsphinx_batch did not finish the chunk within ${Math.round(timeoutMs / 1000)} s and was stopped`,
          ),
        );
      this.waiting.delete(id);
      void this.stop();
    }, timeoutMs);
    try {
      writeSync(this.ctl, `${id}\n`);
      return await result;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      await rm(link, { force: true }).catch(() => {});
    }
  }

  async stop(): Promise<void> {
    this.stopper.abort(new Error('pocketsphinx_batch no longer needed'));
    await this.exited;
  }

  private onLine(line: string): void {
    const match = HYP_LINE.exec(line.trimEnd());
    if (!match) return;
    const waiter = this.waiting.get(match[2]!);
    this.waiting.delete(match[2]!);
    waiter?.resolve(match[1]!.trim());
  }
}

/** True when a chunk's file exists (pocketsphinx_batch skips a missing file without a word). */
export const chunkExists = (path: string) => existsSync(path);
