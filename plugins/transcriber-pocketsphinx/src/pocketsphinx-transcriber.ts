/**
 * Speech recognition with PocketSphinx on 16 kHz mono WAV chunks. With reference text in the
 * request it decodes with a language model built from that text (cached per context id);
 * otherwise with the general en-us model. By default each chunk runs `pocketsphinx_continuous`,
 * whose voice-activity segmentation hears noticeably better than `pocketsphinx_batch` decoding a
 * whole chunk as one utterance (the step-probe sample: the right words vs none of them). With
 * `resident_idle_seconds` above 0 the chunks of a title (same context) all go to one resident
 * `pocketsphinx_batch` that loaded the models once (decoder-pool.ts), falling back to
 * `pocketsphinx_continuous` when it cannot start.
 */
import {
  SubtitleError,
  type PluginSetup,
  type TranscribeRequest,
  type Transcriber,
  type TranscriberStatus,
  type Transcript,
} from '@spindle/plugin-sdk';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { buildArpa } from './arpa-language-model.ts';
import { DecoderPool } from './decoder-pool.ts';
import { DecoderGoneError } from './resident-decoder.ts';

export interface PocketsphinxSettings {
  binary: string;
  acoustic_model: string;
  dictionary: string;
  language_model: string;
  timeout_seconds: number;
  /** The batch decoder kept running between chunks. */
  batch_binary?: string;
  /** Stop a resident decoder after this long without a chunk; 0 = pocketsphinx_continuous per chunk. */
  resident_idle_seconds?: number;
}

export class PocketsphinxTranscriber implements Transcriber {
  private dictionaryWords: Promise<Set<string>> | null = null;
  private readonly models = new Map<string, Promise<string>>();
  private readonly cacheDir: string;
  /** The resident decoders; null when resident_idle_seconds is 0. */
  readonly decoders: DecoderPool | null;
  private batchUnavailable = false;

  constructor(private readonly setup: PluginSetup<PocketsphinxSettings>) {
    this.cacheDir = join(setup.host.dataDir, 'cache', 'pocketsphinx');
    const idleSeconds = setup.settings.resident_idle_seconds ?? 0; // off by default: see the manifest
    this.decoders = idleSeconds > 0 ? new DecoderPool(setup.processes, idleSeconds * 1000) : null;
  }

  /** Stops the resident decoders now (the host's shutdown stops them as well). */
  async stop(): Promise<void> {
    await this.decoders?.stopAll();
  }

  status(): TranscriberStatus {
    const ready = existsSync(this.setup.settings.acoustic_model) && existsSync(this.setup.settings.dictionary);
    return {
      device: 'cpu',
      computeType: 'hmm',
      model: 'pocketsphinx en-us',
      ready,
      message: ready
        ? null
        : `PocketSphinx's English model is missing (${this.setup.settings.acoustic_model}); install the Debian packages pocketsphinx and pocketsphinx-en-us`,
    };
  }

  async transcribe(request: TranscribeRequest): Promise<Transcript> {
    if (!request.language.toLowerCase().startsWith('en')) {
      throw new SubtitleError(
        'language_unsupported',
        `PocketSphinx only has an English model; "${request.language}" needs the whisper transcriber`,
      );
    }
    const status = this.status();
    if (!status.ready) throw new SubtitleError('transcriber_not_ready', status.message!);
    const s = this.setup.settings;
    const lm = request.context ? await this.modelFor(request.context) : s.language_model;
    const model = request.context ? `pocketsphinx en-us + lm:${request.context.id}` : 'pocketsphinx en-us';
    if (this.decoders && !this.batchUnavailable) {
      if (!existsSync(request.wavPath))
        throw new SubtitleError(
          'transcription_failed',
          `The audio chunk to transcribe does not exist: ${request.wavPath}`,
        );
      try {
        const launch = {
          binary: s.batch_binary ?? 'pocketsphinx_batch',
          hmm: s.acoustic_model,
          dict: s.dictionary,
          lm,
        };
        const text = await this.decoders.decode(launch, request.wavPath, request.signal, s.timeout_seconds * 1000);
        return { text, segments: [], model };
      } catch (error) {
        if (!(error instanceof DecoderGoneError) || request.signal.aborted) throw error;
        // Not installed or refuses to start: one process per chunk from now on.
        this.batchUnavailable = true;
        this.setup.logger.warn('pocketsphinx_batch is not usable; each chunk runs pocketsphinx_continuous', {
          error: error.message,
        });
      }
    }
    // The host's runner (not a private one): the host knows of the process and stops it if it outlives a crash.
    const run = await this.setup.processes.run(
      s.binary,
      ['-infile', request.wavPath, '-hmm', s.acoustic_model, '-dict', s.dictionary, '-lm', lm, '-logfn', '/dev/null'],
      { timeoutMs: s.timeout_seconds * 1000, signal: request.signal },
    );
    if (run.aborted) throw new SubtitleError('aborted', 'Transcription was cancelled');
    if (run.exitCode !== 0) {
      throw new SubtitleError(
        'transcription_failed',
        `pocketsphinx_continuous exited with ${run.exitCode}: ${run.stderr.trim().slice(-300) || 'no message'}`,
      );
    }
    const utterances = run.stdout
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    return { text: utterances.join(' '), segments: [], model };
  }

  private words(): Promise<Set<string>> {
    this.dictionaryWords ??= readFile(this.setup.settings.dictionary, 'utf8').then(
      (text) =>
        new Set(
          text
            .split('\n')
            .map((line) => line.split(/\s/, 1)[0]!.replace(/\(\d+\)$/, ''))
            .filter(Boolean),
        ),
    );
    return this.dictionaryWords;
  }

  /** The ARPA model for a context, built once per context id and kept on disk. */
  private modelFor(context: { id: string; text: string }): Promise<string> {
    const key = createHash('sha256').update(context.id).digest('hex').slice(0, 24);
    let model = this.models.get(key);
    if (!model) {
      model = (async () => {
        const path = join(this.cacheDir, `${key}.lm`);
        if (existsSync(path)) return path;
        const words = await this.words();
        const { arpa } = buildArpa(context.text, (w) => words.has(w));
        await mkdir(this.cacheDir, { recursive: true });
        await writeFile(`${path}.tmp`, arpa);
        await rename(`${path}.tmp`, path);
        return path;
      })();
      model.catch(() => this.models.delete(key));
      this.models.set(key, model);
    }
    return model;
  }
}
