/**
 * Structure-aware classification: segment maps decide Play Alls, duplicates and intro/credits
 * variants; durations are only the fallback. Layouts after the failure classes of issue 17.
 */
import { describe, expect, it } from 'vitest';
import { expandSegmentMap, findStructure, segmentKeys } from '../src/disc-structure.ts';
import { identify, roles, titles } from './support/structure-rows.ts';

describe('segment maps', () => {
  it('expands ranges and keys DVD cells by their title, Blu-ray clips disc-wide', () => {
    expect(expandSegmentMap('1-3,7,9-10')).toEqual([1, 2, 3, 7, 9, 10]);
    expect(expandSegmentMap('abc')).toBeNull();
    expect(expandSegmentMap(undefined)).toBeNull();
    const [a, b] = titles([
      [40, '01', '1-3'],
      [40, '02', '1-3'],
    ]);
    expect(segmentKeys(a!)).toEqual(['src:01:1', 'src:01:2', 'src:01:3']);
    expect(segmentKeys(b!)).not.toEqual(segmentKeys(a!));
    const [c] = titles([[40, '00800.mpls', '12,13']]);
    expect(segmentKeys(c!)).toEqual(['bd:12', 'bd:13']);
  });

  it('DVD titles that reuse cell numbers are neither duplicates nor a Play All of each other', () => {
    const s = findStructure(
      titles([
        [42, '01', '1-11,12'],
        [41, '02', '1-11,12'],
        [42, '03', '1-10,11'],
        [125, '04', '1-11,12'],
      ]),
    );
    expect([...s.duplicates.keys(), ...s.variants.keys(), ...s.playAlls.keys()]).toEqual([]);
  });
});

