/** The two TV fixture discs: a Blu-ray with episodes 1–4 (TheDiscDB knows it) and a DVD with episodes 5–8. */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { computeContentHash } from '@spindle/plugin-sdk';
import type { SeasonCorpus } from '../../corpus/season-corpus.ts';
import { authorDvd, writeMpls, type PlayItem } from './disc-structures.ts';
import { blurayClip, dvdProgram, pad, playItem, probe, size, videoChunk } from './fixture-media.ts';
import type { FixtureDisc, FixtureTitle, TitleTruth } from './fixture-types.ts';

export async function buildTvBluray(dir: string, corpus: SeasonCorpus, work: string): Promise<FixtureDisc> {
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

export async function buildTvDvd(dir: string, corpus: SeasonCorpus, work: string): Promise<FixtureDisc> {
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
