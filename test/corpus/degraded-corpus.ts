/**
 * The degradation corpus (issue 23): two seasons of 8 generated episodes, each a disc with the
 * episodes in a shuffled order, a Play All, a long extra (≥ 3 min, so it is ripped) and a short one.
 * Built the way real discs are: subtitles are condensed paraphrases (dialogue-generator.ts) with
 * cue times off by up to ±3 s, names and catch phrases recur across episodes, and every disc exists
 * in two variants — clean speech (stereo 48 kHz, digital silence between lines) and the same speech
 * over a music and noise bed at about 10 dB SNR. Voices are espeak-ng accents the older corpus does
 * not use. Built once per content hash into a cache folder (test/support/build-once.ts).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildOnce } from '../support/build-once.ts';
import { wav as wavFile } from '../support/episode-audio.ts';
import { condense, episodeLines, extraLines, seeded, type Random } from './dialogue-generator.ts';

const run = promisify(execFile);
const GENERATOR_VERSION = 2;
const RATE = 22050;
const VOICES = [
  'en-gb-scotland',
  'en-gb-x-rp+m2',
  'en-029',
  'en-us-nyc+f2',
  'en-gb-x-gbclan',
  'en-gb-x-rp+f3',
  'en-us-nyc',
  'en-gb-scotland+f1',
];
export const VARIANTS = ['clean', 'noise'] as const;
export type Variant = (typeof VARIANTS)[number];

export type Truth = { kind: 'episode'; episode: number } | { kind: 'play_all' } | { kind: 'extra' };

export interface DegradedTitle {
  titleIndex: number;
  truth: Truth;
  seconds: number;
  /** One file per variant. */
  files: Record<Variant, string>;
}

export interface DegradedSeason {
  show: string;
  season: number;
  srtDir: string;
  titles: DegradedTitle[];
}

export interface DegradedCorpus {
  seasons: DegradedSeason[];
}

const pad = (n: number) => String(n).padStart(2, '0');

function srtTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  return `${pad(Math.floor(ms / 3600000))}:${pad(Math.floor(ms / 60000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${String(ms % 1000).padStart(3, '0')}`;
}

