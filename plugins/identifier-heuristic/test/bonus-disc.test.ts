/**
 * Bonus discs read from their structure: a documentary in parts joined by one feature-length title, and discs of
 * extras with no feature and no episodes — the bonus disc of a movie set unless a catalog answer or the label says
 * otherwise, a person confirming (low confidence).
 */
import { describe, expect, it } from 'vitest';
import { labelNamesBonusDisc } from '../src/bonus-disc.ts';
import { identify, roles, type Row } from './support/structure-rows.ts';
import { catalogAnswer } from './support/catalog-answer.ts';

describe('bonus discs by structure', () => {
  it('a feature-length title as long as all the parts beside it, a run of cells each, is a bonus disc, not a film', async () => {
    const parts: Row[] = [30.5, 22.7, 26.5, 28.7, 29.4, 28.8, 23.1, 24.1].map((m, i) => [m, String(6 + i), '1-3']);
    const total = parts.reduce((sum, [m]) => sum + m, 0);
    const id = await identify(
      [
        [0.4, '05', '1,2'],
        ...parts,
        [4.2, '14', '1-2,3,4,5-6'],
        [total, '15', '1,2-4,5-7,8-10,11-13,14-16,17-19,20-22,23-25'],
        [2.1, '16', '1-2'],
      ],
      'BLADE_RUNNER_D2',
      'dvd',
    );
    expect(id.contentType).toBe('movie');
    expect(id.reviewReason).toMatch(/bonus disc/);
    expect(id.titleHints.some((h) => h.role === 'main_feature_candidate' || h.role === 'episode_candidate')).toBe(
      false,
    );
    expect(id.titleHints.filter((h) => h.role !== 'short').every((h) => h.rip)).toBe(true);
  });

  it('a film is still the main feature when the titles beside it do not add up to it, or its cells are one run', async () => {
    const notTheSum = await identify(
      [
        [110, '01', '1-24'],
        [25, '02', '1-3'],
        [24, '03', '1-3'],
        [26, '04', '1-3'],
      ],
      'SOME_FILM',
      'dvd',
    );
    expect(notTheSum.contentType).toBe('movie');
    expect(notTheSum.titleHints[0]).toMatchObject({ role: 'main_feature_candidate', rip: true });
    // As long as the documentaries beside it together, but one run of cells: a film, not their Play All.
    const oneRun = await identify(
      [
        [100, '01', '1-24'],
        [40, '02', '1-3'],
        [35, '03', '1-3'],
        [25, '04', '1-3'],
      ],
      'SOME_FILM',
      'dvd',
    );
    expect(oneRun.contentType).toBe('movie');
    expect(oneRun.titleHints[0]).toMatchObject({ role: 'main_feature_candidate', rip: true });
    expect(oneRun.reviewReason ?? '').not.toMatch(/bonus disc/);
  });

  it('a disc of extras of many lengths is a bonus disc: a movie set\u2019s (no season on the label), nothing taken for the feature', async () => {
    const id = await identify([
      [14, '00015.m2ts', '15'],
      [5, '00016.m2ts', '16'],
      [7, '00017.m2ts', '17'],
      [12, '00018.m2ts', '18'],
    ]);
    expect(id.contentType).toBe('movie');
    expect(id.confidence).toBeLessThan(0.5);
    expect(id.titleHints.every((h) => h.role === 'extra')).toBe(true);
    expect(id.reviewReason).toMatch(/bonus disc/);
    expect(id.titleHints.every((h) => h.rip)).toBe(true);
  });

  it('a disc of many alike featurettes and interviews, no feature, is a movie set\u2019s bonus disc, not left unknown', async () => {
    // The Twilight saga set's bonus disc (TheDiscDB): a 34-minute and a 23-minute interview beside eleven extras of
    // 2½–7½ minutes, most of them within the episode tolerance of each other, so they are not "of many lengths".
    const id = await identify(
      [
        [23.6, '00076.m2ts', '76'],
        [5.6, '00077.m2ts', '77'],
        [7.5, '00078.m2ts', '78'],
        [5.4, '00079.m2ts', '79'],
        [6.8, '00086.m2ts', '86'],
        [5.7, '00087.m2ts', '87'],
        [6.1, '00088.m2ts', '88'],
        [34.8, '00089.m2ts', '89'],
        [7.6, '00090.m2ts', '90'],
        [4.9, '00092.m2ts', '92'],
      ],
      'Twilight Bonus Features',
    );
    expect(id.contentType).toBe('movie');
    expect(id.confidence).toBeLessThan(0.5);
    expect(id.reviewReason).toMatch(/bonus disc/);
    expect(id.evidence.join('\n')).toMatch(/a bonus disc of a movie set \(the label names no season\)/);
    expect(id.titleHints.every((h) => h.role === 'extra' && h.rip)).toBe(true);
  });
  it('a disc whose label names a bonus disc holds extras: no episodes, no main feature, a Play All by length ripped', async () => {
    // Merlin season 2 DVD disc 5 (TheDiscDB, seed 59): twelve behind-the-scenes featurettes of 10–14½ minutes, one per
    // episode, an introduction, a recap and a 34-minute making-of as long as three of them.
    const minutes = [
      0.2, 0.38, 0.25, 13.72, 14.52, 13.53, 13.87, 14.05, 13.65, 13.7, 12.33, 12.08, 10.33, 12.75, 12.18,
    ];
    const rows: Row[] = [...minutes, 7.92, 10.62, 34.12].map((m, i) => [m, String(i + 2).padStart(2, '0'), '1-2']);
    rows[17]![2] = '1-5';
    const id = await identify(rows, 'Disc Five: Special Features', 'dvd');
    expect(id.titleHints.some((h) => h.role === 'episode_candidate' || h.role === 'main_feature_candidate')).toBe(
      false,
    );
    expect(id.titleHints.filter((h) => h.role !== 'short').every((h) => h.role === 'extra' && h.rip)).toBe(true);
    expect(id.reviewReason).toMatch(/names a bonus disc/);
    // Without the words, the same titles read as short-form episodes.
    const unnamed = await identify(rows, 'Disc Five', 'dvd');
    expect(unnamed.titleHints.filter((h) => h.role === 'episode_candidate').length).toBeGreaterThan(10);
  });

  it('a disc whose label names a bonus disc is of a movie set unless the label names a season or the catalog a show', async () => {
    // The Dark Knight's bonus disc (TheDiscDB, seed 60): three documentaries of about 46 minutes beside featurettes;
    // by their lengths alone three episodes.
    const rows: Row[] = [46.03, 45.98, 46.68, 10.2, 8.3, 12.1, 10.4, 8.2, 11.9].map((m, i) => [
      m,
      `${String(i + 10).padStart(5, '0')}.mpls`,
      String(i + 100),
    ]);
    expect((await identify(rows, 'Disc 2')).contentType).toBe('tv');
    const bonus = await identify(rows, 'Bonus Disc');
    expect(bonus.contentType).toBe('movie');
    expect(bonus.confidence).toBeLessThan(0.5);
    expect(bonus.evidence).toContain('a bonus disc of a movie set (the label names no season)');
    expect(bonus.titleHints.every((h) => h.role === 'extra' && h.rip)).toBe(true);
    expect((await identify(rows, 'Season 2 Bonus Disc')).contentType).toBe('tv');
    expect((await identify(rows, 'Bonus Disc', 'bluray', [catalogAnswer('tv')])).contentType).toBe('tv');
  });

  it('a lone feature-length documentary on a disc labelled "Behind the Scenes" is an extra, not the film', async () => {
    // The Fellowship of the Ring extended edition disc 5 (TheDiscDB, seed 62): one 1:24:45 documentary in ten parts.
    const rows: Row[] = [
      [84.75, '01', '1-9,10'],
      [0.05, '03', '1'],
      [0.3, '05', '1,2'],
    ];
    expect((await identify(rows, 'The Fellowship of the Ring', 'dvd')).titleHints[0]!.role).toBe(
      'main_feature_candidate',
    );
    const id = await identify(rows, 'The Fellowship of the Ring Behind the Scenes', 'dvd');
    expect(id.contentType).toBe('movie');
    expect(id.titleHints[0]).toMatchObject({ role: 'extra', rip: true });
    expect(id.reviewReason).toMatch(/names a bonus disc/);
  });

  it('reads a bonus disc from the label’s words, not from episodes or a film’s supplements', () => {
    for (const label of [
      'Bonus Disc',
      'Disc 2 (Bonus)',
      'Twilight Bonus Features',
      'SHOW_S2_BONUS',
      'Special Features',
      'SPECIAL_FEATURES',
      'The Fellowship of the Ring Behind the Scenes',
      'The Appendices Part One: From Book to Vision',
    ])
      expect(labelNamesBonusDisc(label), label).toBe(true);
    for (const label of [
      'Bonus Episodes',
      'Blu-ray 1 (Film & Supplements)',
      'Special Extended Edition Part One',
      'Main Feature',
      'EXTRATERRESTRIAL',
      'EXTRAS_SERIES_1_DISC_1',
      'Blu-ray 2 (Texasville & Its Supplements)',
      'BEHIND_ENEMY_LINES',
    ])
      expect(labelNamesBonusDisc(label), label).toBe(false);
  });
});
