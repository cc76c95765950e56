/**
 * Runs what the service runs on a disc that TheDiscDB does not know — the heuristic identifier on the scanned titles,
 * then (movie discs) the movie-runtime matcher's layout reading on the titles it rips — and scores the answer against
 * TheDiscDB's truth: TV or movie, episodes kept and ripped, the main feature picked with and without a catalog
 * runtime, bonus discs, typed extras, and the content hash from the transcript.
 */
import type { DiscScan, ExtraType, Identification, ScannedTitle } from '@spindle/plugin-sdk';
import { contentHashOfFiles } from '@spindle/plugin-sdk';
import { createFakeContext, sampleJob } from '@spindle/plugin-sdk/testing';
import { HeuristicIdentifier } from '../../plugins/identifier-heuristic/src/heuristic-identifier.ts';
import { assessLayout, type LayoutTitle } from '../../plugins/matcher-movie-runtime/src/movie-layout.ts';
import { DEFAULT_SETTINGS as MOVIE_SETTINGS } from '../../plugins/matcher-movie-runtime/src/movie-runtime-settings.ts';
import { toMatchResult } from '../../plugins/matcher-movie-runtime/src/movie-scoring.ts';
import { parseInfoTranscript } from '../../plugins/ripper-makemkv/src/disc-info.ts';
import { contentHashFromListing } from '../../plugins/ripper-makemkv/src/disc-scanner.ts';
import { seconds, type RealDisc, type TruthTitle } from './judgment-discs.ts';
import { namedExtrasFigure } from './judgment-named-extras.ts';
import { everyWorkRipped, isCollection, leftOpen } from './judgment-collection.ts';
import { truthOf } from './judgment-truth.ts';

export { seconds } from './judgment-discs.ts';

export { truthOf } from './judgment-truth.ts';

function resolutionOf(t: TruthTitle): string | null {
  const size = t.Tracks?.find((k) => (k.Type ?? 'Video') === 'Video' && k.Resolution)?.Resolution;
  const m = size ? /x(\d+)/.exec(size) : null;
  return m ? `${m[1]}p` : null;
}

export function scanOf(disc: RealDisc): DiscScan {
  const format = disc.record.Format.toUpperCase();
  return {
    volumeLabel: disc.record.Name ?? '',
    discType: format === 'DVD' ? 'dvd' : 'bluray',
    contentHash: null,
    titles: disc.record.Titles.map((t): ScannedTitle => ({
      index: t.Index,
      durationSeconds: seconds(t.Duration),
      sizeBytes: t.Size,
      resolution: resolutionOf(t),
      ...(t.SourceFile ? { sourceFile: t.SourceFile } : {}),
      ...(t.SegmentMap ? { segmentMap: t.SegmentMap } : {}),
    })),
  };
}

export interface EpisodeCounts {
  truth: number;
  kept: number;
  keptTitles: number;
  keptRight: number;
  keptUnassigned: number;
  /** Works of a collection kept as episode candidates on a disc left open as episodes-or-collection (not counted). */
  keptOpenWorks: number;
  notRipped: number;
}

export interface DiscFigures {
  stem: string;
  kind: 'series' | 'movie';
  heldOut: boolean;
  said: string;
  typeRight: boolean;
  /** TheDiscDB's kind, with no allowance for a collection left open (see judgment-collection.ts). */
  typeRightStrict: boolean;
  /** Series discs with ≥ 2 real episodes called "movie". */
  seriesCalledMovie: boolean;
  episodes: EpisodeCounts;
  /** The same counts when a catalog answer before the heuristic named the disc's kind (TheDiscDB's: show or movie). */
  episodesTypeGiven: EpisodeCounts;
  /** Movie discs with a main movie: was the first pick one of them (null when not applicable). */
  mainWithRuntime: boolean | null;
  mainWithoutRuntime: boolean | null;
  /** Movie discs without a main movie (bonus discs): recognised as such (null when not one). */
  bonusRecognised: boolean | null;
  extras: { typedTruth: number; typedRight: number };
  /** The same extras when TheDiscDB names the disc: mapping → disc-lookup matcher → organizer's extras folder. */
  namedExtras: { typedTruth: number; typedRight: number };
  /** Transcript with an HSH listing: hash reproduced (null when there is no listing to check). */
  hashRight: boolean | null;
  notes: string[];
}

