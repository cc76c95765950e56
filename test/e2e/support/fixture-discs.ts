/**
 * The discs of the end-to-end test, built at test time from the generated matching corpus (nothing
 * downloaded) and cached per content (a folder under os.tmpdir() named by a hash of the generator
 * version and the corpus), like the corpus itself:
 *
 * - `CHRONICLES_S1_D1`, a Blu-ray (BDMV/STREAM + BDMV/PLAYLIST): episodes 1–4 of the corpus season
 *   (H.264 1080p, Dolby Digital), an 8-second studio logo and a Play All playlist of the four.
 *   TheDiscDB knows its content hash.
 * - `GENERATED_CHRONICLES_S1_D2`, a DVD authored by dvdauthor (MPEG-2 program streams made by
 *   `ffmpeg -target ntsc-dvd`): episodes 5–8, the corpus's 25-second extra and a Play All title set.
 * - `LANTERN_HARBOR`, a movie Blu-ray with seamless branching: a theatrical playlist (clips 1, 2, 4)
 *   and an extended one (clips 1–4), a making-of, a trailer, and a warning clip no playlist plays.
 * - `HARBOR_LIGHTS_2003`, a folder of MKV files as a user drops it into staging: a main feature and
 *   a trailer.
 * Every title's truth (what it is) is recorded in the manifest, with its scan index.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { computeContentHash } from '@spindle/plugin-sdk';
import { buildSeasonCorpus, type SeasonCorpus } from '../../corpus/season-corpus.ts';
import { buildOnce } from '../../support/build-once.ts';
import { authorDvd, writeMpls, type PlayItem } from './disc-structures.ts';

const run = promisify(execFile);
const GENERATOR_VERSION = 3;

export type TitleTruth =
  | { kind: 'episode'; season: number; episode: number }
  | { kind: 'play_all' }
  | { kind: 'logo' }
  | { kind: 'extra'; name: string }
  | { kind: 'main_movie'; edition: string | null };

export interface FixtureTitle {
  /** The title's number in MakeMKV's scan (with --minlength=0). */
  index: number;
  /** `00800.mpls`, `00007.m2ts`, or the DVD title number `01`. */
  source: string;
  seconds: number;
  sizeBytes: number;
  truth: TitleTruth;
}

export interface FixtureDisc {
  label: string;
  /** The disc's root, as it would be mounted. */
  root: string;
  structure: 'bluray' | 'dvd';
  contentHash: string;
  titles: FixtureTitle[];
}

export interface StagingFixture {
  /** The folder to copy into staging (its name is the volume label). */
  folder: string;
  label: string;
  files: { name: string; seconds: number; truth: TitleTruth }[];
}

export interface E2eFixtures {
  corpus: SeasonCorpus;
  tvBluray: FixtureDisc;
  tvDvd: FixtureDisc;
  movieBluray: FixtureDisc;
  stagingMovie: StagingFixture;
}

const pad = (n: number, width = 5) => String(n).padStart(width, '0');

async function ffmpeg(args: string[]): Promise<void> {
  await run('ffmpeg', ['-v', 'error', '-nostdin', '-y', ...args], { maxBuffer: 16 * 1024 * 1024 });
}

async function probe(file: string): Promise<{ start: number; duration: number }> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=start_time,duration',
    '-of',
    'json',
    file,
  ]);
  const format = (JSON.parse(stdout) as { format: { start_time?: string; duration?: string } }).format;
  return { start: Number(format.start_time ?? 0), duration: Number(format.duration ?? 0) };
}

const CHUNK_SECONDS = 10;

/** Ten seconds of Blu-ray video (H.264 High@4.1, 1920x1080, 23.976 fps): encoded once, then copied. */
async function videoChunk(work: string): Promise<string> {
  const chunk = join(work, 'video-chunk.m2ts');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'color=c=0x203040:size=1920x1080:rate=24000/1001',
    '-t',
    String(CHUNK_SECONDS),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'stillimage',
    '-x264-params',
    'cabac=1:8x8dct=1',
    '-profile:v',
    'high',
    '-level',
    '4.1',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '240',
    '-f',
    'mpegts',
    '-mpegts_m2ts_mode',
    '1',
    chunk,
  ]);
  return chunk;
}

