/**
 * Discs of a streaming service's series (Stranger Things' 4K set, TheDiscDB, seed 63): each episode's playlist wraps its
 * stream in the same logo and card (`12,0,14`), the stream is listed again bare (`00000.m2ts`), and a Play All plays the
 * wrapped episodes one after another (`12,0,14,12,1,14`). Episodes run 65 to 99 minutes.
 */
import { describe, expect, it } from 'vitest';
import { findStructure } from '../src/disc-structure.ts';
import { identify, titles, type Row } from './support/structure-rows.ts';

const clips: Row[] = [
  [11 / 60, '00014.m2ts', '14'],
  [11 / 60, '00012.m2ts', '12'],
  [18 / 60, '00010.m2ts', '10'],
];

// Season 5 disc 3: episodes 4 (1:23:25) and 5 (1:04:48), wrapped and bare, and their Play All.
const twoEpisodes: Row[] = [
  [148 + 58 / 60, '00003.mpls', '12,0,14,12,1,14'],
  [65 + 10 / 60, '00005.mpls', '12,1,14'],
  [83 + 47 / 60, '00004.mpls', '12,0,14'],
  ...clips,
  [64 + 48 / 60, '00001.m2ts', '1'],
  [83 + 25 / 60, '00000.m2ts', '0'],
];

describe('episodes wrapped in a logo and a card', () => {
  it('a title that is another plus short clips on both sides is a variant of it', () => {
    const structure = findStructure(titles(twoEpisodes));
    expect(structure.variants.get(1)?.index).toBe(6);
    expect(structure.variants.get(2)?.index).toBe(7);
  });

  it('a Play All of wrapped episodes, whose clips repeat, is found by their segment lists in order', () => {
    expect(
      findStructure(titles(twoEpisodes))
        .playAlls.get(0)
        ?.map((t) => t.index),
    ).toEqual([1, 2]);
  });

  it('the bare episodes are ripped as episodes, however long; the wrapped ones and the Play All are not', async () => {
    for (const label of ['Season 5 Disc 3', 'Disc 3']) {
      const id = await identify(twoEpisodes, label);
      expect(id.contentType, label).toBe('tv');
      expect(id.titleHints[6], label).toMatchObject({ role: 'episode_candidate', rip: true });
      expect(id.titleHints[7], label).toMatchObject({ role: 'episode_candidate', rip: true });
      for (const index of [0, 1, 2]) expect(id.titleHints[index]!.rip, `${label}: title ${index}`).toBe(false);
    }
  });

  it('a lone feature-length episode is an episode when the label names a season, else a film', async () => {
    // Season 4 disc 4: episode 7 (1:38:28), wrapped and bare.
    const oneEpisode: Row[] = [[98 + 50 / 60, '00003.mpls', '12,0,14'], ...clips, [98 + 28 / 60, '00000.m2ts', '0']];
    const id = await identify(oneEpisode, 'Season 4 Disc 4');
    expect(id.contentType).toBe('tv');
    expect(id.season).toBe(4);
    expect(id.titleHints[4]).toMatchObject({ role: 'episode_candidate', rip: true });
    expect(id.titleHints[0]!.rip).toBe(false);
    expect(id.evidence.join('\n')).toMatch(/label names season 4/);
    const unlabelled = await identify(oneEpisode, 'Disc 4');
    expect(unlabelled.contentType).toBe('movie');
    expect(unlabelled.titleHints[4]!.role).toBe('main_feature_candidate');
  });
});
