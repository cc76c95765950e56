/**
 * The `whisper` transcriber: whisper.cpp built on first use from the source that nodejs-whisper
 * ships, with the fixed `small` model downloaded on first use. Chunks go to resident whisper-servers
 * that keep the model loaded (docs/adr/0010-resident-whisper-server.md); whisper-cli, one process per
 * chunk, is the fallback. status() says what it is doing (building, downloading, ready, or what went
 * wrong) for GET /api/asr-status.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  errorMessage,
  MatchingError,
  throwIfAborted,
  untilAborted,
  type JsonObject,
  type PluginSetup,
  type TranscribeRequest,
  type Transcriber,
  type TranscriberStatus,
  type Transcript,
} from '@spindle/plugin-sdk';
import { nvidiaGpuPresent, threadsPerTranscription } from './machine-facts.ts';
import { damagedModelError } from './model-download.ts';
import { MODEL_DAMAGED_MESSAGE, SMALL_MODEL, type ModelSpec } from './model-spec.ts';
import { ModelStore, type ReadyModel } from './model-store.ts';
import { ModelLoadError, runWhisperCli } from './whisper-cli-run.ts';
import { WhisperBuilder, type BuildVariant, type WhisperBinary } from './whisper-build.ts';
import { ServerStartError } from './whisper-server-process.ts';
import { WhisperServerPool } from './whisper-server-pool.ts';
import { describeStatus, downloadActivity, type Activity } from './whisper-status.ts';
import type { WhisperTranscriberOptions } from './whisper-transcriber-options.ts';
import { readWhisperSettings, type WhisperSettings } from './whisper-settings.ts';
import { locateWhisperSource } from './whisper-source.ts';

/** After this many failed starts in a row, whisper-cli serves every chunk until the next restart. */
const SERVER_START_ATTEMPTS = 3;

export class WhisperTranscriber implements Transcriber {
  readonly settings: WhisperSettings;
  private readonly builder: WhisperBuilder;
  private readonly models: ModelStore;
  private readonly spec: ModelSpec;
  private readonly gpuDetected: boolean;
  private binary: WhisperBinary | null;
  private cudaFailed = false;
  private ftype: number | null = null;
  private current: Activity | null = null;
  /** The last problem of each part, cleared when that part succeeds. */
  private readonly problems: { build: string | null; model: string | null } = { build: null, model: null };
  private readonly listeners = new Set<(status: TranscriberStatus) => void>();
  /** The resident whisper-servers; null when resident_idle_seconds is 0. */
  readonly servers: WhisperServerPool | null;
  private serverStartFailures = 0;
  private readonly decodeArgs: readonly string[];

  constructor(
    private readonly setup: PluginSetup<JsonObject>,
    options: WhisperTranscriberOptions = {},
  ) {
    this.settings = readWhisperSettings(setup.settings);
    this.spec = options.modelSpec ?? SMALL_MODEL;
    this.gpuDetected = nvidiaGpuPresent(options.gpuProbe);
    this.builder = new WhisperBuilder({
      processes: setup.processes,
      logger: setup.logger,
      source: options.source ?? locateWhisperSource(),
      cacheRoot: this.settings.buildCacheDir ?? join(setup.host.dataDir, 'cache', 'whisper-build'),
      ...(options.cmake ? { cmake: options.cmake } : {}),
    });
    this.models = new ModelStore({
      dir: join(setup.host.dataDir, 'models'),
      spec: this.spec,
      baseUrl: this.settings.modelBaseUrl,
      store: setup.store,
      logger: setup.logger,
      userAgent: `Spindle/${setup.host.appVersion}`,
    });
    this.binary = this.builder.cached(this.wantedVariant());
    this.decodeArgs = options.decodeArgs ?? [];
    this.servers =
      this.settings.residentIdleSeconds > 0
        ? new WhisperServerPool({
            processes: setup.processes,
            logger: setup.logger,
            idleMs: this.settings.residentIdleSeconds * 1000,
            ...(options.serverStartTimeoutMs ? { startTimeoutMs: options.serverStartTimeoutMs } : {}),
          })
        : null;
  }

  /** Stops the resident whisper-servers now (the host's shutdown stops them as well). */
  async stop(): Promise<void> {
    await this.servers?.stopAll();
  }

  /** The build this machine and the settings call for. */
  wantedVariant(): BuildVariant {
    return this.settings.gpuEnabled && this.gpuDetected && !this.cudaFailed ? 'cuda' : 'cpu';
  }

  status(): TranscriberStatus {
    return describeStatus({
      ready: this.binary !== null && this.models.presentSync(),
      variant: this.binary?.variant ?? null,
      ftype: this.ftype,
      spec: this.spec,
      current: this.current,
      problems: this.problems,
      gpu: {
        detected: this.gpuDetected,
        enabled: this.settings.gpuEnabled,
        runtimeInstalled: this.builder.cached('cuda') !== null,
      },
    });
  }