/**
 * A Blu-ray clip (`.m2ts`, 192-byte packets) of `seconds`: copies of the video chunk (stream copy,
 * so long clips cost no video encoding) and the given sound as Dolby Digital 48 kHz, English.
 */
async function blurayClip(
  chunk: string,
  out: string,
  opts: { seconds: number; audio: string[]; channels: 1 | 2 },
  work: string,
): Promise<void> {
  const list = join(work, `${basename(out)}.txt`);
  await writeFile(
    list,
    Array.from({ length: Math.ceil(opts.seconds / CHUNK_SECONDS) + 1 }, () => `file '${chunk}'`).join('\n'),
  );
  await ffmpeg([
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    ...opts.audio,
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-t',
    opts.seconds.toFixed(3),
    '-c:v',
    'copy',
    '-c:a',
    'ac3',
    '-ar',
    '48000',
    '-ac',
    String(opts.channels),
    '-b:a',
    opts.channels === 1 ? '64k' : '192k',
    '-metadata:s:a:0',
    'language=eng',
    '-f',
    'mpegts',
    '-mpegts_m2ts_mode',
    '1',
    out,
  ]);
}

/** A soundtrack that never repeats (pink noise seeded per clip): every stretch of the film sounds different, as a real one does. */
const noise = (seed: number) => [
  '-f',
  'lavfi',
  '-i',
  `anoisesrc=color=pink:seed=${seed}:sample_rate=48000:amplitude=0.25`,
];

async function playItem(stream: string, clip: number): Promise<PlayItem> {
  const { start, duration } = await probe(join(stream, `${pad(clip)}.m2ts`));
  return { clip: pad(clip), inSeconds: start, outSeconds: start + duration };
}

const size = async (path: string) => (await stat(path)).size;

async function buildTvBluray(dir: string, corpus: SeasonCorpus, work: string): Promise<FixtureDisc> {
  const label = 'CHRONICLES_S1_D1';
  const root = join(dir, label);
  const stream = join(root, 'BDMV', 'STREAM');
  await mkdir(stream, { recursive: true });
  const episodeFile = (e: number) =>
    corpus.titles.find((t) => t.truth.kind === 'episode' && t.truth.episode === e)!.file;
  const chunk = await videoChunk(work);
  for (const e of [1, 2, 3, 4]) {
    const speech = episodeFile(e);
    await blurayClip(
      chunk,
      join(stream, `${pad(e)}.m2ts`),
      { seconds: (await probe(speech)).duration, audio: ['-i', speech], channels: 2 },
      work,
    );
  }
  await blurayClip(
    chunk,
    join(stream, '00005.m2ts'),
    { seconds: 8, audio: ['-f', 'lavfi', '-i', 'sine=frequency=880:sample_rate=48000'], channels: 2 },
    work,
  );
  const items = await Promise.all([1, 2, 3, 4, 5].map((c) => playItem(stream, c)));
  const bdmv = join(root, 'BDMV');
  await writeMpls(bdmv, '00000.mpls', [items[4]!]);
  for (const e of [1, 2, 3, 4]) await writeMpls(bdmv, `${pad(e)}.mpls`, [items[e - 1]!]);
  await writeMpls(bdmv, '00800.mpls', items.slice(0, 4));
  const seconds = (list: PlayItem[]) => Math.round(list.reduce((s, i) => s + i.outSeconds - i.inSeconds, 0));
  const bytes = async (clips: number[]) =>
    (await Promise.all(clips.map((c) => size(join(stream, `${pad(c)}.m2ts`))))).reduce((a, b) => a + b, 0);
  const titles: FixtureTitle[] = [
    {
      index: 0,
      source: '00000.mpls',
      seconds: seconds([items[4]!]),
      sizeBytes: await bytes([5]),
      truth: { kind: 'logo' },
    },
    ...(await Promise.all(
      [1, 2, 3, 4].map(async (e) => ({
        index: e,
        source: `${pad(e)}.mpls`,
        seconds: seconds([items[e - 1]!]),
        sizeBytes: await bytes([e]),
        truth: { kind: 'episode' as const, season: 1, episode: e },
      })),
    )),
    {
      index: 5,
      source: '00800.mpls',
      seconds: seconds(items.slice(0, 4)),
      sizeBytes: await bytes([1, 2, 3, 4]),
      truth: { kind: 'play_all' },
    },
  ];
  return { label, root, structure: 'bluray', contentHash: (await computeContentHash(root))!, titles };
}

