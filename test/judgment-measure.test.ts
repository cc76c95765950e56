/**
 * The episode figures of the judgment measure. On a disc whose episode TheDiscDB assigns to the playlist with a short
 * intro, while the same content also plays alone: ripping that content is ripping the episode, also when the clips wrap
 * it on both sides (a logo before, a card after). A title that is not the episode's content less short clips before,
 * after or around it does not carry it. Ripping an episode's content rips it even when TheDiscDB types that content
 * as another episode too. A kept title that TheDiscDB types as several episodes, on a disc with no title of a single
 * episode, counts neither right nor wrong. The film left untyped on one disc of a release, as long to the second as
 * the main movie typed on another, is the film; so is a title the disc's TheDiscDB summary types as the main movie. A
 * companion series' making-of pieces, numbered as episodes of their own season, are extras of the disc's show.
 */
import { describe, expect, it } from 'vitest';
import { measureDisc } from './judgment/judgment-figures.ts';
import { CORPUS_DIR, loadRealDiscs, type RealDisc, type TruthTitle } from './judgment/judgment-discs.ts';
import { typeUntypedFilms } from './judgment/judgment-release.ts';
import { summaryTypes, typeFromSummaries } from './judgment/judgment-summaries.ts';
import { typeCompanionEpisodes } from './judgment/judgment-companion.ts';

const title = (
  Index: number,
  Duration: string,
  SourceFile: string,
  SegmentMap: string,
  episode?: string,
): TruthTitle => ({
  Index,
  Duration,
  Size: 1,
  SourceFile,
  SegmentMap,
  ...(episode ? { Item: { Type: 'Episode', Season: '2', Episode: episode } } : {}),
});

const disc = (titles: TruthTitle[]): RealDisc => ({
  stem: 'measure',
  kind: 'series',
  origin: 'corpus',
  heldOut: false,
  set: 'tune',
  record: { Index: 6, Name: 'Book Two Disc Six', Format: 'Blu-Ray', Titles: titles },
  transcript: null,
});

/** A held-out movie Blu-ray labelled "Blu-ray". */
const bluRay = (stem: string, Index: number, Titles: TruthTitle[]): RealDisc => ({
  stem,
  kind: 'movie',
  origin: 'corpus',
  heldOut: true,
  set: 'holdout',
  record: { Index, Name: 'Blu-ray', Format: 'Blu-Ray', Titles },
  transcript: null,
});

// Avatar: The Last Airbender, Book Two disc 6 (TheDiscDB, seed 54): the two-part finale (1102) is assigned to the
// playlist that adds a logo and a recap (1093, 1101: 48 s); the heuristic rips the playlist of the content alone.
const avatar = (coreSegments: string, coreDuration: string) => [
  title(0, '0:24:32', '01601.mpls', '1062', '16'),
  title(1, '0:24:32', '01602.mpls', '1086', '17'),
  title(2, coreDuration, '01619.mpls', coreSegments),
  title(3, '1:35:41', '00600.mpls', '1093,1062,1086,1101,1102'),
  title(4, '0:46:36', '00603.mpls', '1093,1101,1102', '19-20'),
];