async function identify(scan: DiscScan, volumeLabel: string, previous: Identification[] = []): Promise<Identification> {
  const ctx = await createFakeContext();
  try {
    return (await new HeuristicIdentifier().identify({ job: sampleJob({ volumeLabel }), scan, previous }, ctx))!;
  } finally {
    await ctx.dispose();
  }
}

/** What the catalog identifier answers when it finds the disc's show or movie: the kind TheDiscDB files it as. */
function catalogAnswer(disc: RealDisc): Identification {
  return {
    contentType: disc.kind === 'series' ? 'tv' : 'movie',
    source: 'catalog',
    confidence: 0.9,
    title: disc.record.Name ?? null,
    year: null,
    season: null,
    discNumber: null,
    catalogId: 1,
    catalogTitle: disc.record.Name ?? null,
    discLookup: null,
    titleHints: [],
    ambiguousMovie: false,
    reviewReason: null,
    evidence: [],
  };
}

type Truths = { t: TruthTitle; truth: ReturnType<typeof truthOf> }[];

/** Episodes kept and ripped by an identification; episodes are counted by number ("11-12" holds 11 and 12). */
function episodeFigure(truths: Truths, id: Identification, open = false): EpisodeCounts & { notRippedKeys: string[] } {
  const hint = new Map(id.titleHints.map((h) => [h.titleIndex, h]));
  const episodeKeys = new Set(truths.flatMap((x) => (x.truth.role === 'episode' ? x.truth.keys : [])));
  const keptKeys = new Set<string>();
  const rippedKeys = new Set<string>();
  let keptTitles = 0;
  let keptRight = 0;
  let keptUnassigned = 0;
  let keptOpenWorks = 0;
  const episodeTitles = truths.some((x) => x.truth.role === 'episode');
  const carried = carriedEpisodes(truths);
  for (const { t, truth: own } of truths) {
    const h = hint.get(t.Index);
    // An untyped title that is an episode title's content without its short intro carries that episode's numbers.
    const truth = carried.untyped.get(t.Index) ?? own;
    if (truth.role === 'episode' && h?.rip) truth.keys.forEach((k) => rippedKeys.add(k));
    // Ripping that content rips the episode whatever TheDiscDB types the title as (it may number one content twice).
    if (h?.rip) for (const ep of carried.content.get(t.Index) ?? []) ep.keys.forEach((k) => rippedKeys.add(k));
    if (h?.role === 'episode_candidate' && h.rip) {
      // TheDiscDB leaves some titles unassigned (some discs map only a few of their episodes), and a title of several
      // episodes ("9-12") on a disc with no episode title is those episodes, not a Play All: not counted either way.
      if (truth.role === 'none' || (truth.role === 'play_all' && !episodeTitles)) {
        keptUnassigned++;
        continue;
      }
      if (open && truth.role === 'main') {
        keptOpenWorks++;
        continue;
      }
      keptTitles++;
      if (truth.role === 'episode') {
        keptRight++;
        truth.keys.forEach((k) => keptKeys.add(k));
      }
    }
  }
  const notRippedKeys = [...episodeKeys].filter((k) => !rippedKeys.has(k));
  return {
    truth: episodeKeys.size,
    kept: keptKeys.size,
    keptTitles,
    keptRight,
    keptUnassigned,
    keptOpenWorks,
    notRipped: notRippedKeys.length,
    notRippedKeys,
  };
}