function shuffled<T>(items: T[], r: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The samples of espeak-ng's 16-bit mono WAV (its data chunk). */
async function espeak(text: string, voice: string, speed: number, path: string): Promise<Int16Array> {
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
async function speakLines(
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
function withBed(speech: Int16Array, r: Random, snrDb = 10): Int16Array {
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
async function mux(wav: string, seconds: number, out: string): Promise<void> {
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=0x302010:size=96x64:rate=2:duration=${seconds.toFixed(2)}`,
    '-i',
    wav,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-ac',
    '2',
    '-ar',
    '48000',
    '-shortest',
    out,
  ]);
}

/** The disc's subtitles: lines merged, condensed, shifted by a per-episode offset (±3 s) and a little jitter. */
function subtitles(cues: { start: number; end: number; text: string }[], r: Random): string {
  const offset = (r() * 2 - 1) * 3;
  const merged: { start: number; end: number; text: string }[] = [];
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!;
    const next = cues[i + 1];
    if (next && r() < 0.3) {
      merged.push({ start: cue.start, end: next.end, text: `${condense(cue.text, r)}\n${condense(next.text, r)}` });
      i++;
    } else merged.push({ ...cue, text: condense(cue.text, r) });
  }
  return merged
    .map((c, i) => {
      const jitter = (r() * 2 - 1) * 0.3;
      return `${i + 1}\n${srtTime(c.start + offset + jitter)} --> ${srtTime(c.end + offset + jitter)}\n${c.text}\n`;
    })
    .join('\n');
}

export interface DegradedOptions {
  seasons?: number;
  episodes?: number;
  /** Spoken lines per episode (about 4.3 s each). */
  lines?: number;
  cacheRoot?: string;
}

export async function buildDegradedCorpus(options: DegradedOptions = {}): Promise<DegradedCorpus> {
  const seasons = options.seasons ?? 2;
  const episodes = options.episodes ?? 8;
  const lines = options.lines ?? 46;
  const key = createHash('sha1')
    .update(JSON.stringify({ GENERATOR_VERSION, seasons, episodes, lines, VOICES }))
    .digest('hex')
    .slice(0, 12);
  const root = join(options.cacheRoot ?? join(tmpdir(), 'spindle-degraded-corpus'), key);
  const corpus = await buildOnce<DegradedCorpus>(root, 'corpus.json', (build) =>
    generate(build, seasons, episodes, lines),
  );
  // Paths are stored relative to the cache folder (it is built under another name and renamed).
  for (const s of corpus.seasons) {
    s.srtDir = join(root, s.srtDir);
    for (const t of s.titles) for (const v of VARIANTS) t.files[v] = join(root, t.files[v]);
  }
  return corpus;
}

async function generate(build: string, seasonCount: number, episodeCount: number, lineCount: number): Promise<void> {
  const show = 'Harbour Lights';
  const out: DegradedCorpus = { seasons: [] };
  for (let season = 1; season <= seasonCount; season++) {
    const r = seeded(1000 + season);
    const srtRel = join('subtitles', show, `Season ${season}`);
    await mkdir(join(build, srtRel), { recursive: true });
    const work = join(build, 'work');
    await mkdir(work, { recursive: true });
    const pieces: { samples: Int16Array; truth: Truth }[] = [];
    for (let e = 1; e <= episodeCount; e++) {
      const spoken = episodeLines(season - 1, season * 100 + e, lineCount);
      const { samples, cues } = await speakLines(
        work,
        spoken,
        VOICES[(e + season) % VOICES.length]!,
        150 + ((e * 11) % 30),
        r,
      );
      await writeFile(join(build, srtRel, `${show}.S${pad(season)}E${pad(e)}.srt`), subtitles(cues, r));
      pieces.push({ samples, truth: { kind: 'episode', episode: e } });
    }
    const long = await speakLines(work, extraLines(season - 1, 56, 77 + season), 'en-gb-x-rp', 165, r);
    const short = await speakLines(work, extraLines(season - 1, 16, 91 + season), 'en-us-nyc', 170, r);
    pieces.push(
      { samples: long.samples, truth: { kind: 'extra' } },
      { samples: short.samples, truth: { kind: 'extra' } },
    );

    const discRel = (v: Variant) => join('disc', v, `HARBOUR_LIGHTS_S${season}_D1`);
    for (const v of VARIANTS) await mkdir(join(build, discRel(v)), { recursive: true });
    const order = shuffled([...pieces.keys()], r);
    const titles: DegradedTitle[] = [];
    const episodeFiles: Record<Variant, string[]> = { clean: [], noise: [] };
    for (const [i, p] of order.entries()) {
      const piece = pieces[p]!;
      const seconds = piece.samples.length / RATE;
      const files = {} as Record<Variant, string>;
      for (const v of VARIANTS) {
        const wav = join(work, `${v}.wav`);
        await writeFile(wav, wavFile(v === 'clean' ? piece.samples : withBed(piece.samples, r), RATE));
        files[v] = join(discRel(v), `title_t${pad(i + 1)}.mkv`);
        await mux(wav, seconds, join(build, files[v]));
        if (piece.truth.kind === 'episode') episodeFiles[v][piece.truth.episode - 1] = files[v];
      }
      titles.push({ titleIndex: i + 1, truth: piece.truth, seconds, files });
    }
    // Play All: the episodes in order, title 0 as discs usually have it.
    const playAll = {} as Record<Variant, string>;
    for (const v of VARIANTS) {
      const list = join(work, 'play-all.txt');
      await writeFile(list, episodeFiles[v].map((f) => `file '${join(build, f)}'`).join('\n'));
      playAll[v] = join(discRel(v), 'title_t00.mkv');
      await run('ffmpeg', [
        '-v',
        'error',
        '-y',
        '-f',
        'concat',
        '-safe',
        '0',
        '-i',
        list,
        '-c',
        'copy',
        join(build, playAll[v]),
      ]);
    }
    titles.unshift({
      titleIndex: 0,
      truth: { kind: 'play_all' },
      seconds: titles.filter((t) => t.truth.kind === 'episode').reduce((n, t) => n + t.seconds, 0),
      files: playAll,
    });
    await rm(work, { recursive: true, force: true });
    out.seasons.push({ show, season, srtDir: srtRel, titles });
  }
  await writeFile(join(build, 'corpus.json'), JSON.stringify(out, null, 2));
}
