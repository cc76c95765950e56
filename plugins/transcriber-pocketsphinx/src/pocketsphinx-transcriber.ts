/**
 * Speech recognition with `pocketsphinx_continuous` on a 16 kHz mono WAV. With reference text in
 * the request it decodes with a language model built from that text (cached per context id);
 * otherwise with the general en-us model.
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

export interface PocketsphinxSettings {
  binary: string;
  acoustic_model: string;
  dictionary: string;
  language_model: string;
  timeout_seconds: number;
}

export class PocketsphinxTranscriber implements Transcriber {
  private dictionaryWords: Promise<Set<string>> | null = null;
  private readonly models = new Map<string, Promise<string>>();
  private readonly cacheDir: string;

  constructor(private readonly setup: PluginSetup<PocketsphinxSettings>) {
    this.cacheDir = join(setup.host.dataDir, 'cache', 'pocketsphinx');
  }

  status(): TranscriberStatus {
    const ready = existsSync(this.setup.settings.acoustic_model) && existsSync(this.setup.settings.dictionary);
    return {
      device: 'cpu',
      computeType: 'hmm',
      model: 'pocketsphinx en-us',
      ready,
      message: ready ? null : `PocketSphinx's English model is missing (${this.setup.settings.acoustic_model}); install the Debian packages pocketsphinx and pocketsphinx-en-us`,
    };
  }

  async transcribe(request: TranscribeRequest): Promise<Transcript> {
    if (!request.language.toLowerCase().startsWith('en')) {
      throw new SubtitleError('language_unsupported', `PocketSphinx only has an English model; "${request.language}" needs the whisper transcriber`);
    }
    const status = this.status();
    if (!status.ready) throw new SubtitleError('transcriber_not_ready', status.message!);
    const s = this.setup.settings;
    const lm = request.context ? ['-lm', await this.modelFor(request.context)] : ['-lm', s.language_model];
    // The host's runner (not a private one): the host knows of the process and stops it if it outlives a crash.
    const run = await this.setup.processes.run(
      s.binary,
      ['-infile', request.wavPath, '-hmm', s.acoustic_model, '-dict', s.dictionary, ...lm, '-logfn', '/dev/null'],
      { timeoutMs: s.timeout_seconds * 1000, signal: request.signal },
    );
    if (run.aborted) throw new SubtitleError('aborted', 'Transcription was cancelled');
    if (run.exitCode !== 0) {
      throw new SubtitleError('transcription_failed', `pocketsphinx_continuous exited with ${run.exitCode}: ${run.stderr.trim().slice(-300) || 'no message'}`);
    }
    const utterances = run.stdout.split('\n').map((l) => l.trim()).filter(Boolean);
    return { text: utterances.join(' '), segments: [], model: request.context ? `pocketsphinx en-us + lm:${request.context.id}` : 'pocketsphinx en-us' };
  }

  private words(): Promise<Set<string>> {
    this.dictionaryWords ??= readFile(this.setup.settings.dictionary, 'utf8').then(
      (text) => new Set(text.split('\n').map((line) => line.split(/\s/, 1)[0]!.replace(/\(\d+\)$/, '')).filter(Boolean)),
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
