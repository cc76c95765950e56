/**
 * A Play All that joins two or more of the cluster's episodes is a run of the show's programmes: its other members of
 * episode length or more are episodes or specials, feature-length ones too. Doctor Who's "new who" limited edition,
 * disc 32 (TheDiscDB, seed 66): two half-hour episodes (27:39, 27:28), a 32-minute special, a 1:17 concert, a 2:03
 * documentary special and a 15-minute making-of, one Play All of all six and one of the two episodes.
 */
import { describe, expect, it } from 'vitest';
import { identify, type Row } from './support/structure-rows.ts';

const m = (h: number, min: number, sec: number) => h * 60 + min + sec / 60;

const programmes: Row[] = [
  [m(0, 27, 39), '00251.mpls', '22'],
  [m(0, 27, 28), '00252.mpls', '23'],
  [m(1, 17, 1), '00253.mpls', '24'],
  [m(2, 3, 9), '00254.mpls', '25'],
  [m(0, 15, 44), '00255.mpls', '26'],
  [m(0, 32, 14), '00256.mpls', '27'],
  [m(0, 1, 36), '00053.mpls', '18,20'],
  [m(0, 0, 37), '00020.mpls', '10'],
];
const everything: Row = [m(5, 3, 18), '00800.mpls', '22,23,24,25,26,27'];
const twoEpisodes: Row = [m(0, 55, 8), '00250.mpls', '22,23'];
const clips: Row[] = [
  [m(0, 0, 12), '00007.m2ts', '7'],
  [m(0, 0, 34), '00018.m2ts', '18'],
  [m(0, 1, 1), '00020.m2ts', '20'],
];

describe('a Play All that joins episodes with longer programmes', () => {
  it('makes its members of episode length or more episodes or specials, the two-hour one included: the disc is TV', async () => {
    const id = await identify([...programmes, everything, twoEpisodes, ...clips], 'smith-disc-sixteen');
    expect(id.contentType).toBe('tv');
    for (const index of [0, 1, 2, 3, 5])
      expect(id.titleHints[index], `title ${index}`).toMatchObject({ role: 'episode_candidate', rip: true });
    expect(id.titleHints[4]!.role).toBe('extra');
    for (const index of [8, 9])
      expect(id.titleHints[index], `title ${index}`).toMatchObject({ role: 'play_all', rip: false });
    expect(id.evidence.join('\n')).toMatch(
      /title 3.*an episode or special: Play All title 8 joins it with the episodes/s,
    );
  });

  it('without that Play All the two-hour title is a feature and the disc a movie, as before', async () => {
    const id = await identify([...programmes, twoEpisodes, ...clips], 'smith-disc-sixteen');
    expect(id.contentType).toBe('movie');
    expect(id.titleHints[3]!.role).toBe('main_feature_candidate');
  });

  it('nor does a Play All of one episode and the long programmes make them episodes', async () => {
    const oneEpisode: Row = [m(3, 47, 54), '00801.mpls', '22,24,25,26'];
    const id = await identify([...programmes, oneEpisode, twoEpisodes, ...clips], 'smith-disc-sixteen');
    expect(id.contentType).toBe('movie');
    expect(id.titleHints[3]!.role).toBe('main_feature_candidate');
  });
});