async function dvdProgram(source: string, out: string, color: string): Promise<number> {
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `color=c=${color}:size=720x480:rate=30000/1001`,
    '-i',
    source,
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-shortest',
    '-target',
    'ntsc-dvd',
    '-aspect',
    '4:3',
    '-b:v',
    '1000k',
    '-maxrate',
    '1500k',
    '-b:a',
    '192k',
    out,
  ]);
  return (await probe(out)).duration;
}

async function buildTvDvd(dir: string, corpus: SeasonCorpus, work: string): Promise<FixtureDisc> {
  const label = 'GENERATED_CHRONICLES_S1_D2';
  const root = join(dir, label);
  await mkdir(root, { recursive: true });
  await mkdir(work, { recursive: true });
  const episodeFile = (e: number) =>
    corpus.titles.find((t) => t.truth.kind === 'episode' && t.truth.episode === e)!.file;
  const programs: { file: string; seconds: number; truth: TitleTruth }[] = [];
  for (const e of [5, 6, 7, 8]) {
    const file = join(work, `e${e}.mpg`);
    programs.push({
      file,
      seconds: await dvdProgram(episodeFile(e), file, `0x40${20 + e}30`),
      truth: { kind: 'episode', season: 1, episode: e },
    });
  }
  const extraFile = join(work, 'extra.mpg');
  const extra = corpus.titles.find((t) => t.truth.kind === 'extra')!.file;
  programs.push({
    file: extraFile,
    seconds: await dvdProgram(extra, extraFile, '0x603020'),
    truth: { kind: 'extra', name: 'A word from the narrator' },
  });
  const episodes = programs.slice(0, 4);
  await authorDvd(
    root,
    [
      ...programs.map((p) => ({ vobs: [p.file], chapters: p.seconds > 60 ? [0, Math.floor(p.seconds / 2)] : [0] })),
      { vobs: episodes.map((p) => p.file) },
    ],
    work,
  );
  const vts = async (n: number) => size(join(root, 'VIDEO_TS', `VTS_${pad(n, 2)}_1.VOB`));
  const titles: FixtureTitle[] = [];
  for (const [i, p] of programs.entries())
    titles.push({
      index: i,
      source: pad(i + 1, 2),
      seconds: Math.round(p.seconds),
      sizeBytes: await vts(i + 1),
      truth: p.truth,
    });
  titles.push({
    index: 5,
    source: '06',
    seconds: Math.round(episodes.reduce((s, p) => s + p.seconds, 0)),
    sizeBytes: await vts(6),
    truth: { kind: 'play_all' },
  });
  return { label, root, structure: 'dvd', contentHash: (await computeContentHash(root))!, titles };
}

