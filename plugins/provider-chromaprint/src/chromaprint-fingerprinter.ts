/**
 * Fingerprinter on ffmpeg's chromaprint muxer. All windows of a request come from ONE ffmpeg pass:
 * the pass decodes the span from (first window − pre-roll) to (last window end) into 16 kHz mono,
 * the muxer writes raw 32-bit items, and the items are cut into windows by chromaprint's clock.
 * Chromaprint's filters need ≈20 frames of context, so a stream of S seconds gives ≈20 items fewer
 * than S / ITEM_SECONDS: the span gets a "roll" of audio on both sides so every window stays whole.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AbortedError,
  ConfigurationError,
  MatchingError,
  SpindleError,
  throwIfAborted,
  type Fingerprinter,
  type FingerprintRequest,
  type FingerprintWindow,
  type PluginSetup,
} from '@spindle/plugin-sdk';
import { EXTRACT_SAMPLE_RATE, itemIndexAt, itemsIn, readRawItems } from './chromaprint-timing.ts';

export interface ChromaprintSettings {
  preroll_seconds: number;
  timeout_seconds: number;
}

const STDERR_TAIL = 400;

export function ffmpegArgs(filePath: string, spanStart: number, spanSeconds: number, output: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-ss',
    spanStart.toFixed(3),
    '-t',
    spanSeconds.toFixed(3),
    '-i',
    filePath,
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    '-ac',
    '1',
    '-ar',
    String(EXTRACT_SAMPLE_RATE),
    '-f',
    'chromaprint',
    '-fp_format',
    'raw',
    output,
  ];
}

export class ChromaprintFingerprinter implements Fingerprinter {
  constructor(private readonly setup: PluginSetup<ChromaprintSettings>) {}

  private ffmpeg(): string {
    const configured = this.setup.setting?.('media_tool_path');
    return typeof configured === 'string' && configured.trim() !== '' ? configured : 'ffmpeg';
  }

  async fingerprint(request: FingerprintRequest): Promise<FingerprintWindow[]> {
    throwIfAborted(request.signal);
    const { windowStarts, windowSeconds } = request;
    if (windowStarts.length === 0) return [];
    if (!(windowSeconds > 0) || windowStarts.some((s) => !Number.isFinite(s) || s < 0)) {
      throw new MatchingError(
        'invalid_fingerprint_request',
        'Fingerprint windows need non-negative starts and a positive length',
      );
    }
    await stat(request.filePath).catch((cause: unknown) => {
      throw new MatchingError(
        'fingerprint_file_missing',
        `Cannot fingerprint ${request.filePath}: the file does not exist`,
        { cause },
      );
    });
    const first = Math.min(...windowStarts);
    const last = Math.max(...windowStarts);
    const spanStart = Math.max(0, first - this.setup.settings.preroll_seconds);
    const spanEnd = last + windowSeconds + this.setup.settings.preroll_seconds;
    const items = await this.extract(request, spanStart, spanEnd - spanStart);
    const perWindow = itemsIn(windowSeconds);
    return windowStarts.map((startSeconds) => {
      const from = itemIndexAt(startSeconds - spanStart);
      return { startSeconds, items: items.slice(from, from + perWindow) };
    });
  }

  private async extract(request: FingerprintRequest, spanStart: number, spanSeconds: number): Promise<number[]> {
    const dir = await mkdtemp(join(tmpdir(), 'spindle-chromaprint-'));
    try {
      const output = join(dir, 'fingerprint.raw');
      const ffmpeg = this.ffmpeg();
      const result = await this.setup.processes
        .run(ffmpeg, ffmpegArgs(request.filePath, spanStart, spanSeconds, output), {
          signal: request.signal,
          timeoutMs: this.setup.settings.timeout_seconds * 1000,
        })
        .catch((error: unknown) => {
          if (SpindleError.is(error) && error.code === 'process_not_found') {
            throw new ConfigurationError(
              'media_tool_missing',
              `ffmpeg was not found (${ffmpeg}); set media_tool_path`,
              { cause: error },
            );
          }
          throw error;
        });
      if (result.aborted || request.signal.aborted) throw new AbortedError('Fingerprinting was cancelled');
      if (result.exitCode !== 0) {
        const detail = result.stderr.trim().slice(-STDERR_TAIL);
        const hint = /Unknown format|Requested output format 'chromaprint'/.test(detail)
          ? ' (this ffmpeg lacks the chromaprint muxer)'
          : '';
        throw new MatchingError(
          'fingerprint_failed',
          `ffmpeg could not fingerprint the audio${hint}: ${detail || `exit code ${result.exitCode}`}`,
        );
      }
      return readRawItems(await readFile(output));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
