/**
 * One resident whisper-server (whisper.cpp's examples/server, built beside whisper-cli): it loads the
 * model once and then transcribes chunk after chunk over HTTP. Started through the SDK's process
 * runner (no shell, its process group killed on stop and when the host shuts down), bound to
 * 127.0.0.1 on a free port, every route under a random path only this process knows, static files
 * served from an empty private folder. See docs/adr/0010-resident-whisper-server.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AbortedError, errorMessage, MatchingError, type Logger, type ProcessRunner } from '@spindle/plugin-sdk';
import { whisperLanguage } from './whisper-cli-run.ts';
import type { ParsedTranscript } from './whisper-json.ts';
import { multipart, parseServerJson, post } from './whisper-server-http.ts';

export interface WhisperServerOptions {
  processes: ProcessRunner;
  logger: Logger;
  /** The whisper-server executable. */
  binary: string;
  model: string;
  threads: number;
  /** Extra whisper.cpp decoding flags given at start (e.g. the benchmark's bounded decoding). */
  extraArgs?: readonly string[];
  /** Extra form fields of every request (whisper-server takes some decoding options only per request). */
  requestFields?: Readonly<Record<string, string>>;
  /** How long loading the model may take before the start counts as failed. */
  startTimeoutMs?: number;
}

/** The server could not be started (the caller falls back to whisper-cli). */
export class ServerStartError extends Error {}
/** The server process ended while a chunk was in flight (the caller retries once on a new one). */
export class ServerDiedError extends Error {}

const MODEL_LOAD_LINE = /loading model from '/;