describe('episodes carried by their content without its intro', () => {
  it('counts the finale as ripped and kept when the playlist of its content alone is', async () => {
    const figures = await measureDisc(disc(avatar('1102', '0:45:48')));
    expect(figures.episodes.notRipped).toBe(0);
    expect(figures.episodes.kept).toBe(figures.episodes.truth);
    expect(figures.episodes.keptRight).toBe(figures.episodes.keptTitles);
  });

  it('does not credit an untyped title whose segments are not the episode’s less clips before or after', async () => {
    const credited = await measureDisc(disc(avatar('1102', '0:45:48')));
    expect(credited.episodes.keptUnassigned).toBe(0);
    // The untyped playlist plays the finale's clips in another order (1102, 1101), not an unbroken run of the
    // episode's: kept, but unassigned.
    const other = await measureDisc(disc(avatar('1102,1101', '0:45:48')));
    expect(other.episodes.keptUnassigned).toBe(1);
  });

  it('counts a kept title of several episodes neither right nor wrong when no title holds a single episode', async () => {
    // Bubblegum Crisis Tokyo 2040 volume 5 (TheDiscDB, seed 49): episodes 17–21 in one DVD title of five alike parts.
    const episodes: TruthTitle = {
      Index: 0,
      Duration: '2:02:08',
      Size: 1,
      SourceFile: '01',
      SegmentMap: '1-5,6-10,11-15,16-20,21-25,26',
      Item: { Type: 'Episode', Season: '1', Episode: '17-21', Title: 'Episodes 17-21' },
    };
    const trailers: TruthTitle = { Index: 1, Duration: '0:09:37', Size: 1, SourceFile: '03', SegmentMap: '1-6,7' };
    const volume: RealDisc = {
      ...disc([]),
      record: { Index: 1, Name: 'DVD', Format: 'DVD', Titles: [episodes, trailers] },
    };
    const figures = await measureDisc(volume);
    expect(figures.said).toBe('tv');
    expect(figures.episodes).toMatchObject({ keptTitles: 0, keptUnassigned: 1 });
  });
  it('counts an episode as ripped when its content is, under another number TheDiscDB gives the same content', async () => {
    // Avatar: The Last Airbender, 2018 disc 8 (TheDiscDB, seed 62): clip 1080 is typed episode 14 alone and episode 16
    // with its intro (1087, 1080); the heuristic rips the clip alone and leaves the playlist with the intro as a copy.
    const figures = await measureDisc(
      disc([
        title(0, '0:24:33', '00401.mpls', '1062', '9'),
        title(1, '0:24:35', '00404.mpls', '1079', '12'),
        title(2, '0:24:19', '00406.mpls', '1080', '14'),
        title(3, '0:24:30', '00403.mpls', '1086', '11'),
        title(4, '0:24:20', '00606.mpls', '1087,1080', '16'),
      ]),
    );
    expect(figures.episodes.notRipped).toBe(0);
    // Kept counts only what the kept title is typed as: episode 16 is ripped, not kept.
    expect(figures.episodes.kept).toBe(4);
  });
});

describe('the film untyped on one disc of a release', () => {
  const movieDisc = (stem: string, film: string, typed: boolean): RealDisc =>
    bluRay(stem, 1, [
      title(0, '0:01:59', '00002.mpls', '1,3'),
      { ...title(1, film, '00004.mpls', '7'), ...(typed ? { Item: { Type: 'MainMovie', Title: 'Hud' } } : {}) },
      { ...title(2, '0:41:33', '00005.mpls', '9'), Item: { Type: 'Interview', Title: 'Martin Ritt' } },
      { ...title(3, '0:33:18', '00011.m2ts', '11'), Item: { Type: 'Interview', Title: 'Sally Field' } },
    ]);

  // Hud's Criterion 4K set (TheDiscDB, seeds 51 and 48): the Blu-ray carries the film (1:51:51) untyped.
  it('is the film when it runs, to the second, as long as the main movie typed on another disc of the release', async () => {
    const [, blu] = typeUntypedFilms([
      movieDisc('Hud__4k__disc01', '1:51:51', true),
      movieDisc('Hud__4k__disc02', '1:51:51', false),
    ]);
    const figures = await measureDisc(blu!);
    expect(figures.bonusRecognised).toBeNull();
    expect(figures.mainWithoutRuntime).toBe(true);
  });

  it('is not the film a second off, nor on a disc of another release', async () => {
    for (const [stem, film] of [
      ['Hud__4k__disc02', '1:51:52'],
      ['Other__4k__disc02', '1:51:51'],
    ] as const) {
      const [, blu] = typeUntypedFilms([movieDisc('Hud__4k__disc01', '1:51:51', true), movieDisc(stem, film, false)]);
      expect((await measureDisc(blu!)).bonusRecognised).toBe(false);
    }
  });
});