/** Clips this short (seconds, together) before or after an episode's content (a logo, an intro) leave the same episode. */
const INTRO_MAX_SECONDS = 150;
/** Blu-ray clips are disc-wide; a DVD's cells belong to their title set. */
const sourceOf = (t: TruthTitle) => (/\.(mpls|m2ts)$/i.test(t.SourceFile ?? '') ? 'bd' : t.SourceFile);

type Truth = ReturnType<typeof truthOf>;

/**
 * Titles whose segments are an episode title's segments less short clips before, after or on both sides (TheDiscDB
 * assigns the episode to the playlist with the intro, `1093,1101,1102`; the same content plays as `1102`; a streaming
 * service's disc wraps it in a logo and a card, `12,0,14`, and plays `0` alone). `untyped`: the episode an
 * untyped such title carries (its numbers, kept or ripped); `content`: every episode any such title's content is, typed
 * or not (ripping it rips them).
 */
function carriedEpisodes(truths: Truths): { untyped: Map<number, Truth>; content: Map<number, Truth[]> } {
  const untyped = new Map<number, Truth>();
  const content = new Map<number, Truth[]>();
  for (const { t: core, truth } of truths) {
    const segs = core.SegmentMap;
    if (!segs) continue;
    for (const { t, truth: ep } of truths) {
      const tsegs = t.SegmentMap;
      if (ep.role !== 'episode' || !tsegs || t === core || sourceOf(t) !== sourceOf(core)) continue;
      const extra = seconds(t.Duration) - seconds(core.Duration);
      const inside = tsegs !== segs && `,${tsegs},`.includes(`,${segs},`);
      if (!inside || extra < 0 || extra > INTRO_MAX_SECONDS) continue;
      content.set(core.Index, [...(content.get(core.Index) ?? []), ep]);
      if (truth.role === 'none') untyped.set(core.Index, ep);
    }
  }
  return { untyped, content };
}

const withoutKeys = ({ notRippedKeys: _, ...counts }: EpisodeCounts & { notRippedKeys: string[] }): EpisodeCounts =>
  counts;

/** The movie-runtime matcher's first main-feature pick among the ripped titles (highest confidence, then lowest index). */
function mainPick(scan: DiscScan, id: Identification, runtimeMinutes: number | null): number | null {
  const ripped = new Set(id.titleHints.filter((h) => h.rip).map((h) => h.titleIndex));
  const layout: LayoutTitle[] = scan.titles
    .filter((t) => ripped.has(t.index))
    .map((t) => ({
      id: t.index,
      index: t.index,
      seconds: t.durationSeconds,
      sizeBytes: t.sizeBytes,
      height: Number(/^(\d+)p$/.exec(t.resolution ?? '')?.[1] ?? 0),
      edition: null,
      extraType: null,
    }));
  let best: { index: number; confidence: number } | null = null;
  for (const [index, assessment] of assessLayout(layout, runtimeMinutes, MOVIE_SETTINGS)) {
    if (assessment.kind !== 'main_movie') continue;
    const { confidence } = toMatchResult(assessment, MOVIE_SETTINGS);
    if (!best || confidence > best.confidence || (confidence === best.confidence && index < best.index))
      best = { index, confidence };
  }
  return best?.index ?? null;
}

function hashFigure(disc: RealDisc): boolean | null {
  if (!disc.transcript || !disc.record.ContentHash) return null;
  const parsed = parseInfoTranscript(disc.transcript);
  const listed = disc.transcript.split(/\r?\n/).some((l) => l.startsWith('HSH:'));
  if (!listed) return null;
  const hash = contentHashFromListing(parsed) ?? (parsed.files.length > 0 ? contentHashOfFiles(parsed.files) : null);
  return hash === disc.record.ContentHash.toUpperCase();
}