/** A port nothing listens on right now (the kernel's choice); a lost race shows as a bind failure. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const tail = (lines: string[]) =>
  lines
    .filter((l) => l.trim() !== '')
    .slice(-4)
    .join(' | ');

export class WhisperServerProcess {
  /** Times this process started loading a model (its own log says so); 1 for a healthy server. */
  modelLoads = 0;
  private readonly stopper = new AbortController();
  private readonly secret = `/${randomBytes(16).toString('hex')}`;
  private readonly stderr: string[] = [];
  private port = 0;
  private exited: Promise<void> | null = null;
  private alive = false;
  private pidValue: number | null = null;
  private workDir: string | null = null;
  private polling = true;

  constructor(private readonly options: WhisperServerOptions) {}

  get running(): boolean {
    return this.alive;
  }

  /** The server's process id, once started (tests kill it to prove the restart). */
  get pid(): number | null {
    return this.pidValue;
  }

  /** Starts the server and waits until the model is loaded and it listens. */
  async start(): Promise<void> {
    const { processes, binary, model, threads } = this.options;
    this.workDir = await mkdtemp(join(tmpdir(), 'spindle-whisper-server-'));
    this.port = await freeLoopbackPort();
    const args = [
      '-m',
      model,
      '-t',
      String(threads),
      '-p',
      '1',
      // whisper-cli's defaults (beam search of 5, best of 5); whisper-server's own are greedy, best of 2.
      '-bs',
      '5',
      '-bo',
      '5',
      '--host',
      '127.0.0.1',
      '--port',
      String(this.port),
      '--request-path',
      this.secret,
      '--public',
      join(this.workDir, 'none'),
      ...(this.options.extraArgs ?? []),
    ];
    const run = processes.run(binary, args, {
      cwd: this.workDir,
      signal: this.stopper.signal,
      onStderrLine: (line) => {
        if (MODEL_LOAD_LINE.test(line)) this.modelLoads += 1;
        this.stderr.push(line);
        if (this.stderr.length > 200) this.stderr.splice(0, 100);
      },
    });
    this.alive = true;
    const ended = run.then(
      (result) => `exit code ${result.exitCode ?? result.signal ?? 'none'}`,
      (error: unknown) => errorMessage(error),
    );
    this.exited = ended.then(async () => {
      this.alive = false;
      if (this.workDir) await rm(this.workDir, { recursive: true, force: true }).catch(() => {});
    });
    const timeoutMs = this.options.startTimeoutMs ?? 120_000;
    let timer: NodeJS.Timeout | undefined;
    // Its stdout is a pipe, so "listening" may sit in a buffer: ask its health route instead.
    const outcome = await Promise.race([
      this.healthy().then(() => 'listening' as const),
      ended.then((why) => why),
      new Promise<string>(
        (resolve) =>
          (timer = setTimeout(() => resolve(`not listening after ${Math.round(timeoutMs / 1000)} s`), timeoutMs)),
      ),
    ]);
    clearTimeout(timer);
    this.polling = false;
    if (outcome !== 'listening') {
      await this.stop();
      throw new ServerStartError(`whisper-server did not start (${outcome}): ${tail(this.stderr) || 'no message'}`);
    }
    this.pidValue = await this.findPid();
    this.options.logger.info('whisper-server started; the model stays loaded', {
      port: this.port,
      pid: this.pidValue,
      threads,
    });
  }

  /** Transcribes one 16 kHz mono WAV. The signal cancels this request (the server stops decoding it). */
  async transcribe(
    wavPath: string,
    language: string,
    signal: AbortSignal,
    timeoutMs: number,
  ): Promise<ParsedTranscript> {
    const fields = {
      ...this.options.requestFields,
      language: whisperLanguage(language),
      response_format: 'verbose_json',
      no_language_probabilities: 'true',
    };
    const body = multipart(fields, await readFile(wavPath));
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: { status: number; text: string };
    try {
      // node:http, not fetch: fetch gives up waiting for response headers after 300 s, a long chunk may take longer.
      response = await post(
        `http://127.0.0.1:${this.port}${this.secret}/inference`,
        body,
        AbortSignal.any([signal, timeout]),
      );
    } catch (error) {
      if (signal.aborted) throw new AbortedError('Transcription aborted; the request to whisper-server was cancelled');
      if (timeout.aborted) {
        await this.stop(); // it may still be decoding; a fresh one serves the next chunk
        throw new MatchingError(
          'whisper_timed_out',
          `whisper-server did not finish within ${Math.round(timeoutMs / 1000)} s; it was stopped.`,
          { retryable: true },
        );
      }
      throw new ServerDiedError(`whisper-server stopped answering: ${errorMessage(error)}`);
    }
    if (response.status !== 200) {
      if (!this.alive || response.status >= 500)
        throw new ServerDiedError(`whisper-server failed (HTTP ${response.status}): ${response.text.slice(0, 200)}`);
      throw new MatchingError(
        'whisper_failed',
        `whisper-server refused the chunk (HTTP ${response.status}): ${response.text.slice(0, 200)}`,
        { retryable: true },
      );
    }
    return parseServerJson(response.text);
  }

  /** Resolves once GET {secret}/health answers 200 (model loaded, listening); stops trying when told. */
  private async healthy(): Promise<void> {
    while (this.polling && this.alive) {
      try {
        const response = await fetch(`http://127.0.0.1:${this.port}${this.secret}/health`, {
          signal: AbortSignal.timeout(5000),
        });
        await response.body?.cancel();
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise(() => {}); // gave up: the race is decided by the exit or the timeout
  }

  /** Stops the server (its process group) and waits until it is gone. */
  async stop(): Promise<void> {
    this.stopper.abort(new Error('whisper-server no longer needed'));
    await this.exited;
  }

  /** The runner does not hand out the child: on Linux, the process whose command line holds this server's path. */
  private async findPid(): Promise<number | null> {
    if (process.platform !== 'linux') return null;
    for (const entry of await readdir('/proc').catch(() => [] as string[])) {
      if (!/^\d+$/.test(entry)) continue;
      const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
      if (cmdline.includes(this.secret) && cmdline.includes('--request-path')) return Number(entry);
    }
    return null;
  }
}
