/** Shared pieces of the whisper tests: the build cache, the generated model, and WAV chunks. */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModelSpec } from '../../src/model-spec.ts';
import { makeTinyGgmlModel } from '../fixtures/make-tiny-ggml-model.ts';

/**
 * Built whisper-cli binaries are kept here between test files and runs (the first run on a machine
 * builds, later ones reuse it), outside every test's temporary data folder.
 */
export const SHARED_BUILD_CACHE = fileURLToPath(
  new URL('../../../../node_modules/.cache/spindle/whisper-build', import.meta.url),
);

/** The first build on a machine: ≈1–3 min on 2 cores. */
export const BUILD_TIMEOUT_MS = 15 * 60_000;

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The generated model, published under the real model's file name, with its own size and digest. */
export function tinyModel(): { bytes: Buffer; spec: ModelSpec } {
  const bytes = makeTinyGgmlModel();
  return {
    bytes,
    spec: { name: 'tiny-test', fileName: 'ggml-small.bin', sizeBytes: bytes.length, sha256: sha256(bytes) },
  };
}

/** Speech from espeak-ng, resampled by ffmpeg to the 16 kHz mono 16-bit WAV the matcher extracts. */
export function speechWav(dir: string, text: string): string {
  const raw = join(dir, 'speech-raw.wav');
  const wav = join(dir, 'speech.wav');
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', raw, text]);
  execFileSync('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    raw,
    '-ar',
    '16000',
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    wav,
  ]);
  return wav;
}

/** A long 16 kHz mono WAV of silence (whisper-cli works through it window by window). */
export function silentWav(dir: string, seconds: number): string {
  const wav = join(dir, `silence-${seconds}s.wav`);
  execFileSync('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=16000:cl=mono',
    '-t',
    String(seconds),
    '-c:a',
    'pcm_s16le',
    wav,
  ]);
  return wav;
}
