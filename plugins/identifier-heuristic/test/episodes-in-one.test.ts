/**
 * Episodes in one title: a disc with no title of a single episode whose long title holds the episodes (anime volumes,
 * a series in one playlist) is TV, that title ripped whole as episodes for review; a film's title is not read so.
 */
import { describe, expect, it } from 'vitest';
import { catalogAnswer } from './support/catalog-answer.ts';
import { identify, roles, type Row } from './support/structure-rows.ts';

/** Bubblegum Crisis Tokyo 2040 volume 3 (TheDiscDB, seed 44): four episodes in one 1:37:51 title, five cells each. */
const animeVolume: Row[] = [
  [97.85, '01', '1-5,6-10,11-15,16-20,21'],
  [0.18, '02', '1'],
  [7.8, '03', '1-6'],
];

describe('episodes in one title', () => {
  it('a DVD title whose cells run in alike parts, with no title of a single episode, holds the episodes: TV', async () => {
    const id = await identify(animeVolume, 'LEVIATHANS_VOL_3', 'dvd');
    expect(id.contentType).toBe('tv');
    expect(roles(id)[0]).toBe('episode_candidate');
    expect(id.reviewReason).toMatch(/title 0 holds 4 episodes/);
    // A film's cells run in parts of different sizes (Miracle, seed 47): still a movie.
    const film = await identify(
      [
        [135.63, '01', '1-9,10-16,17-23,24'],
        [17.85, '20', '1,2,3'],
      ],
      'MIRACLE',
      'dvd',
    );
    expect(film.contentType).toBe('movie');
    expect(roles(film)[0]).toBe('main_feature_candidate');
  });

  it('a Blu-ray playlist joining clips no other title plays, with no title of a single episode, holds episodes', async () => {
    // Black Rock Shooter (2021 Blu-ray, TheDiscDB, seed 47): eight episodes in one 3:07:05 playlist of five clips,
    // beside a 22-minute making-of, clean openings and endings, promos and animatics.
    const id = await identify(
      [
        [13.38, '00003.mpls', '5'],
        [187.08, '00001.mpls', '0,1,2,3,11'],
        [5.68, '00004.mpls', '7'],
        [2.22, '00000.mpls', '8,9'],
        [22.12, '00005.mpls', '6'],
        [2.35, '00002.mpls', '4'],
      ],
      'BLACK_ROCK_SHOOTER',
    );
    expect(id.contentType).toBe('tv');
    expect(roles(id)[1]).toBe('episode_candidate');
    expect(roles(id)[4]).toBe('extra');
    expect(id.reviewReason).toMatch(/title 1 holds several episodes \(it joins 5 clips no other title plays\)/);
  });

  it('a title read as episodes in one is the feature when the catalog names a movie', async () => {
    const id = await identify(animeVolume, 'SOME_FILM', 'dvd', [catalogAnswer('movie')]);
    expect(id.contentType).toBe('movie');
    expect(roles(id)[0]).toBe('main_feature_candidate');
    expect(id.reviewReason ?? '').not.toMatch(/episodes/);
  });

  it('two cuts of a film sharing their clips are a movie, not episodes in one title', async () => {
    // American Pie (2025 4K UK, seed 41): theatrical and unrated playlists of nine clips, five of them shared.
    const id = await identify(
      [
        [95.33, '00800.mpls', '25,34,27,35,29,36,31,37,33'],
        [95.52, '00801.mpls', '25,26,27,28,29,30,31,32,33'],
        [12.5, '00802.mpls', '40'],
      ],
      'AMERICAN_PIE',
    );
    expect(id.contentType).toBe('movie');
    expect(roles(id).slice(0, 2)).toEqual(['main_feature_candidate', 'main_feature_candidate']);
  });
});