export async function measureDisc(disc: RealDisc): Promise<DiscFigures> {
  const scan = scanOf(disc);
  const id = await identify(scan, scan.volumeLabel);
  const truths = disc.record.Titles.map((t) => ({ t, truth: truthOf(t) }));
  const notes: string[] = [];

  // A collection of specials left open as episodes-or-collection (see judgment-collection.ts).
  const open = isCollection(disc) && leftOpen(id);
  const episodes = episodeFigure(truths, id, open);
  if (episodes.notRippedKeys.length > 0) notes.push(`episodes not ripped: ${episodes.notRippedKeys.join(', ')}`);
  // The same disc when the catalog identifier before the heuristic named it as what TheDiscDB files it as (a show
  // or a movie): the heuristic reads the titles as that kind (TheDiscDB files collections of TV specials as films).
  const typedId = await identify(scan, scan.volumeLabel, [catalogAnswer(disc)]);
  const typed = episodeFigure(truths, typedId);
  if (typed.notRippedKeys.length > 0)
    notes.push(`episodes not ripped, catalog type given: ${typed.notRippedKeys.join(', ')}`);

  const mains = new Set(truths.filter((x) => x.truth.role === 'main').map((x) => x.t.Index));
  const isMovie = disc.kind === 'movie';
  let mainWithRuntime: boolean | null = null;
  let mainWithoutRuntime: boolean | null = null;
  let bonusRecognised: boolean | null = null;
  if (isMovie && mains.size > 0) {
    const runtime = Math.round(
      Math.max(...disc.record.Titles.filter((t) => mains.has(t.Index)).map((t) => seconds(t.Duration))) / 60,
    );
    // With a catalog runtime the catalog has named the film, so the heuristic reads the disc as a movie (TheDiscDB
    // files TV specials as films) and the titles to rip come from its hints for that reading.
    const withRt = mainPick(scan, typedId, runtime);
    const withoutRt = id.contentType === 'movie' ? mainPick(scan, id, null) : null;
    mainWithRuntime = withRt !== null && mains.has(withRt);
    mainWithoutRuntime = open ? everyWorkRipped(disc.record.Titles, id) : withoutRt !== null && mains.has(withoutRt);
    if (!mainWithoutRuntime) notes.push(`main pick without runtime: ${withoutRt ?? 'none'}`);
  }
  if (isMovie && mains.size === 0) bonusRecognised = /bonus disc/i.test(id.reviewReason ?? '');

  const typedExtras = truths.filter((x) => x.truth.role === 'extra' && x.truth.extraType !== null);
  const typedRight = typedExtras.filter((x) => hintExtraType(id, x.t.Index) === x.truth.extraType).length;

  const typeRightStrict = id.contentType === (disc.kind === 'series' ? 'tv' : 'movie');
  const typeRight = typeRightStrict || open;
  if (!typeRight) notes.push(`called ${id.contentType}`);
  if (open) notes.push('left open: episodes or a collection of specials');
  const named = await namedExtrasFigure(disc);
  if (named.wrong.length > 0) notes.push(`TheDiscDB extras misfiled: ${named.wrong.join(', ')}`);
  return {
    stem: disc.stem,
    kind: disc.kind,
    heldOut: disc.heldOut,
    said: id.contentType,
    typeRight,
    typeRightStrict,
    seriesCalledMovie: disc.kind === 'series' && episodes.truth >= 2 && id.contentType === 'movie',
    episodes: withoutKeys(episodes),
    episodesTypeGiven: withoutKeys(typed),
    mainWithRuntime,
    mainWithoutRuntime,
    bonusRecognised,
    extras: { typedTruth: typedExtras.length, typedRight },
    namedExtras: { typedTruth: named.typedTruth, typedRight: named.typedRight },
    hashRight: hashFigure(disc),
    notes,
  };
}

/** The kind of extra the identifier gives a title, if it gives one. */
function hintExtraType(id: Identification, index: number): ExtraType | null {
  const h = id.titleHints.find((x) => x.titleIndex === index) as { extraType?: ExtraType } | undefined;
  return h?.extraType ?? null;
}
