/** The disc layouts the movie-runtime matcher is tested on, with what each title should come out as. */
import type { ExtraType, TitleAssignment } from '@spindle/plugin-sdk';
import type { DiscTitle } from './movie-disc.ts';

export const AUTO_ACCEPT = 0.7;

export interface Expected {
  kind: TitleAssignment;
  edition?: string | null;
  extraType?: ExtraType;
  /** True: below the auto-accept threshold (review); false: at or above it. */
  review: boolean;
  /** Confidence at least this much (e.g. 0.8 for a clear main feature with a catalog runtime). */
  atLeast?: number;
}

export interface Layout {
  name: string;
  /** Catalog runtime in minutes; null: the catalog knows none; undefined: no catalog configured. */
  runtime?: number | null;
  titles: DiscTitle[];
  /** Expected result per title index; null: no answer (not part of the layout). */
  expect: Record<number, Expected | null>;
  title?: string;
}

const main = (atLeast = 0.8): Expected => ({ kind: 'main_movie', edition: null, review: false, atLeast });
const edition = (name: string, review = false): Expected => ({
  kind: 'main_movie',
  edition: name,
  review,
  ...(review ? {} : { atLeast: 0.8 }),
});
/** An extra; without a kind given, the kind its length suggests (no name says one). */
const extra = (extraType?: ExtraType, atLeast = 0.8): Expected => ({
  kind: 'extra',
  ...(extraType ? { extraType } : {}),
  review: false,
  atLeast,
});
const discarded = (review = false): Expected => ({ kind: 'discarded', review, ...(review ? {} : { atLeast: 0.8 }) });
const review = (kind: TitleAssignment, editionName: string | null = null): Expected => ({
  kind,
  edition: editionName,
  review: true,
});

