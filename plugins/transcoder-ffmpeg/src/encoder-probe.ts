/**
 * Finds out which encoder to use on this machine, once per service run: ffmpeg's encoder list,
 * then a 3-frame trial encode per hardware candidate (a listed encoder may still lack its device
 * or driver — Debian's ffmpeg lists NVENC everywhere). Software is always the last resort.
 */
import type { Logger, ProcessRunner } from '@spindle/plugin-sdk';
import { encoderArgs, encoderFor, hardwareCandidates, parseEncoderList, type Encoder } from './encoder-args.ts';
import type { TranscodeSettings } from './transcode-settings.ts';

const PROBE_TIMEOUT_MS = 15_000;

export class EncoderProbe {
  private listed: Promise<Set<string>> | null = null;
  private readonly trials = new Map<string, Promise<boolean>>();

  constructor(private readonly deps: { processes: ProcessRunner; logger: Logger }) {}

  /** Encoders to try for these settings, best first; the software encoder is always last. */
  async encoders(ffmpeg: string, settings: TranscodeSettings): Promise<Encoder[]> {
    const software = encoderFor(settings.codec, 'software');
    if (settings.hardware === 'off') return [software];
    const listed = await this.listEncoders(ffmpeg);
    const usable: Encoder[] = [];
    for (const candidate of hardwareCandidates(settings.codec, settings.hardware, listed)) {
      if (await this.works(ffmpeg, candidate, settings)) usable.push(candidate);
    }
    return [...usable, software];
  }

  private listEncoders(ffmpeg: string): Promise<Set<string>> {
    this.listed ??= this.deps.processes
      .run(ffmpeg, ['-hide_banner', '-encoders'], { timeoutMs: PROBE_TIMEOUT_MS })
      .then((result) => parseEncoderList(result.stdout))
      .catch((error: unknown) => {
        this.deps.logger.warn('could not list ffmpeg encoders; using the software encoder', { error: String(error) });
        return new Set<string>();
      });
    return this.listed;
  }

  private works(ffmpeg: string, encoder: Encoder, settings: TranscodeSettings): Promise<boolean> {
    const key = `${ffmpeg}\0${encoder.name}\0${settings.vaapi_device}`;
    let trial = this.trials.get(key);
    if (!trial) {
      const { global, video } = encoderArgs(encoder, settings);
      const args = [
        '-hide_banner',
        '-nostdin',
        '-v',
        'error',
        ...global,
        '-f',
        'lavfi',
        '-i',
        'color=c=black:s=256x144:r=24',
        '-frames:v',
        '3',
        ...video,
        '-f',
        'null',
        '-',
      ];
      trial = this.deps.processes
        .run(ffmpeg, args, { timeoutMs: PROBE_TIMEOUT_MS })
        .then((result) => {
          const ok = result.exitCode === 0 && !result.aborted;
          const why = result.stderr.trim().split('\n').at(-1) ?? '';
          const message = ok
            ? `hardware encoder ${encoder.name} works here`
            : `hardware encoder ${encoder.name} is listed but does not work here: ${why}`;
          // A hardware encoder the user chose by name that does not work deserves a warning; under auto it is expected.
          if (!ok && settings.hardware !== 'auto') this.deps.logger.warn(`${message}; encoding in software`);
          else this.deps.logger.info(message);
          return ok;
        })
        .catch(() => false);
      this.trials.set(key, trial);
    }
    return trial;
  }
}
