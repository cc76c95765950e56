/**
 * Distinct "episodes" of audio for fingerprint tests and benchmarks: a seeded melody (a new note
 * every 0.3–0.5 s) over a seeded bass line, synthesised as 16 kHz mono PCM, then encoded by the
 * real ffmpeg like a disc release would be (other codec, bitrate, a lead-in of other audio).
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);
const RATE = 16_000;

function rng(seed: number): () => number {
  let state = (seed * 2654435761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

/** A mono 16-bit PCM WAV file of `samples` at `rate` Hz. */
export function wav(samples: Int16Array, rate = RATE): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.byteLength, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

/** Writes `seconds` of the episode with this seed as a 16 kHz mono WAV. */
export async function writeEpisodeWav(path: string, seed: number, seconds: number): Promise<void> {
  const random = rng(seed);
  const samples = new Int16Array(Math.round(seconds * RATE));
  let melody = 0;
  let bass = 0;
  let phaseA = 0;
  let phaseB = 0;
  let noteLeft = 0;
  let bassLeft = 0;
  let noteLength = 1;
  for (let i = 0; i < samples.length; i++) {
    if (noteLeft <= 0) {
      noteLength = Math.round(RATE * (0.3 + random() * 0.2));
      noteLeft = noteLength;
      melody = 220 * 2 ** (Math.floor(random() * 24) / 12);
    }
    if (bassLeft <= 0) {
      bassLeft = Math.round(RATE * (1 + random()));
      bass = 55 * 2 ** (Math.floor(random() * 12) / 12);
    }
    const envelope = Math.min(1, (noteLength - noteLeft) / 400, noteLeft / 800);
    phaseA += (2 * Math.PI * melody) / RATE;
    phaseB += (2 * Math.PI * bass) / RATE;
    const value = 0.45 * envelope * (Math.sin(phaseA) + 0.3 * Math.sin(2 * phaseA)) + 0.25 * Math.sin(phaseB);
    samples[i] = Math.max(-32767, Math.min(32767, Math.round(value * 20000)));
    noteLeft--;
    bassLeft--;
  }
  await writeFile(path, wav(samples));
}

export interface ReleaseOptions {
  codec: 'aac' | 'mp3' | 'mp2' | 'opus' | 'ac3';
  bitrate: string;
  /** Seconds of other audio (a logo, a recap) before the episode. */
  leadSeconds?: number;
  /** A WAV with the lead-in audio (needed when leadSeconds > 0). */
  leadWav?: string;
  sampleRate?: number;
  /** Default 1 (mono encodes fast; the fingerprint is taken from mono anyway). */
  channels?: number;
}

const ENCODERS = { aac: 'aac', mp3: 'libmp3lame', mp2: 'mp2', opus: 'libopus', ac3: 'ac3' } as const;

/** Encodes the episode WAV like a disc release: another codec and bitrate, optionally a lead-in. */
export async function encodeRelease(episodeWav: string, out: string, options: ReleaseOptions): Promise<void> {
  const rate = String(options.sampleRate ?? 48_000);
  const lead = options.leadSeconds && options.leadWav;
  const args = [
    '-v',
    'error',
    '-y',
    ...(lead ? ['-t', String(options.leadSeconds), '-i', options.leadWav!] : []),
    '-i',
    episodeWav,
  ];
  if (lead) args.push('-filter_complex', '[0:a][1:a]concat=n=2:v=0:a=1[a]', '-map', '[a]');
  args.push(
    '-ar',
    rate,
    '-ac',
    String(options.channels ?? 1),
    '-c:a',
    ENCODERS[options.codec],
    '-b:a',
    options.bitrate,
    out,
  );
  await run('ffmpeg', args);
}
