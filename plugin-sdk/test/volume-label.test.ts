import { describe, expect, it } from 'vitest';
import { NO_LABEL_FACTS, parseVolumeLabel, type VolumeLabelFacts } from '../src/volume-label.ts';

const now = new Date('2025-06-01T00:00:00Z');
const none = NO_LABEL_FACTS;
const f = (facts: Partial<VolumeLabelFacts>): VolumeLabelFacts => ({ ...none, ...facts });

/** Label styles seen on real discs (several from TheDiscDB's sample: 24_DISC1, TV24_D3, 30 Rock D1, 27DRESSES_WS, …). */
const styles: [string, VolumeLabelFacts][] = [
  ['SHOW_NAME_S2_D1', f({ title: 'Show Name', season: 2, discNumber: 1 })],
  ['SHOWNAME_SEASON3', f({ title: 'Showname', season: 3 })],
  ['SHOWNAME_SEASON3_DISC2', f({ title: 'Showname', season: 3, discNumber: 2 })],
  ['BBCDVD1550', f({ catalogueNumber: 'BBCDVD1550' })],
  ['BBCBD0321', f({ catalogueNumber: 'BBCBD0321' })],
  ['THE_OFFICE_SEASON_4_DISC_3', f({ title: 'The Office', season: 4, discNumber: 3 })],
  ['BREAKING_BAD_S01D02', f({ title: 'Breaking Bad', season: 1, discNumber: 2 })],
  ['FRIENDS.S10.D4', f({ title: 'Friends', season: 10, discNumber: 4 })],
  ['Doctor Who Series 5 Disc 1', f({ title: 'Doctor Who', season: 5, discNumber: 1 })],
  ['THE_WIRE_SEASON_1_DISK_3', f({ title: 'The Wire', season: 1, discNumber: 3 })],
  ['SIMPSONS_S12_BD3', f({ title: 'Simpsons', season: 12, discNumber: 3 })],
  ['X_FILES_S01_DVD2', f({ title: 'X Files', season: 1, discNumber: 2 })],
  ['BAND_OF_BROTHERS_DISC_1_OF_6', f({ title: 'Band of Brothers', discNumber: 1 })],
  ['SEINFELD_SEASON_TWO_DISC_ONE', f({ title: 'Seinfeld', season: 2, discNumber: 1 })],
  ['MASH_S03E01', f({ title: 'Mash', season: 3 })],
  ['24_DISC1', f({ title: '24', discNumber: 1 })],
  ['TV24_D3', f({ title: '24', discNumber: 3 })],
  ['30 Rock D1', f({ title: '30 Rock', discNumber: 1 })],
  ['STAR_TREK_DS9_S3_D2', f({ title: 'Star Trek DS9', season: 3, discNumber: 2 })],
  ['DS9_S4D1', f({ title: 'DS9', season: 4, discNumber: 1 })],
  ['SPECIALS_S0_D1', f({ title: 'Specials', season: 0, discNumber: 1 })],
  ['MY-SHOW-D2', f({ title: 'My Show', discNumber: 2 })],
  ['NARUTO_VOL_5', f({ title: 'Naruto', volume: 5 })],
  ['CHARLIE_BROWN_VOL3', f({ title: 'Charlie Brown', volume: 3 })],
  ['LORD_OF_THE_RINGS', f({ title: 'Lord of the Rings' })],
  ['BLADE_RUNNER_2049', f({ title: 'Blade Runner 2049' })],
  ['DUNE_2021', f({ title: 'Dune', year: 2021 })],
  ['1917', f({ title: '1917' })],
  ['2001 A SPACE ODYSSEY', f({ title: '2001 a Space Odyssey' })],
  ['27DRESSES_WS', f({ title: '27 Dresses' })],
  ['’ROUND MIDNIGHT', f({ title: "'Round Midnight" })],
  ['A HARD DAY?\uFFFD\uFFFDS NIGHT', f({ title: "A Hard Day's Night" })],
  ['INCEPTION_2010_BD', f({ title: 'Inception', year: 2010 })],
  ['AVATAR_WS_NTSC_R1', f({ title: 'Avatar' })],
  ['ALIENS_SPECIAL_EDITION', f({ title: 'Aliens' })],
  ['BLADE_RUNNER_DIRECTORS_CUT', f({ title: 'Blade Runner' })],
  ['THE_FINAL_CUT', f({ title: 'The Final Cut' })],
  ['PLANET_EARTH_II_D2', f({ title: 'Planet Earth II', discNumber: 2 })],
  ['SEASON_OF_THE_WITCH', f({ title: 'Season of the Witch' })],
  ['SERIES_OF_UNFORTUNATE_EVENTS_S1_D1', f({ title: 'Series of Unfortunate Events', season: 1, discNumber: 1 })],
  ['Breaking Bad Season 2 Disc 3', f({ title: 'Breaking Bad', season: 2, discNumber: 3 })],
  ['NICKELODEON_VAULT_AGAIN', f({ title: 'Nickelodeon Vault Again' })],
  ['CHRISCRL', f({ title: 'Chriscrl' })],
  ['DVD_VIDEO', none],
  ['BDROM', none],
  ['LOGICAL_VOLUME_ID', none],
  ['DISC', none],
  ['', none],
];

describe('parseVolumeLabel', () => {
  it('covers at least 30 label styles', () => expect(styles.length).toBeGreaterThanOrEqual(30));

  it.each(styles)('%o', (label, facts) => {
    expect(parseVolumeLabel(label, now)).toEqual(facts);
  });

  it('only counts a year that is not in the future as a year', () => {
    expect(parseVolumeLabel('SOMETHING_2031', now)).toMatchObject({ title: 'Something 2031', year: null });
    expect(parseVolumeLabel('SOMETHING_2026', now)).toMatchObject({ title: 'Something', year: 2026 });
  });

  it('keeps the first season and disc it reads', () => {
    expect(parseVolumeLabel('SHOW_S1_D2_S3_D4', now)).toMatchObject({ season: 1, discNumber: 2 });
  });

  it('treats disc 0 as no disc number', () => {
    expect(parseVolumeLabel('SHOW_D0', now)).toMatchObject({ title: 'Show', discNumber: null });
  });
});
