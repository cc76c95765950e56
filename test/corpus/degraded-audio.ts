/**
 * The sound of the degradation corpus (degraded-corpus.ts): lines spoken by espeak-ng with digital silence
 * between them, the same speech over a music and noise bed, and a title muxed as MKV with ffmpeg.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { muxTitle } from './corpus-ffmpeg.ts';
import type { Random } from './dialogue-generator.ts';

const run = promisify(execFile);
/** The sample rate of the spoken lines (espeak-ng's own). */
export const RATE = 22050;

/** The samples of espeak-ng's 16-bit mono WAV (its data chunk). */
export async function espeak(text: string, voice: string, speed: number, path: string): Promise<Int16Array> {
  await run('espeak-ng', ['-v', voice, '-s', String(speed), '-w', path, text]);
  const buf = await readFile(path);
  let at = 12;
  while (at + 8 <= buf.length) {
    const id = buf.toString('ascii', at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    if (id === 'data') {
      const bytes = Math.min(size, buf.length - at - 8);
      return new Int16Array(buf.buffer.slice(buf.byteOffset + at + 8, buf.byteOffset + at + 8 + (bytes & ~1)));
    }
    at += 8 + size;
  }
  throw new Error(`no audio from espeak-ng for ${voice}`);
}

/** Speaks the lines with digital silence between them; returns the samples and exact cue times. */
export async function speakLines(
  dir: string,
  lines: string[],
  voice: string,
  speed: number,
  r: Random,
): Promise<{ samples: Int16Array; cues: { start: number; end: number; text: string }[] }> {
  const parts: Int16Array[] = [new Int16Array(RATE * 2)];
  let t = 2;
  const cues: { start: number; end: number; text: string }[] = [];
  for (const [i, line] of lines.entries()) {
    const speech = await espeak(line, voice, speed, join(dir, `l${i}.wav`));
    const gap = new Int16Array(Math.round(RATE * (0.3 + r() * 0.7)));
    cues.push({ start: t, end: t + speech.length / RATE, text: line });
    t += (speech.length + gap.length) / RATE;
    parts.push(speech, gap);
  }
  const samples = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    samples.set(p, at);
    at += p.length;
  }
  return { samples, cues };
}

/** The speech over a bed of chords and pink-ish noise, the bed 10 dB below the speech's level. */
export function withBed(speech: Int16Array, r: Random, snrDb = 10): Int16Array {
  let sum = 0;
  let active = 0;
  for (const s of speech) if (Math.abs(s) > 300) ((sum += s * s), active++);
  const speechRms = Math.sqrt(sum / Math.max(1, active));
  const bed = new Float64Array(speech.length);
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  let chord = [220, 277, 330];
  let bedSum = 0;
  for (let i = 0; i < bed.length; i++) {
    if (i % (RATE * 3) === 0)
      chord = [
        [220, 277, 330],
        [196, 247, 294],
        [175, 220, 262],
        [247, 311, 370],
      ][Math.floor(r() * 4)]!;
    const white = r() * 2 - 1;
    b0 = 0.997 * b0 + white * 0.029;
    b1 = 0.985 * b1 + white * 0.032;
    b2 = 0.95 * b2 + white * 0.048;
    const noise = b0 + b1 + b2 + white * 0.02;
    const music = chord.reduce((m, f) => m + Math.sin((2 * Math.PI * f * i) / RATE), 0) / 3;
    bed[i] = noise + 0.6 * music;
    bedSum += bed[i]! * bed[i]!;
  }
  const scale = speechRms / 10 ** (snrDb / 20) / Math.sqrt(bedSum / Math.max(1, bed.length));
  const out = new Int16Array(speech.length);
  for (let i = 0; i < out.length; i++)
    out[i] = Math.max(-32767, Math.min(32767, Math.round(speech[i]! + bed[i]! * scale)));
  return out;
}

/** A title as MKV: a tiny video track and stereo 48 kHz AAC (the mono speech on both channels). */
export async function mux(wav: string, seconds: number, out: string): Promise<void> {
  const picture = { colour: '0x302010', size: '96x64', rate: 2 };
  await muxTitle(wav, seconds, out, picture, ['-b:a', '96k', '-ac', '2', '-ar', '48000']);
}
