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
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildOnce } from '../support/build-once.ts';
import { wav as wavFile } from '../support/episode-audio.ts';
import { episodeLines, extraLines, seeded, type Random } from './dialogue-generator.ts';
import { concatCopy } from './corpus-ffmpeg.ts';
import { mux, RATE, speakLines, withBed } from './degraded-audio.ts';
import { pad, subtitles } from './degraded-subtitles.ts';

const run = promisify(execFile);
const GENERATOR_VERSION = 2;
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

function shuffled<T>(items: T[], r: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
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
      await concatCopy(list, join(build, playAll[v]));
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