export const LAYOUTS: Layout[] = [
  {
    name: 'single feature matching the catalog runtime, with extras and a clip',
    runtime: 120,
    titles: [{ min: 121.5 }, { min: 8 }, { min: 14 }, { min: 0.5 }],
    expect: { 0: main(0.9), 1: extra(), 2: extra(), 3: extra() },
  },
  {
    name: 'single feature, no catalog configured',
    titles: [{ min: 98 }, { min: 6 }],
    expect: { 0: main(0.75), 1: extra(undefined, 0.75) },
  },
  {
    name: 'single feature, the catalog knows no runtime',
    runtime: null,
    titles: [{ min: 131 }, { min: 12 }],
    expect: { 0: main(0.75), 1: extra(undefined, 0.75) },
  },
  {
    name: 'theatrical and extended cut with a catalog runtime',
    runtime: 120,
    titles: [{ min: 119.8 }, { min: 134.2 }, { min: 3 }],
    expect: { 0: main(0.9), 1: edition('Extended'), 2: extra() },
  },
  {
    name: 'theatrical and extended cut without a catalog runtime: review, never a guess',
    runtime: null,
    titles: [{ min: 119.8 }, { min: 134.2 }],
    expect: { 0: review('main_movie'), 1: review('main_movie', 'Extended') },
  },
  {
    name: 'duplicate playlist of the main feature (same length and size)',
    runtime: 120,
    titles: [{ min: 120.5, size: 30_000_000_000 }, { min: 120.51, size: 30_000_000_000 }, { min: 11 }],
    expect: { 0: main(0.9), 1: discarded(), 2: extra() },
  },
  {
    name: '4K and 1080p copies of the feature (folder import)',
    runtime: 110,
    titles: [
      { min: 111, res: '1080p', file: 'Sample Movie (2001) 1080p.mkv' },
      { min: 111, res: '2160p', file: 'Sample Movie (2001) 2160p.mkv' },
    ],
    expect: { 0: discarded(), 1: main(0.9) },
  },
  {
    name: '4K and 1080p copies without a catalog runtime',
    titles: [{ min: 111, res: '2160p' }, { min: 111, res: '1080p' }, { min: 9 }],
    expect: { 0: main(0.75), 1: discarded(), 2: extra(undefined, 0.75) },
  },
  {
    name: 'look-alike playlists (same length and resolution, different sizes): review',
    runtime: 120,
    titles: [
      { min: 120.2, size: 28_000_000_000 },
      { min: 120.2, size: 31_000_000_000 },
    ],
    expect: { 0: review('discarded'), 1: review('main_movie') },
  },
  {
    name: 'extras-only bonus disc',
    runtime: 120,
    titles: [{ min: 15 }, { min: 8 }, { min: 45 }],
    expect: { 0: extra(), 1: extra(), 2: extra(undefined, 0.7) },
  },
  {
    name: 'extras-only bonus disc without any catalog',
    titles: [{ min: 15 }, { min: 8 }],
    expect: { 0: extra(undefined, 0.8), 1: extra(undefined, 0.8) },
  },
  {
    name: 'a 25-minute special twice as long as anything else, no catalog: the main feature, for review',
    titles: [{ min: 25.7 }, { min: 3 }, { min: 11 }],
    expect: { 0: { kind: 'main_movie', edition: null, review: true }, 1: extra(), 2: extra() },
  },
  {
    name: 'two 25-minute specials, no catalog: neither is taken for the main feature',
    titles: [{ min: 25.7 }, { min: 23.3 }],
    expect: { 0: { kind: 'extra', review: true }, 1: { kind: 'extra', review: true } },
  },
  {
    name: 'extras named by kind',
    runtime: 100,
    titles: [
      { min: 101, file: 'Sample Movie.mkv' },
      { min: 2.5, file: 'Sample Movie - Theatrical Trailer.mkv' },
      { min: 12, file: 'Deleted Scenes.mkv' },
      { min: 18, file: 'The Making of Sample Movie.mkv' },
      { min: 7, file: 'Featurette - Effects.mkv' },
      { min: 6, file: 'Cast Interviews.mkv' },
    ],
    expect: {
      0: main(0.9),
      1: extra('trailer', 0.9),
      2: extra('deleted_scene', 0.9),
      3: extra('behind_the_scenes', 0.9),
      4: extra('featurette', 0.9),
      5: extra('interview', 0.9),
    },
  },
  {
    name: "theatrical and a Director's Cut named in the file name",
    runtime: 144,
    titles: [
      { min: 144.5, file: 'Kingdom of Heaven.mkv' },
      { min: 194, file: "Kingdom of Heaven (Director's Cut).mkv" },
    ],
    title: 'Kingdom of Heaven',
    expect: { 0: main(0.9), 1: edition("Director's Cut") },
  },
  {
    name: 'two editions named, no catalog runtime',
    titles: [
      { min: 113, file: 'Sample Movie - Theatrical.mkv' },
      { min: 127, file: 'Sample Movie - Unrated.mkv' },
    ],
    expect: { 0: main(0.8), 1: edition('Unrated') },
  },
  {
    name: 'two unnamed longer cuts besides the theatrical one: they go to review',
    runtime: 120,
    titles: [{ min: 120 }, { min: 131 }, { min: 145 }],
    expect: { 0: main(0.9), 1: review('main_movie', 'Extended'), 2: review('main_movie', 'Extended') },
  },
  {
    name: 'only a longer cut on the disc: an Extended candidate for review',
    runtime: 120,
    titles: [{ min: 135 }, { min: 10 }],
    expect: { 0: review('main_movie', 'Extended'), 1: extra() },
  },
  {
    name: 'PAL DVD: 4 % faster than the catalog runtime',
    runtime: 120,
    titles: [
      { min: 115.3, res: '576p' },
      { min: 5, res: '576p' },
    ],
    expect: { 0: main(0.9), 1: extra() },
  },
  {
    name: 'feature far shorter than the catalog runtime: review',
    runtime: 120,
    titles: [{ min: 106 }],
    expect: { 0: review('main_movie') },
  },
  {
    name: 'a title far longer than any edition (a Play All of feature and extras): review',
    runtime: 100,
    titles: [{ min: 100 }, { min: 185 }],
    expect: { 0: main(0.9), 1: review('discarded') },
  },
  {
    name: 'three plausible main features without a catalog runtime',
    titles: [{ min: 118 }, { min: 119 }, { min: 121 }],
    expect: { 0: review('main_movie'), 1: review('main_movie'), 2: review('main_movie') },
  },
  {
    name: 'a movie whose title sounds like an edition ("Uncut Gems") is still the theatrical cut',
    runtime: 135,
    titles: [{ min: 135, file: 'Uncut Gems (2019).mkv' }],
    title: 'Uncut Gems',
    expect: { 0: main(0.9) },
  },
  {
    name: 'an unripped duplicate (left out by the identifier) does not count',
    runtime: 120,
    titles: [{ min: 120, ripped: false }, { min: 120 }],
    expect: { 0: null, 1: main(0.9) },
  },
  {
    name: 'unnamed extras (MakeMKV file names) typed by length: trailer, featurette, a logo clip other',
    runtime: 100,
    titles: [
      { min: 101, file: 'title_t00.mkv' },
      { min: 2.2, file: 'title_t01.mkv' },
      { min: 14, file: 'title_t02.mkv' },
      { min: 0.4, file: 'title_t03.mkv' },
    ],
    expect: { 0: main(0.9), 1: extra('trailer'), 2: extra('featurette'), 3: extra('other') },
  },
  {
    name: 'a feature-length documentary beside the feature is an extra',
    titles: [{ min: 130 }, { min: 70, file: 'Documentary - The Journey.mkv' }],
    expect: { 0: main(0.75), 1: { kind: 'extra', extraType: 'behind_the_scenes', review: false } },
  },
  {
    // Daybreakers 4K steelbook (TheDiscDB, seed 56): the film (1:37:46, 2160p) and a 2:01:38 making-of in 1080p.
    // The making-of is an extra for review: a title of feature length is one a person looks at.
    name: 'a longer making-of in a lower picture than the film (4K disc): the film is the main feature',
    titles: [
      { min: 44.6, res: '1080p' },
      { min: 121.6, res: '1080p' },
      { min: 97.8, res: '2160p' },
    ],
    expect: { 0: extra(undefined, 0.7), 1: review('extra'), 2: main(0.75) },
  },
  {
    name: 'the same with a catalog runtime: the making-of is no extended edition',
    runtime: 98,
    titles: [
      { min: 44.6, res: '1080p' },
      { min: 121.6, res: '1080p' },
      { min: 97.8, res: '2160p' },
    ],
    expect: { 0: extra(undefined, 0.7), 1: review('extra'), 2: main() },
  },
];
