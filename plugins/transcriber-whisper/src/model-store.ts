/**
 * Keeps the one speech model file in `{data_dir}/models`: downloads it on first use (shared by
 * concurrent callers), trusts a file already there once its size and SHA-256 were checked (the check
 * is remembered in the plugin's store by size and modification time), and deletes a damaged one.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { JsonObject, KeyValueStore, Logger } from '@spindle/plugin-sdk';
import { readGgmlHeader } from './ggml-header.ts';
import { damagedModelError, downloadModel, type DownloadProgress } from './model-download.ts';
import type { ModelSpec } from './model-spec.ts';

export interface ReadyModel {
  path: string;
  /** ggml ftype of the file (1 = float16). */
  ftype: number;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export class ModelStore {
  readonly path: string;
  private pending: Promise<ReadyModel> | null = null;
  private readonly listeners = new Set<(progress: DownloadProgress) => void>();

  constructor(
    private readonly deps: {
      dir: string;
      spec: ModelSpec;
      baseUrl: string;
      store: KeyValueStore;
      logger: Logger;
      userAgent?: string;
    },
  ) {
    this.path = join(deps.dir, deps.spec.fileName);
  }

  get url(): string {
    return `${this.deps.baseUrl}/${this.deps.spec.fileName}`;
  }

  /** The file is in place with the expected size (not hashed: a cheap check for status()). */
  presentSync(): boolean {
    return statSync(this.path, { throwIfNoEntry: false })?.size === this.deps.spec.sizeBytes;
  }

  /** The verified model, downloading it first if needed. */
  ensure(onProgress?: (progress: DownloadProgress) => void): Promise<ReadyModel> {
    if (onProgress) this.listeners.add(onProgress);
    this.pending ??= this.prepare().finally(() => {
      this.pending = null;
      this.listeners.clear();
    });
    return this.pending;
  }

  /** Deletes the model file (e.g. whisper-cli could not load it) so the next use downloads it again. */
  async discard(reason: string): Promise<void> {
    this.deps.logger.warn('deleting the speech model file', { path: this.path, reason });
    await rm(this.path, { force: true });
    await this.deps.store.delete(this.recordKey);
  }

  private get recordKey(): string {
    return `verified:${this.deps.spec.fileName}`;
  }

  private async prepare(): Promise<ReadyModel> {
    const { spec, logger } = this.deps;
    if (existsSync(this.path) && !(await this.trustExisting())) {
      await this.discard('size or SHA-256 differs from the published file');
    }
    if (!existsSync(this.path)) {
      await mkdir(this.deps.dir, { recursive: true });
      logger.info('downloading the speech model', { url: this.url, bytes: spec.sizeBytes });
      let lastTenth = -1;
      await downloadModel({
        url: this.url,
        dest: this.path,
        spec,
        ...(this.deps.userAgent ? { userAgent: this.deps.userAgent } : {}),
        onProgress: (progress) => {
          const tenth = Math.floor(progress.fraction * 10);
          if (tenth !== lastTenth) {
            lastTenth = tenth;
            logger.info(`speech model download ${tenth * 10}%`, {
              receivedBytes: progress.receivedBytes,
              totalBytes: progress.totalBytes,
            });
          }
          this.listeners.forEach((listener) => listener(progress));
        },
      });
      await this.remember();
      logger.info('speech model downloaded and verified', { path: this.path });
    }
    const header = await readGgmlHeader(this.path);
    if (!header) {
      await this.discard('not a ggml model file');
      throw damagedModelError('the file is not a ggml model');
    }
    return { path: this.path, ftype: header.ftype };
  }

  /** A file already in place: trusted if its check is remembered, else hashed now. */
  private async trustExisting(): Promise<boolean> {
    const { spec } = this.deps;
    const info = await stat(this.path);
    if (info.size !== spec.sizeBytes) return false;
    const record = (await this.deps.store.get<JsonObject>(this.recordKey)) ?? null;
    if (record && record.sha256 === spec.sha256 && record.size === info.size && record.mtimeMs === info.mtimeMs)
      return true;
    if ((await sha256Of(this.path)) !== spec.sha256) return false;
    await this.remember();
    return true;
  }

  private async remember(): Promise<void> {
    const info = await stat(this.path);
    await this.deps.store.set(this.recordKey, {
      sha256: this.deps.spec.sha256,
      size: info.size,
      mtimeMs: info.mtimeMs,
    });
  }
}
