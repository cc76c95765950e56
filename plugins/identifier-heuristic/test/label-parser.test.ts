import { describe, expect, it } from 'vitest';
import { parseVolumeLabel } from '../src/label-parser.ts';

const now = new Date('2025-06-01T00:00:00Z');

describe('parseVolumeLabel', () => {
  it.each([
    ['SHOW_NAME_S2_D1', { title: 'Show Name', season: 2, discNumber: 1, year: null }],
    ['SHOWNAME_SEASON3_DISC2', { title: 'Showname', season: 3, discNumber: 2, year: null }],
    ['THE_OFFICE_SEASON_4_DISC_3', { title: 'The Office', season: 4, discNumber: 3, year: null }],
    ['BREAKING_BAD_S01D02', { title: 'Breaking Bad', season: 1, discNumber: 2, year: null }],
    ['LORD_OF_THE_RINGS', { title: 'Lord of the Rings', season: null, discNumber: null, year: null }],
    ['BLADE_RUNNER_2049', { title: 'Blade Runner 2049', season: null, discNumber: null, year: null }],
    ['DUNE_2021', { title: 'Dune', season: null, discNumber: null, year: 2021 }],
    ['1917', { title: '1917', season: null, discNumber: null, year: null }],
    ['Doctor Who Series 5 Disc 1', { title: 'Doctor Who', season: 5, discNumber: 1, year: null }],
    ['FRIENDS.S10.D4', { title: 'Friends', season: 10, discNumber: 4, year: null }],
    ['SEASON_OF_THE_WITCH', { title: 'Season of the Witch', season: null, discNumber: null, year: null }],
    ['DVD_VIDEO', { title: null, season: null, discNumber: null, year: null }],
    ['BDROM', { title: null, season: null, discNumber: null, year: null }],
    ['', { title: null, season: null, discNumber: null, year: null }],
    ['SPECIALS_S0_D1', { title: 'Specials', season: 0, discNumber: 1, year: null }],
    ['MY-SHOW-D2', { title: 'My Show', season: null, discNumber: 2, year: null }],
  ])('%o → %o', (label, facts) => {
    expect(parseVolumeLabel(label, now)).toEqual(facts);
  });
});
