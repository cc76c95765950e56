/** The movie fixtures: a Blu-ray with seamless branching (two cuts) and a folder of MKVs for staging. */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { computeContentHash } from '@spindle/plugin-sdk';
import { makeLongMkv } from '../../support/make-media.ts';
import { writeMpls, type PlayItem } from './disc-structures.ts';
import { blurayClip, noise, pad, playItem, probe, size, videoChunk } from './fixture-media.ts';
import type { FixtureDisc, FixtureTitle, StagingFixture, TitleTruth } from './fixture-types.ts';

export async function buildMovieBluray(dir: string, work: string): Promise<FixtureDisc> {
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
export async function buildStagingMovie(dir: string): Promise<StagingFixture> {
  const label = 'HARBOR_LIGHTS_2003';
  const folder = join(dir, label);
  await mkdir(folder, { recursive: true });
  const files: StagingFixture['files'] = [
    { name: 'title_t00.mkv', seconds: 92 * 60, truth: { kind: 'main_movie', edition: null } },
    { name: 'title_t01.mkv', seconds: 150, truth: { kind: 'extra', name: 'Trailer' } },
  ];
  for (const f of files) await makeLongMkv(join(folder, f.name), f.seconds, 72, { color: '0x304050', toneHz: 440 });
  return { folder, label, files };
}
