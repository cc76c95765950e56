/**
 * The transcoder: probe the input, encode into a hidden partial file with the best encoder that
 * works here (a failing hardware encoder falls back to software), verify the result against the
 * input, and only then give it its final name. The input is never touched; a failure or an abort
 * leaves no partial file behind.
 */
import { rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import {
  ffmpegPath,
  ffprobePath,
  MEDIA_TOOL_SETTING,
  SpindleError,
  throwIfAborted,
  type PluginSetup,
  type TranscodeRequest,
  type TranscodeResult,
  type Transcoder,
  type TranscoderStatus,
} from '@spindle/plugin-sdk';
import type { Encoder } from './encoder-args.ts';
import { EncoderProbe } from './encoder-probe.ts';
import { ffmpegArgs } from './ffmpeg-command.ts';
import { probeMedia, type MediaFacts } from './media-probe.ts';
import { ProgressParser, toProgress } from './progress-parser.ts';
import { TranscodeError } from './transcode-error.ts';
import { describeSettings, type TranscodeSettings } from './transcode-settings.ts';
import { toVerification, verificationProblems } from './transcode-verification.ts';

/** ffmpeg reports progress about twice a second; this long without a report means it hangs. */
const STALL_MS = 10 * 60_000;
const STDERR_TAIL_LINES = 3;

function stderrTail(stderr: string): string {
  return stderr.trim().split(/\r?\n/).slice(-STDERR_TAIL_LINES).join(' | ').slice(0, 500);
}

export class FfmpegTranscoder implements Transcoder {
  private readonly encoders: EncoderProbe;

  constructor(private readonly setup: PluginSetup<TranscodeSettings>) {
    this.encoders = new EncoderProbe({ processes: setup.processes, logger: setup.logger });
  }

  status(): TranscoderStatus {
    return { ready: true, description: describeSettings(this.setup.settings) };
  }

  async transcode(request: TranscodeRequest): Promise<TranscodeResult> {
    const { signal } = request;
    throwIfAborted(signal);
    const settings = this.setup.settings;
    const tool = this.setup.setting?.(MEDIA_TOOL_SETTING);
    const ffmpeg = ffmpegPath(tool);
    if (resolve(request.input) === resolve(request.output)) {
      throw new TranscodeError(
        'transcode_output_is_input',
        `The transcode of ${basename(request.input)} cannot overwrite its own input`,
      );
    }
    await stat(request.input).catch((cause: unknown) => {
      throw new TranscodeError(
        'transcode_input_missing',
        `Cannot transcode ${basename(request.input)}: the file does not exist`,
        { cause },
      );
    });
    const input = await probeMedia(this.setup.processes, ffprobePath(tool), request.input, signal);
    if (input.streams.video === 0)
      throw new TranscodeError('transcode_no_video', `${basename(request.input)} has no video stream to transcode`);

    const partial = join(dirname(request.output), `.${basename(request.output)}.partial`);
    const started = Date.now();
    try {
      const encoder = await this.encodeWithFallback(ffmpeg, request, partial, input, settings);
      const output = await probeMedia(this.setup.processes, ffprobePath(tool), partial, signal);
      const problems = verificationProblems(input, output, settings.duration_tolerance_seconds);
      if (problems.length > 0) {
        throw new TranscodeError(
          'transcode_verification_failed',
          `The transcode of ${basename(request.input)} failed verification: ${problems.join('; ')}`,
          {
            details: { verification: toVerification(input, output) },
          },
        );
      }
      throwIfAborted(signal);
      await rename(partial, request.output);
      const { size } = await stat(request.output);
      const seconds = Math.max(0.001, (Date.now() - started) / 1000);
      request.onProgress?.({ fraction: 1, speed: input.durationSeconds / seconds, etaSeconds: 0 });
      return {
        output: request.output,
        sizeBytes: size,
        encoder: encoder.name,
        speed: input.durationSeconds / seconds,
        verification: toVerification(input, output),
      };
    } finally {
      await rm(partial, { force: true });
    }
  }

  /** Tries the usable encoders best first; a hardware failure falls back to the next one. */
  private async encodeWithFallback(
    ffmpeg: string,
    request: TranscodeRequest,
    partial: string,
    input: MediaFacts,
    settings: TranscodeSettings,
  ): Promise<Encoder> {
    const candidates = await this.encoders.encoders(ffmpeg, settings);
    for (const [i, encoder] of candidates.entries()) {
      try {
        await this.encode(ffmpeg, encoder, request, partial, input, settings);
        return encoder;
      } catch (error) {
        const last = i === candidates.length - 1;
        if (request.signal.aborted || last || (SpindleError.is(error) && error.code === 'aborted')) throw error;
        this.setup.logger.warn(
          `${encoder.name} failed on ${basename(request.input)}; trying ${candidates[i + 1]!.name}`,
          { error: (error as Error).message },
        );
      }
    }
    throw new TranscodeError('transcode_failed', 'No encoder is available'); // unreachable: software is always a candidate
  }

  private async encode(
    ffmpeg: string,
    encoder: Encoder,
    request: TranscodeRequest,
    partial: string,
    input: MediaFacts,
    settings: TranscodeSettings,
  ): Promise<void> {
    const parser = new ProgressParser();
    const started = Date.now();
    const stall = new AbortController();
    let stallTimer = setTimeout(() => stall.abort(), STALL_MS);
    const onStdoutLine = (line: string) => {
      const block = parser.push(line);
      if (!block) return;
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => stall.abort(), STALL_MS);
      const update = toProgress(block, input.durationSeconds, (Date.now() - started) / 1000);
      if (update && !block.end) request.onProgress?.(update);
    };
    let result;
    try {
      result = await this.setup.processes.run(ffmpeg, ffmpegArgs(request.input, partial, encoder, settings), {
        onStdoutLine,
        signal: AbortSignal.any([request.signal, stall.signal]),
      });
    } catch (error) {
      const missing = SpindleError.is(error) && error.code === 'process_not_found';
      throw new TranscodeError(
        missing ? 'media_tool_not_found' : 'transcode_failed',
        missing
          ? `ffmpeg was not found at "${ffmpeg}"; install ffmpeg or set media_tool_path`
          : `ffmpeg could not be started: ${(error as Error).message}`,
        { cause: error },
      );
    } finally {
      clearTimeout(stallTimer);
    }
    if (request.signal.aborted) throw TranscodeError.aborted(request.signal);
    if (stall.signal.aborted)
      throw new TranscodeError(
        'transcode_stalled',
        `ffmpeg reported no progress on ${basename(request.input)} for ${STALL_MS / 60_000} minutes and was stopped`,
        { retryable: true },
      );
    if (result.exitCode !== 0) {
      throw new TranscodeError(
        'transcode_failed',
        `ffmpeg (${encoder.name}) failed on ${basename(request.input)} with exit code ${result.exitCode}: ${stderrTail(result.stderr) || 'no message'}`,
      );
    }
  }
}