async function buildMovieBluray(dir: string, work: string): Promise<FixtureDisc> {
  const label = 'LANTERN_HARBOR';
  const root = join(dir, label);
  const stream = join(root, 'BDMV', 'STREAM');
  await mkdir(stream, { recursive: true });
  const chunk = await videoChunk(work);
  // Seamless branching: the extended cut adds clip 3 between clips 2 and 4.
  const minutes: Record<number, number> = { 1: 40, 2: 30, 3: 14, 4: 28, 5: 8, 6: 2 };
  for (const [clip, m] of Object.entries(minutes))
    await blurayClip(
      chunk,
      join(stream, `${pad(Number(clip))}.m2ts`),
      { seconds: m * 60, audio: noise(Number(clip)), channels: 1 },
      work,
    );
  await blurayClip(chunk, join(stream, '00007.m2ts'), { seconds: 15, audio: noise(7), channels: 1 }, work);
  const items = Object.fromEntries(
    await Promise.all([1, 2, 3, 4, 5, 6].map(async (c) => [c, await playItem(stream, c)] as const)),
  ) as Record<number, PlayItem>;
  const bdmv = join(root, 'BDMV');
  const playlists: [string, number[], TitleTruth][] = [
    ['00005.mpls', [5], { kind: 'extra', name: 'Making of Lantern Harbor' }],
    ['00006.mpls', [6], { kind: 'extra', name: 'Trailer' }],
    ['00800.mpls', [1, 2, 4], { kind: 'main_movie', edition: null }],
    ['00801.mpls', [1, 2, 3, 4], { kind: 'main_movie', edition: 'Extended' }],
  ];
  const titles: FixtureTitle[] = [];
  for (const [i, [name, clips, truth]] of playlists.entries()) {
    await writeMpls(
      bdmv,
      name,
      clips.map((c) => items[c]!),
    );
    const seconds = Math.round(clips.reduce((s, c) => s + items[c]!.outSeconds - items[c]!.inSeconds, 0));
    const sizeBytes = (await Promise.all(clips.map((c) => size(join(stream, `${pad(c)}.m2ts`))))).reduce(
      (a, b) => a + b,
      0,
    );
    titles.push({ index: i, source: name, seconds, sizeBytes, truth });
  }
  const warning = await probe(join(stream, '00007.m2ts'));
  titles.push({
    index: 4,
    source: '00007.m2ts',
    seconds: Math.round(warning.duration),
    sizeBytes: await size(join(stream, '00007.m2ts')),
    truth: { kind: 'logo' },
  });
  return { label, root, structure: 'bluray', contentHash: (await computeContentHash(root))!, titles };
}

/** MKV files as a user would drop them: long titles encode fast (tiny frames, 1 fps). */
async function buildStagingMovie(dir: string): Promise<StagingFixture> {
  const label = 'HARBOR_LIGHTS_2003';
  const folder = join(dir, label);
  await mkdir(folder, { recursive: true });
  const files: StagingFixture['files'] = [
    { name: 'title_t00.mkv', seconds: 92 * 60, truth: { kind: 'main_movie', edition: null } },
    { name: 'title_t01.mkv', seconds: 150, truth: { kind: 'extra', name: 'Trailer' } },
  ];
  for (const f of files) {
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'color=c=0x304050:size=128x72:rate=1',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=8000',
      '-t',
      String(f.seconds),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-g',
      '600',
      '-c:a',
      'aac',
      '-b:a',
      '8k',
      join(folder, f.name),
    ]);
  }
  return { folder, label, files };
}

/** Builds the discs (or finds them built) and returns where they are and what each title is. */
export async function buildE2eFixtures(options: { cacheRoot?: string } = {}): Promise<E2eFixtures> {
  const corpus = await buildSeasonCorpus({ episodes: 8 });
  const key = createHash('sha1')
    .update(JSON.stringify({ GENERATOR_VERSION, corpus: corpus.discDir }))
    .digest('hex')
    .slice(0, 12);
  const root = join(options.cacheRoot ?? join(tmpdir(), 'spindle-e2e-discs'), key);
  const discs = await buildOnce<Omit<E2eFixtures, 'corpus'>>(root, 'discs.json', async (build) => {
    const work = join(build, 'work');
    await mkdir(work, { recursive: true });
    const built = {
      tvBluray: await buildTvBluray(join(build, 'discs'), corpus, work),
      tvDvd: await buildTvDvd(join(build, 'discs'), corpus, join(work, 'dvd')),
      movieBluray: await buildMovieBluray(join(build, 'discs'), work),
      stagingMovie: await buildStagingMovie(join(build, 'staging')),
    };
    await rm(work, { recursive: true, force: true });
    // Paths in the manifest point at the final folder.
    await writeFile(join(build, 'discs.json'), JSON.stringify(built, null, 2).split(build).join(root));
  });
  return { corpus, ...discs };
}
