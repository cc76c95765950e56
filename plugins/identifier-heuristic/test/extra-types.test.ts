import { describe, expect, it } from 'vitest';
import { extraTypeByLength, type DiscScan, type ScannedTitle } from '@spindle/plugin-sdk';
import { createFakeContext, sampleJob } from '@spindle/plugin-sdk/testing';
import { HeuristicIdentifier } from '../src/heuristic-identifier.ts';

type Row = [seconds: number, sourceFile?: string, segmentMap?: string];

async function kinds(rows: Row[], discType: DiscScan['discType'] = 'bluray', label = 'DISC') {
  const ctx = await createFakeContext();
  const titles: ScannedTitle[] = rows.map(([seconds, sourceFile, segmentMap], index) => ({
    index,
    durationSeconds: seconds,
    sizeBytes: seconds * 4e6,
    resolution: '1080p',
    ...(sourceFile ? { sourceFile } : {}),
    ...(segmentMap ? { segmentMap } : {}),
  }));
  try {
    const id = (await new HeuristicIdentifier().identify(
      {
        job: sampleJob({ volumeLabel: label }),
        scan: { volumeLabel: label, discType, contentHash: null, titles },
        previous: [],
      },
      ctx,
    ))!;
    return {
      contentType: id.contentType,
      kinds: id.titleHints.map((h) => h.extraType ?? null),
      roles: id.titleHints.map((h) => h.role),
    };
  } finally {
    await ctx.dispose();
  }
}

describe('extras typed from structure and length', () => {
  it('types by length when nothing else tells: trailer, featurette, other', () => {
    expect(extraTypeByLength(120, false)).toBe('trailer');
    expect(extraTypeByLength(15 * 60, false)).toBe('featurette');
    expect(extraTypeByLength(12, false)).toBe('other');
    expect(extraTypeByLength(55 * 60, false)).toBe('other');
    expect(extraTypeByLength(45, true)).toBe('deleted_scene');
    expect(extraTypeByLength(15 * 60, true)).toBe('featurette');
  });

  it('calls a movie disc’s clip of one to one and a half minutes a deleted scene, a logo under a minute other', () => {
    // Across the real-disc corpus, 60–90 s extras TheDiscDB types are more often cut scenes than trailers.
    expect(extraTypeByLength(74, false)).toBe('deleted_scene');
    expect(extraTypeByLength(59, false)).toBe('other');
    expect(extraTypeByLength(90, false)).toBe('trailer');
  });

  it('calls the short clips beside a series disc’s episodes deleted scenes, and never types an episode', async () => {
    const r = await kinds([[1322], [1282], [1297], [1299], [18], [59], [22], [440]]);
    expect(r.contentType).toBe('tv');
    expect(r.kinds.slice(0, 4)).toEqual([null, null, null, null]);
    expect(r.kinds.slice(4)).toEqual(['deleted_scene', 'deleted_scene', 'deleted_scene', 'featurette']);
  });

  it('calls the clips a reel joins (bare stream files, uneven lengths) deleted scenes, the reel too', async () => {
    const r = await kinds([
      [6817, '00800.mpls', '107'],
      [1291, '00814.mpls', '109,114,115,116'],
      [423, '00109.m2ts', '109'],
      [243, '00114.m2ts', '114'],
      [101, '00115.m2ts', '115'],
      [524, '00116.m2ts', '116'],
      [468, '00125.m2ts', '125'],
    ]);
    expect(r.contentType).toBe('movie');
    expect(r.kinds).toEqual([
      null,
      'deleted_scene',
      'deleted_scene',
      'deleted_scene',
      'deleted_scene',
      'deleted_scene',
      'featurette',
    ]);
  });

  it('calls a reel of alike trailer-length clips trailers', async () => {
    const r = await kinds([
      [6600, '00001.mpls', '1'],
      [450, '00647.mpls', '450,504,742'],
      [150, '00450.m2ts', '450'],
      [148, '00504.m2ts', '504'],
      [152, '00742.m2ts', '742'],
    ]);
    expect(r.kinds.slice(1)).toEqual(['trailer', 'trailer', 'trailer', 'trailer']);
  });

  it('calls two or more clips of one broadcast-slot length on a movie disc TV spots (trailers), a lone one not', async () => {
    expect((await kinds([[5940], [33], [33], [34], [10]])).kinds).toEqual([
      null,
      'trailer',
      'trailer',
      'trailer',
      'other',
    ]);
    expect((await kinds([[5940], [33], [10]])).kinds).toEqual([null, 'other', 'other']);
  });

  it('calls an extra of three or more parts a reel even when its parts are no titles: trailers when short, else deleted scenes', async () => {
    // DVD: "Previews - Play All" (Knowing, 5:45 in 3 cell runs) and "All Deleted Scenes" (Serenity, 14:31 in 18).
    const dvd = await kinds(
      [
        [6300, '01', '1-9,10-16,17-23,24'],
        [345, '03', '1,2,3'],
        [871, '04', '1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18'],
        [871, '05', '1-18'],
        [345, '06', '1'],
      ],
      'dvd',
    );
    expect(dvd.contentType).toBe('movie');
    expect(dvd.kinds).toEqual([null, 'trailer', 'deleted_scene', 'featurette', 'featurette']);
    // A series disc's long reel (Battlestar Galactica's deleted scenes, 11:45 in 8 parts); its short reels vary.
    const series = await kinds(
      [
        [2640, '01', '1-4'],
        [2650, '02', '1-4'],
        [2630, '03', '1-4'],
        [705, '06', '1,2,3,4,5,6,7,8'],
        [700, '07', '1'],
        [171, '09', '1,2,3,4'],
      ],
      'dvd',
    );
    expect(series.contentType).toBe('tv');
    expect(series.kinds.slice(3)).toEqual(['deleted_scene', 'featurette', 'deleted_scene']);
  });
  it('types a reel of pieces of five minutes or more by their lengths: a series of featurettes, not cut scenes', async () => {
    // The Dark Knight's bonus disc (TheDiscDB, seed 60): "Gotham Tonight", six news pieces of 6–10 minutes, and their
    // 46:41 Play All.
    const r = await kinds(
      [
        [1, '00004.mpls', '54'],
        [2801, '00024.mpls', '7,8,9,10,11,12'],
        [480, '00007.m2ts', '7'],
        [582, '00008.m2ts', '8'],
        [473, '00009.m2ts', '9'],
        [375, '00010.m2ts', '10'],
        [427, '00011.m2ts', '11'],
        [462, '00012.m2ts', '12'],
      ],
      'bluray',
      'Bonus Disc',
    );
    expect(r.kinds.slice(1)).toEqual(
      Array(7)
        .fill(null)
        .map((_, i) => (i === 0 ? 'other' : 'featurette')),
    );
  });
});
