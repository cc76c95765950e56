/**
 * The matching accuracy corpus, generated (never downloaded): a season of episodes of distinct
 * public-domain dialogue spoken by espeak-ng with varied voices and speeds, muxed into MKV with a
 * video track, reference SRTs with the real cue times, and a disc folder with the episodes in a
 * shuffled order plus a Play All title and an unrelated extra. Built once per content hash into
 * a cache folder and reused (test/support/build-once.ts: once per machine, even from parallel files).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildOnce } from '../support/build-once.ts';
import { concatCopy, ffmpeg, muxTitle } from './corpus-ffmpeg.ts';
import { EXTRA_PASSAGE, PASSAGES, passageText, sentences } from './public-domain-text.ts';

const run = promisify(execFile);
const GENERATOR_VERSION = 3;
const VOICES = ['en-us', 'en', 'en-us+m3', 'en+f2', 'en-us+m7', 'en+f4', 'en-us+f3', 'en+m2'];

export interface CorpusTitle {
  file: string;
  titleIndex: number;
  truth: { kind: 'episode'; episode: number } | { kind: 'play_all' } | { kind: 'extra' };
}

export interface SeasonCorpus {
  show: string;
  season: number;
  discDir: string;
  srtDir: string;
  titles: CorpusTitle[];
  episodes: number;
}

export interface CorpusOptions {
  episodes?: number;
  wordsPerEpisode?: number;
  seed?: number;
  cacheRoot?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

function srtTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  return `${pad(Math.floor(ms / 3600000))}:${pad(Math.floor(ms / 60000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${String(ms % 1000).padStart(3, '0')}`;
}

/** A deterministic shuffle (mulberry32). */
function shuffled<T>(items: T[], seed: number): T[] {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function wavSeconds(path: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]);
  return Number(stdout.trim());
}

/** Speaks sentences one by one (so cue times are exact) and returns the joined WAV and the cues. */
async function speak(
  dir: string,
  lines: string[],
  voice: string,
  speed: number,
): Promise<{ wav: string; cues: { start: number; end: number; text: string }[] }> {
  const cues: { start: number; end: number; text: string }[] = [];
  const parts: string[] = [];
  let t = 1.0; // a second of silence first
  for (const [i, line] of lines.entries()) {
    const part = join(dir, `s${i}.wav`);
    await run('espeak-ng', ['-v', voice, '-s', String(speed), '-w', part, line]);
    const seconds = await wavSeconds(part);
    cues.push({ start: t, end: t + seconds, text: line });
    t += seconds + 0.4;
    parts.push(part);
  }
  const list = join(dir, 'parts.txt');
  await writeFile(list, parts.map((p) => `file '${p}'\nfile '${join(dir, 'gap.wav')}'`).join('\n'));
  await ffmpeg('-f', 'lavfi', '-i', 'anullsrc=r=22050:cl=mono', '-t', '0.4', join(dir, 'gap.wav'));
  const wav = join(dir, 'speech.wav');
  const leadIn = ['-f', 'lavfi', '-t', '1', '-i', 'anullsrc=r=22050:cl=mono'];
  const spoken = ['-f', 'concat', '-safe', '0', '-i', list];
  const joined = ['-filter_complex', '[0:a][1:a]concat=n=2:v=0:a=1', '-ar', '22050', '-ac', '1'];
  await ffmpeg(...leadIn, ...spoken, ...joined, wav);
  return { wav, cues };
}

async function muxMkv(wav: string, out: string): Promise<void> {
  const picture = { colour: '0x203040', size: '160x90', rate: 5 };
  await muxTitle(wav, await wavSeconds(wav), out, picture, ['-b:a', '48k']);
}

export async function buildSeasonCorpus(options: CorpusOptions = {}): Promise<SeasonCorpus> {
  const episodes = options.episodes ?? 8;
  const words = options.wordsPerEpisode ?? 260;
  const seed = options.seed ?? 7;
  if (episodes > PASSAGES.length) throw new Error(`at most ${PASSAGES.length} episodes`);
  const key = createHash('sha1')
    .update(JSON.stringify({ GENERATOR_VERSION, episodes, words, seed }))
    .digest('hex')
    .slice(0, 12);
  const root = join(options.cacheRoot ?? join(tmpdir(), 'spindle-corpus'), key);
  // Several test files use the corpus: one process builds it, the others wait for it.
  return buildOnce<SeasonCorpus>(root, 'corpus.json', (build) => generate(build, root, episodes, words, seed));
}

async function generate(build: string, root: string, episodes: number, words: number, seed: number): Promise<void> {
  const show = 'Generated Chronicles';
  const srtDir = join(build, 'subtitles', show);
  const discDir = join(build, 'disc', 'GENERATED_CHRONICLES_S1_D1');
  await mkdir(srtDir, { recursive: true });
  await mkdir(discDir, { recursive: true });
  const episodeFiles: string[] = [];
  for (let e = 1; e <= episodes; e++) {
    const work = join(build, 'work', `e${e}`);
    await mkdir(work, { recursive: true });
    const lines = sentences(passageText(PASSAGES[e - 1]!), words);
    const { wav, cues } = await speak(work, lines, VOICES[(e - 1) % VOICES.length]!, 145 + ((e * 7) % 35));
    const srt = cues.map((c, i) => `${i + 1}\n${srtTime(c.start)} --> ${srtTime(c.end)}\n${c.text}\n`).join('\n');
    await writeFile(join(srtDir, `${show}.S01E${pad(e)}.srt`), srt);
    const mkv = join(work, `episode-${pad(e)}.mkv`);
    await muxMkv(wav, mkv);
    episodeFiles.push(mkv);
  }
  const extraWork = join(build, 'work', 'extra');
  await mkdir(extraWork, { recursive: true });
  const extra = await speak(extraWork, sentences(passageText(EXTRA_PASSAGE), 90), 'en-us+m3', 160);
  const extraMkv = join(extraWork, 'extra.mkv');
  await muxMkv(extra.wav, extraMkv);
  const playAll = join(build, 'work', 'play-all.mkv');
  await writeFile(join(build, 'work', 'play-all.txt'), episodeFiles.map((f) => `file '${f}'`).join('\n'));
  await concatCopy(join(build, 'work', 'play-all.txt'), playAll);

  const pieces: { file: string; truth: CorpusTitle['truth'] }[] = shuffled(
    [
      ...episodeFiles.map((file, i) => ({ file, truth: { kind: 'episode' as const, episode: i + 1 } })),
      { file: playAll, truth: { kind: 'play_all' as const } },
      { file: extraMkv, truth: { kind: 'extra' as const } },
    ],
    seed,
  );
  const titles: CorpusTitle[] = [];
  for (const [i, piece] of pieces.entries()) {
    const name = `title_t${pad(i)}.mkv`;
    await rename(piece.file, join(discDir, name));
    titles.push({ file: join(root, 'disc', 'GENERATED_CHRONICLES_S1_D1', name), titleIndex: i, truth: piece.truth });
  }
  await rm(join(build, 'work'), { recursive: true, force: true });
  const corpus: SeasonCorpus = {
    show,
    season: 1,
    discDir: join(root, 'disc', 'GENERATED_CHRONICLES_S1_D1'),
    srtDir: join(root, 'subtitles', show),
    titles,
    episodes,
  };
  await writeFile(join(build, 'corpus.json'), JSON.stringify(corpus, null, 2));
}