describe('structure-aware classification', () => {
  it('a drama of uneven episode lengths with its Play All is TV, every episode kept, the Play All not ripped', async () => {
    const id = await identify([
      [47, '00001.mpls', '1'],
      [56, '00002.mpls', '2'],
      [51, '00003.mpls', '3'],
      [154, '00004.mpls', '1,2,3'],
      [2, '00010.m2ts', '10'],
    ]);
    expect(id.contentType).toBe('tv');
    expect(roles(id)).toEqual([
      'episode_candidate',
      'episode_candidate',
      'episode_candidate',
      'play_all (no rip)',
      'extra',
    ]);
    expect(id.titleHints[3]!.reason).toMatch(/titles 0, 1, 2 joined/);
  });

  it('one 64-minute finale among 43-minute episodes is an episode', async () => {
    const id = await identify([
      [43, '00001.mpls', '1'],
      [43.5, '00002.mpls', '2'],
      [42.8, '00003.mpls', '3'],
      [64, '00004.mpls', '4'],
      [193, '00005.mpls', '1,2,3,4'],
    ]);
    expect(id.contentType).toBe('tv');
    expect(roles(id).slice(0, 4)).toEqual([
      'episode_candidate',
      'episode_candidate',
      'episode_candidate',
      'episode_candidate',
    ]);
    expect(id.titleHints[4]!.rip).toBe(false);
  });

  it('a double-length episode as long as two episodes is ripped as an episode when no two titles make it up', async () => {
    const id = await identify([
      [21.3, '00005.mpls', '5'],
      [21.4, '00006.mpls', '6'],
      [21.3, '00007.mpls', '7'],
      [42.4, '00010.mpls', '10,11'],
    ]);
    expect(id.contentType).toBe('tv');
    expect(id.titleHints[3]).toMatchObject({ role: 'episode_candidate', rip: true });
  });

  it('a 1:27 two-part pilot among 43-minute episodes is an episode, not a movie', async () => {
    const id = await identify([
      [87, '00001.mpls', '1'],
      [43, '00002.mpls', '2'],
      [44, '00003.mpls', '3'],
      [43.5, '00004.mpls', '4'],
    ]);
    expect(id.contentType).toBe('tv');
    expect(id.titleHints[0]).toMatchObject({ role: 'episode_candidate', rip: true });
  });

  it('two episodes and their Play All make TV', async () => {
    const id = await identify([
      [44, '00001.mpls', '1'],
      [46, '00002.mpls', '2'],
      [90, '00003.mpls', '1,2'],
    ]);
    expect(id.contentType).toBe('tv');
    expect(roles(id)).toEqual(['episode_candidate', 'episode_candidate', 'play_all (no rip)']);
  });

  it('intro variants and duplicate playlists are not ripped; the core episodes are', async () => {
    const id = await identify([
      [23.3, '01623.mpls', '1099'],
      [23.3, '01624.mpls', '1100'],
      [23.3, '01625.mpls', '1101'],
      [24.1, '00601.mpls', '1093,1094,1099'],
      [24.1, '00602.mpls', '1093,1095,1100'],
      [23.3, '01700.mpls', '1101'],
    ]);
    expect(id.contentType).toBe('tv');
    expect(roles(id)).toEqual([
      'episode_candidate',
      'episode_candidate',
      'episode_candidate',
      'extra (no rip)',
      'extra (no rip)',
      'extra (no rip)',
    ]);
    expect(id.titleHints[3]!.reason).toMatch(/title 0 with a short clip added/);
    expect(id.titleHints[5]!.reason).toMatch(/duplicate of title 2 \(same segments\)/);
  });

  it('of two playlists with the same segments, the lower playlist number is the original, whatever MakeMKV lists first', async () => {
    // Merlin S4 Blu-ray disc 2 (TheDiscDB): the episodes are 00072–00075; the disc's menus play copies
    // 00201/00202 with the same clips, and MakeMKV lists the copy 00202 before its original 00075.
    const id = await identify([
      [45.1, '00072.mpls', '7'],
      [45.2, '00073.mpls', '8'],
      [45.1, '00201.mpls', '7'],
      [45.0, '00074.mpls', '9'],
      [45.05, '00202.mpls', '10'],
      [45.05, '00075.mpls', '10'],
    ]);
    expect(id.contentType).toBe('tv');
    expect(roles(id)).toEqual([
      'episode_candidate',
      'episode_candidate',
      'extra (no rip)',
      'episode_candidate',
      'extra (no rip)',
      'episode_candidate',
    ]);
    expect(id.titleHints[2]!.reason).toMatch(/duplicate of title 0 \(same segments\)/);
    expect(id.titleHints[4]!.reason).toMatch(/duplicate of title 5 \(same segments\)/);
  });

  it('a finale far longer than the episode beside it is an episode when the Play All joins the two', async () => {
    // Black Sails season 4 disc 3 (TheDiscDB): a 53-minute episode, the 71-minute finale and their Play All.
    const id = await identify(
      [
        [53.5, '00301.mpls', '0'],
        [125.0, '00300.mpls', '0,3'],
        [18.2, '00400.mpls', '4,6,10,11'],
        [71.5, '00302.mpls', '3'],
      ],
      'Season 4 Disc 3',
    );
    expect(id.contentType).toBe('tv');
    expect(roles(id)).toEqual(['episode_candidate', 'play_all (no rip)', 'extra', 'episode_candidate']);
    expect(id.titleHints[3]!.reason).toMatch(/Play All title 1 joins it/);
  });

  it('the featurettes a Play All joins stay extras: a Play All of titles shorter than an episode', async () => {
    const id = await identify(
      [
        [44, '00010.mpls', '10'],
        [45, '00011.mpls', '11'],
        [44.5, '00012.mpls', '12'],
        [26, '00020.mpls', '20,21'],
        [12, '00021.mpls', '20'],
        [14, '00022.mpls', '21'],
      ],
      'Season 2 Disc 1',
    );
    expect(id.contentType).toBe('tv');
    expect(roles(id).slice(4)).toEqual(['extra', 'extra']);
  });

  it('the film, not intro + film, is the main feature', async () => {
    const id = await identify([
      [118.3, '00800.mpls', '20,21,22'],
      [118.6, '00801.mpls', '5,20,21,22'],
      [12, '00010.m2ts', '10'],
    ]);
    expect(id.contentType).toBe('movie');
    expect(id.ambiguousMovie).toBe(false);
    expect(roles(id)).toEqual(['main_feature_candidate', 'extra (no rip)', 'extra']);
  });

  it('a feature assembled from listed stream files is not a Play All of them', async () => {
    const id = await identify([
      [110, '00001.mpls', '1,2'],
      [60, '00001.m2ts', '1'],
      [50, '00002.m2ts', '2'],
    ]);
    expect(id.contentType).toBe('movie');
    expect(id.titleHints[0]).toMatchObject({ role: 'main_feature_candidate', rip: true });
  });

  it('without segment maps a title as long as two episodes is kept for review, three or more is a Play All', async () => {
    const id = await identify(
      [
        [22, '', ''],
        [22.1, '', ''],
        [21.9, '', ''],
        [22.2, '', ''],
        [44.1, '', ''],
        [88.2, '', ''],
      ],
      'SHOW_S1',
      'dvd',
    );
    expect(id.contentType).toBe('tv');
    expect(id.titleHints[4]).toMatchObject({ role: 'play_all', rip: true });
    expect(id.titleHints[5]).toMatchObject({ role: 'play_all', rip: false });
  });

  it('SD extras beside HD episodes of the same length are not episodes', async () => {
    const id = await identify([
      [21.3, '00008.mpls', '8'],
      [21.7, '00009.mpls', '9'],
      [21.3, '00010.mpls', '10'],
      [20.5, '00001.m2ts', '1', '480p'],
    ]);
    expect(id.titleHints[3]).toMatchObject({ role: 'extra', rip: true });
  });

  it('bare stream files of episode length beside playlist episodes are extras; a disc of bare streams keeps them', async () => {
    // Dragon Ball Z season 8 disc 4 (TheDiscDB, seed 52): four 24:12 playlists and their Play All, and three interviews
    // of 25:48–28:21 that no playlist plays, listed by MakeMKV as bare streams.
    const id = await identify([
      [24.2, '00009.mpls', '14'],
      [24.2, '00010.mpls', '15'],
      [24.2, '00011.mpls', '16'],
      [24.2, '00012.mpls', '17'],
      [97, '00008.mpls', '14,15,16,17,24,25'],
      [25.8, '00036.m2ts', '36'],
      [27.1, '00037.m2ts', '37'],
      [28.35, '00038.m2ts', '38'],
    ]);
    expect(id.contentType).toBe('tv');
    expect(roles(id)).toEqual([...Array(4).fill('episode_candidate'), 'play_all (no rip)', ...Array(3).fill('extra')]);
    const streamsOnly = await identify([
      [24.2, '00001.m2ts', '1'],
      [24.3, '00002.m2ts', '2'],
      [24.1, '00003.m2ts', '3'],
    ]);
    expect(roles(streamsOnly)).toEqual(Array(3).fill('episode_candidate'));
  });
  it('a longer title of a lower picture than the film is no main feature (a 1080p making-of on a 4K disc)', async () => {
    // Daybreakers 4K steelbook (TheDiscDB, seed 56): the film 1:37:46 in 2160p, the making-of 2:01:38 in 1080p.
    const id = await identify(
      [
        [44.6, '00308.mpls', '20'],
        [121.6, '00400.mpls', '21'],
        [97.8, '00001.mpls', '0', '2160p'],
        [12.1, '00301.mpls', '6'],
      ],
      '4K',
    );
    expect(id.contentType).toBe('movie');
    expect(roles(id)).toEqual(['extra', 'extra', 'main_feature_candidate', 'extra']);
    expect(id.ambiguousMovie).toBe(false);
  });
  it('bare streams as long as an episode playlist are episodes: a finale in parts the playlists play only joined', async () => {
    // Avatar: The Last Airbender, 2018 Blu-ray disc 9 (TheDiscDB, seed 59): one episode playlist (24:33), the four-part
    // finale as one 1:30:31 playlist of its own clip, its parts as bare streams of 24:24–24:32 (here a few seconds
    // shorter: these rows' sizes follow their lengths, and a stream of the same length and size would be a copy), and
    // three extras.
    const id = await identify(
      [
        [24.55, '01601.mpls', '1062'],
        [90.52, '01619.mpls', '1095'],
        [24.4, '01096.m2ts', '1096'],
        [24.45, '01097.m2ts', '1097'],
        [24.4, '01098.m2ts', '1098'],
        [24.47, '01099.m2ts', '1099'],
        [18.78, '01100.m2ts', '1100'],
        [11.3, '01101.m2ts', '1101'],
        [36.52, '01102.m2ts', '1102'],
      ],
      'Book Three: Fire Disc Nine',
    );
    expect(id.contentType).toBe('tv');
    expect(roles(id).slice(2, 6)).toEqual(Array(4).fill('episode_candidate'));
    expect(roles(id).slice(6)).toEqual(['extra', 'extra', 'extra']);
  });
});