describe("a title the disc's TheDiscDB summary types and its JSON does not", () => {
  const stem = 'Master_and_Commander_The_Far_Side_of_the_World_(2003)__2025-4k-steelbook__disc02';
  const untyped = (film: string): RealDisc =>
    bluRay(stem, 2, [
      title(0, film, '00002.mpls', '2'),
      { ...title(1, '0:24:19', '00026.mpls', '3,5,6,7,8,9'), Item: { Type: 'DeletedScene', Title: 'Deleted Scenes' } },
      { ...title(2, '0:02:43', '00008.m2ts', '8'), Item: { Type: 'Trailer', Title: 'Theatrical Trailer' } },
    ]);

  // Master and Commander's 2025 4K steelbook (TheDiscDB, seed 64): the Blu-ray's JSON leaves the film (2:18:20)
  // untyped; its summary, same commit, says "Type: MainMovie".
  it("takes the summary's type, so a right main-feature pick counts as right", async () => {
    const [disc] = typeFromSummaries([untyped('2:18:20')], summaryTypes(CORPUS_DIR));
    expect(disc!.record.Titles[0]!.Item?.Type).toBe('MainMovie');
    const figures = await measureDisc(disc!);
    expect(figures.bonusRecognised).toBeNull();
    expect(figures.mainWithoutRuntime).toBe(true);
  });

  it('is not applied to a title of another length, so a re-fetched disc is not typed by a stale row', async () => {
    const [disc] = typeFromSummaries([untyped('2:18:21')], summaryTypes(CORPUS_DIR));
    expect(disc!.record.Titles[0]!.Item).toBeUndefined();
    expect((await measureDisc(disc!)).bonusRecognised).toBe(false);
  });

  it('is applied when the corpus is loaded', () => {
    const disc = loadRealDiscs().find((d) => d.stem === stem);
    expect(disc?.record.Titles.find((t) => t.Duration === '2:18:20')?.Item?.Type).toBe('MainMovie');
  });
});

describe("a companion series' episodes on a disc", () => {
  const episode = (Index: number, Duration: string, Season: string, Episode: string, Title: string): TruthTitle => ({
    ...title(Index, Duration, `0080${Index}.mpls`, String(Index)),
    Item: { Type: 'Episode', Season, Episode, Title },
  });
  // Doctor Who's limited edition, disc 48 (TheDiscDB, seed 67): series 11 episodes 5 and 6, and two making-of pieces
  // typed as season 1 episodes 5 and 6 under the same names.
  const whittaker = [
    episode(0, '0:53:04', '11', '5', 'The Tsuranga Conundrum'),
    episode(1, '0:52:24', '11', '6', 'Demons of the Punjab'),
    episode(2, '0:05:43', '1', '5', 'The Tsuranga Conundrum'),
    episode(3, '0:05:46', '1', '6', 'Demons of the Punjab'),
  ];

  it('are extras of the show, not its episodes: the measure neither counts them as missed nor as kept', async () => {
    const [fixed] = typeCompanionEpisodes([disc(whittaker)]);
    expect(fixed!.record.Titles.map((t) => t.Item?.Type)).toEqual(['Episode', 'Episode', 'Extra', 'Extra']);
    expect((await measureDisc(fixed!)).episodes.truth).toBe(2);
  });

  it("stay episodes when no name repeats, or when they run half the other season's shortest episode or more", () => {
    const shorts = whittaker.map((t, i) => (i < 2 ? t : { ...t, Item: { ...t.Item!, Title: `Short ${i}` } }));
    const halves = whittaker.map((t, i) => (i < 2 ? t : { ...t, Duration: '0:26:12' }));
    for (const titles of [shorts, halves]) {
      const [same] = typeCompanionEpisodes([disc(titles)]);
      expect(same!.record.Titles.every((t) => t.Item?.Type === 'Episode')).toBe(true);
    }
  });
});

describe('an episode wrapped in clips on both sides', () => {
  // Stranger Things 4K disc 16 (TheDiscDB, seed 63): episode 7 is typed on the playlist that wraps its stream in a logo
  // and a card (12, 0, 14); the heuristic rips the stream alone (0), listed bare.
  it('is ripped and kept when its content alone is', async () => {
    const figures = await measureDisc({
      ...disc([]),
      record: {
        Index: 16,
        Name: 'Season 4 Disc 4',
        Format: 'UHD',
        Titles: [
          title(0, '1:38:50', '00003.mpls', '12,0,14', '7'),
          title(1, '0:00:11', '00014.m2ts', '14'),
          title(2, '0:00:11', '00012.m2ts', '12'),
          title(3, '1:38:28', '00000.m2ts', '0'),
        ],
      },
    });
    expect(figures.episodes).toMatchObject({ truth: 1, kept: 1, keptTitles: 1, keptRight: 1, notRipped: 0 });
  });
});