  /** Called with the new status on every change (building and download progress included). */
  onStatus(listener: (status: TranscriberStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Builds whisper-cli and fetches the model if needed; transcribe() does this on first use. */
  async prepare(signal: AbortSignal): Promise<{ binary: WhisperBinary; model: ReadyModel }> {
    throwIfAborted(signal);
    const binary = await untilAborted(this.ensureBinary(), signal);
    throwIfAborted(signal);
    const model = await untilAborted(this.ensureModel(), signal);
    return { binary, model };
  }

  async transcribe(request: TranscribeRequest): Promise<Transcript> {
    throwIfAborted(request.signal);
    if (!existsSync(request.wavPath)) {
      throw new MatchingError(
        'transcribe_input_missing',
        `The audio chunk to transcribe does not exist: ${request.wavPath}`,
      );
    }
    const { binary, model } = await this.prepare(request.signal);
    const maxConcurrent = this.setup.setting?.('max_concurrent_matches');
    const threads = threadsPerTranscription(this.settings.threads, maxConcurrent);
    const timeoutMs = this.settings.transcribeTimeoutSeconds * 1000;
    if (this.servers && binary.serverPath && this.serverStartFailures < SERVER_START_ATTEMPTS) {
      const workers = typeof maxConcurrent === 'number' && maxConcurrent >= 1 ? Math.floor(maxConcurrent) : 1;
      try {
        const launch = { binary: binary.serverPath, model: model.path, threads, extraArgs: this.decodeArgs };
        const parsed = await this.servers.transcribe(
          launch,
          workers,
          request.wavPath,
          request.language,
          request.signal,
          timeoutMs,
        );
        this.serverStartFailures = 0;
        return { text: parsed.text, segments: parsed.segments, model: this.spec.name };
      } catch (error) {
        if (!(error instanceof ServerStartError)) throw error;
        this.serverStartFailures += 1;
        this.setup.logger.warn('whisper-server could not start; this chunk uses whisper-cli', {
          error: error.message,
          failuresInARow: this.serverStartFailures,
        });
      }
    }
    return this.transcribeWithCli(binary, model, request, threads, timeoutMs);
  }

  /** One whisper-cli process for this chunk: loads the model, transcribes, exits. */
  private async transcribeWithCli(
    binary: WhisperBinary,
    model: ReadyModel,
    request: TranscribeRequest,
    threads: number,
    timeoutMs: number,
  ): Promise<Transcript> {
    const workDir = await mkdtemp(join(tmpdir(), 'spindle-whisper-'));
    try {
      const parsed = await runWhisperCli(this.setup.processes, {
        binary: binary.path,
        model: model.path,
        wavPath: request.wavPath,
        language: request.language,
        threads,
        workDir,
        signal: request.signal,
        timeoutMs,
        extraArgs: this.decodeArgs,
      });
      return { text: parsed.text, segments: parsed.segments, model: this.spec.name };
    } catch (error) {
      if (!(error instanceof ModelLoadError)) throw error;
      await this.servers?.stopAll();
      await this.models.discard(`whisper-cli could not load it: ${error.message}`);
      this.ftype = null;
      this.setProblem('model', MODEL_DAMAGED_MESSAGE);
      throw damagedModelError(`whisper-cli could not load it: ${error.message}`);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  private async ensureBinary(): Promise<WhisperBinary> {
    const variant = this.wantedVariant();
    if (this.binary?.variant === variant) return this.binary;
    try {
      this.binary = await this.build(variant);
    } catch (error) {
      if (variant !== 'cuda') throw this.failed('build', error);
      // No CUDA toolkit, or it cannot build for this GPU: run on the CPU (tried again after a restart).
      this.cudaFailed = true;
      this.setup.logger.warn('the CUDA build of whisper-cli failed; using the CPU', { error: errorMessage(error) });
      try {
        this.binary = await this.build('cpu');
      } catch (cpuError) {
        throw this.failed('build', cpuError);
      }
      this.setProblem('build', `The CUDA build of whisper-cli failed, so the CPU is used: ${errorMessage(error)}`);
      return this.binary;
    }
    this.setProblem('build', null);
    return this.binary;
  }

  private async build(variant: BuildVariant): Promise<WhisperBinary> {
    try {
      return await this.builder.ensure(variant, (p) =>
        this.setActivity({ activity: 'building', progress: p.fraction, message: p.message }),
      );
    } finally {
      this.setActivity(null);
    }
  }

  private async ensureModel(): Promise<ReadyModel> {
    try {
      const model = await this.models.ensure((p) => this.setActivity(downloadActivity(p)));
      this.ftype = model.ftype;
      this.setProblem('model', null);
      return model;
    } catch (error) {
      throw this.failed('model', error);
    } finally {
      this.setActivity(null);
    }
  }

  private failed(part: 'build' | 'model', error: unknown): unknown {
    this.setProblem(part, errorMessage(error));
    return error;
  }

  private setProblem(part: 'build' | 'model', message: string | null): void {
    this.problems[part] = message;
    this.emit();
  }

  private setActivity(activity: Activity | null): void {
    this.current = activity;
    this.emit();
  }

  private emit(): void {
    if (this.listeners.size === 0) return;
    const status = this.status();
    this.listeners.forEach((listener) => listener(status));
  }
}
