/**
 * Downloads the model file to a temporary name next to its destination, hashing while it streams,
 * reporting progress, and renames it into place only when size and SHA-256 are the published ones.
 *
 * It streams with Node's fetch rather than the SDK's HttpClient, which buffers a whole response in
 * memory (465 MB here) and reports no progress.
 */
import { createHash } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { errorMessage, MatchingError } from '@spindle/plugin-sdk';
import { MODEL_DAMAGED_MESSAGE, type ModelSpec } from './model-spec.ts';

export interface DownloadProgress {
  receivedBytes: number;
  totalBytes: number;
  fraction: number;
}

export interface DownloadOptions {
  url: string;
  dest: string;
  spec: ModelSpec;
  onProgress?: (progress: DownloadProgress) => void;
  /** Give up when no byte arrived for this long (default 60 s). */
  stallMs?: number;
  userAgent?: string;
}

/** Progress is reported at every whole percent, and at least this often. */
const REPORT_EVERY_MS = 250;

export function damagedModelError(detail: string, cause?: unknown): MatchingError {
  return new MatchingError('speech_model_damaged', `${MODEL_DAMAGED_MESSAGE} (${detail})`, {
    retryable: true,
    ...(cause === undefined ? {} : { cause }),
  });
}

function downloadError(url: string, detail: string, cause?: unknown): MatchingError {
  return new MatchingError(
    'speech_model_download_failed',
    `The speech model could not be downloaded from ${url}: ${detail}`,
    {
      retryable: true,
      ...(cause === undefined ? {} : { cause }),
    },
  );
}

export async function downloadModel(options: DownloadOptions): Promise<void> {
  const { url, dest, spec } = options;
  const temp = `${dest}.download`;
  const stall = new AbortController();
  const stallMs = options.stallMs ?? 60_000;
  let stallTimer = setTimeout(() => stall.abort(), stallMs);
  const touch = () => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => stall.abort(), stallMs);
  };
  const stalledOr = (error: unknown) =>
    stall.signal.aborted ? `no data for ${Math.round(stallMs / 1000)} s` : errorMessage(error);
  try {
    let response: Response;
    try {
      response = await fetch(url, { signal: stall.signal, headers: { 'User-Agent': options.userAgent ?? 'Spindle' } });
    } catch (error) {
      throw downloadError(url, stalledOr(error), error);
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      throw downloadError(url, `HTTP ${response.status}`);
    }
    const announced = Number(response.headers.get('content-length') ?? NaN);
    if (Number.isFinite(announced) && announced !== spec.sizeBytes) {
      await response.body.cancel().catch(() => undefined);
      throw damagedModelError(`the server offers ${announced} bytes, ${spec.fileName} has ${spec.sizeBytes}`);
    }

    const hash = createHash('sha256');
    const file = await open(temp, 'w');
    let received = 0;
    let lastReport = 0;
    let lastPercent = -1;
    const report = (force: boolean) => {
      const now = Date.now();
      const percent = Math.floor((100 * received) / spec.sizeBytes);
      if (!force && percent === lastPercent && now - lastReport < REPORT_EVERY_MS) return;
      lastReport = now;
      lastPercent = percent;
      options.onProgress?.({
        receivedBytes: received,
        totalBytes: spec.sizeBytes,
        fraction: Math.min(1, received / spec.sizeBytes),
      });
    };
    try {
      report(true);
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        touch();
        received += chunk.byteLength;
        if (received > spec.sizeBytes) throw damagedModelError(`the download is larger than ${spec.sizeBytes} bytes`);
        hash.update(chunk);
        await file.write(chunk);
        report(false);
      }
    } catch (error) {
      if (error instanceof MatchingError) throw error;
      throw downloadError(url, stalledOr(error), error);
    } finally {
      await file.close();
    }
    report(true);
    if (received !== spec.sizeBytes) throw damagedModelError(`received ${received} of ${spec.sizeBytes} bytes`);
    const digest = hash.digest('hex');
    if (digest !== spec.sha256) throw damagedModelError(`SHA-256 ${digest} is not the published ${spec.sha256}`);
    await rename(temp, dest);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  } finally {
    clearTimeout(stallTimer);
  }
}
