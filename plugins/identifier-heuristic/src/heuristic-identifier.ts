/**
 * Classifies a disc from its structure and title durations: TV when enough titles share an episode
 * length (or many share a short-form length, or two episodes have their Play All), a movie when one
 * long title dominates, ambiguous when several could be the main feature. Play Alls found in the
 * segment maps, clips, duplicates and intro/credits variants are not ripped; a title only as long as
 * two episodes is never dropped on its length alone.
 */
import {
  parseVolumeLabel,
  throwIfAborted,
  type ContentType,
  type Identification,
  type Identifier,
  type IdentifyInput,
  type ScannedTitle,
  type StageContext,
  type TitleHint,
} from '@spindle/plugin-sdk';
import { episodeTolerance, formatDuration, plausibleMainFeatures } from './duration-clusters.ts';
import { readSettings, type HeuristicSettings } from './heuristic-settings.ts';
import { typeExtras } from './extra-types.ts';
import { analyse, TWIN_FRACTION, type Layout } from './layout-analysis.ts';
import { catalogSeasonRuntimes, fitCatalogRuntimes } from './catalog-episodes.ts';

/** Confidence of each kind of answer (0–1; ≥ 0.8 counts as high). */
export const CONFIDENCE = {
  clearTv: 0.85,
  clearMovie: 0.8,
  shortEpisodes: 0.75,
  playAllPair: 0.7,
  mixed: 0.6,
  labelledSmallCluster: 0.55,
  twinEpisodes: 0.55,
  soleTitle: 0.45,
  bonusDisc: 0.3,
  catalogEpisodes: 0.7,
  ambiguousMovie: 0.5,
  unknown: 0.2,
} as const;

const total = (titles: readonly ScannedTitle[]) => titles.reduce((sum, t) => sum + t.durationSeconds, 0);
const list = (titles: readonly ScannedTitle[]) =>
  titles.map((t) => `title ${t.index} (${formatDuration(t.durationSeconds)})`).join(', ');

function hintsFor(
  titles: readonly ScannedTitle[],
  layout: Layout,
  contentType: ContentType,
  mains: ScannedTitle[],
  shortMax: number,
  episodes = true,
): TitleHint[] {
  const role = new Map<number, TitleHint>();
  const set = (ts: readonly ScannedTitle[], hint: Omit<TitleHint, 'titleIndex'>) =>
    ts.forEach((t) => role.set(t.index, { titleIndex: t.index, ...hint }));
  const setEach = (reasons: Map<number, string>, hint: Omit<TitleHint, 'titleIndex' | 'reason'>) => {
    for (const [index, reason] of reasons) role.set(index, { titleIndex: index, ...hint, reason });
  };
  set(titles, { role: 'extra', rip: true });
  if (contentType === 'tv' && episodes) {
    set(layout.cluster, { role: 'episode_candidate', rip: true, reason: 'length matches the episode cluster' });
    setEach(layout.moreEpisodes, { role: 'episode_candidate', rip: true });
  }
  set(mains, { role: 'main_feature_candidate', rip: true, reason: 'feature length' });
  setEach(layout.playAll, { role: 'play_all', rip: false });
  set(layout.pairLike, {
    role: 'play_all',
    rip: true,
    reason: 'as long as two episodes: a Play All of two or a double-length episode; ripped for review',
  });
  setEach(layout.copies, { role: 'extra', rip: false });
  set(layout.short, { role: 'short', rip: false, reason: `shorter than ${shortMax} s` });
  const notExtras = new Set(
    [...role.values()].filter((h) => h.role !== 'extra' && h.role !== 'short').map((h) => h.titleIndex),
  );
  const kinds = typeExtras(titles, layout, contentType, notExtras);
  return titles.map((t) => {
    const hint = role.get(t.index)!;
    const kind = kinds.get(t.index);
    return kind ? { ...hint, extraType: kind } : hint;
  });
}

interface Verdict {
  contentType: ContentType;
  confidence: number;
}

function classify(
  titles: readonly ScannedTitle[],
  layout: Layout,
  s: HeuristicSettings,
  labelSeason: number | null,
  evidence: string[],
  catalogTv = false,
): Verdict {
  const isTv = layout.cluster.length >= (layout.shortForm ? s.min_short_episodes : s.min_episodes);
  const isMovie = layout.long.length > 0;
  if (catalogTv && layout.cluster.length + layout.moreEpisodes.size >= 1) {
    evidence.push(
      `the catalog names a show and season, and ${layout.cluster.length + layout.moreEpisodes.size} title(s) run like its episodes`,
    );
    return { contentType: 'tv', confidence: isTv ? CONFIDENCE.clearTv : CONFIDENCE.catalogEpisodes };
  }
  const episodesTotal = total(layout.cluster) + total(titles.filter((t) => layout.moreEpisodes.has(t.index)));
  if (isTv && isMovie) {
    // Episodes nearly as long as the feature together (a Play All a little off the sum) still make TV.
    const contentType = episodesTotal >= 0.9 * Math.max(...layout.long.map((t) => t.durationSeconds)) ? 'tv' : 'movie';
    evidence.push(
      `both an episode cluster and feature-length titles: ${contentType === 'tv' ? 'episodes' : 'the feature'} outweigh`,
    );
    return { contentType, confidence: CONFIDENCE.mixed };
  }
  if (isTv && layout.shortForm) {
    evidence.push(`${layout.cluster.length} short-form episodes of similar length (anime or cartoon shorts)`);
    return { contentType: 'tv', confidence: CONFIDENCE.shortEpisodes };
  }
  if (isTv) return { contentType: 'tv', confidence: CONFIDENCE.clearTv };
  if (isMovie) return { contentType: 'movie', confidence: CONFIDENCE.clearMovie };
  if (
    layout.cluster.length >= 2 &&
    (layout.playAll.size > 0 || layout.pairLike.length > 0 || layout.moreEpisodes.size > 0)
  ) {
    evidence.push(
      `only ${layout.cluster.length} episode-length titles, but a Play All or a double-length episode goes with them`,
    );
    return { contentType: 'tv', confidence: CONFIDENCE.playAllPair };
  }
  if (layout.twins) {
    evidence.push(
      `two titles of the same length to within ${TWIN_FRACTION * 100} % (${list(layout.cluster)}): two episodes of one broadcast slot`,
    );
    return { contentType: 'tv', confidence: CONFIDENCE.twinEpisodes };
  }
  if (layout.cluster.length >= 1 && labelSeason !== null) {
    evidence.push(`only ${layout.cluster.length} episode-length title(s), but the label names season ${labelSeason}`);
    return { contentType: 'tv', confidence: CONFIDENCE.labelledSmallCluster };
  }
  const single = soleSubstantialTitle(titles, layout, s);
  if (single && labelSeason !== null) {
    evidence.push(
      `one title of substance, title ${single.index} (${formatDuration(single.durationSeconds)}), and the label names season ${labelSeason}: an episode or special of that season`,
    );
    return { contentType: 'tv', confidence: CONFIDENCE.labelledSmallCluster };
  }
  const beside = single ? extrasBeside(titles, layout, single) : 0;
  if (single && beside >= EXTRAS_OF_A_BONUS_DISC) {
    evidence.push(
      `one title of substance, title ${single.index} (${formatDuration(single.durationSeconds)}), with ${beside} extras beside it: the documentary of a bonus disc, not a film`,
    );
    return { contentType: 'unknown', confidence: CONFIDENCE.unknown };
  }
  if (single) {
    evidence.push(
      `one title of substance, title ${single.index} (${formatDuration(single.durationSeconds)}), and nothing half as long: a short film or special, or a single episode`,
    );
    return { contentType: 'movie', confidence: CONFIDENCE.soleTitle };
  }
  evidence.push(
    `no cluster of ${s.min_episodes} episode-length titles and no title of ${s.movie_min_minutes} minutes or more`,
  );
  return { contentType: 'unknown', confidence: CONFIDENCE.unknown };
}

/** The one title of episode length or more when every other title is less than half as long (else null). */
function soleSubstantialTitle(
  titles: readonly ScannedTitle[],
  layout: Layout,
  s: HeuristicSettings,
): ScannedTitle | null {
  if (layout.cluster.length >= 2) return null;
  const kept = titles.filter(
    (t) => !layout.short.includes(t) && !layout.copies.has(t.index) && !layout.playAll.has(t.index),
  );
  if (kept.length === 0) return null;
  const longest = kept.reduce((a, b) =>
    b.durationSeconds > a.durationSeconds || (b.durationSeconds === a.durationSeconds && b.index < a.index) ? b : a,
  );
  if (longest.durationSeconds < s.episode_min_minutes * 60) return null;
  return kept.every((t) => t === longest || t.durationSeconds <= longest.durationSeconds / 2) ? longest : null;
}

/** A lone title of substance with this many extras (not clips, copies or Play Alls) beside it is a bonus disc's documentary. */
const EXTRAS_OF_A_BONUS_DISC = 3;

/** The titles worth ripping beside `one` (not clips, copies or Play Alls). */
function extrasBeside(titles: readonly ScannedTitle[], layout: Layout, one: ScannedTitle): number {
  return titles.filter(
    (t) => t !== one && !layout.short.includes(t) && !layout.copies.has(t.index) && !layout.playAll.has(t.index),
  ).length;
}

/** A disc of extras only: no episodes, nothing of feature length, but something worth ripping. */
function bonusDiscReason(titles: readonly ScannedTitle[], layout: Layout, contentType: ContentType): string | null {
  if (contentType !== 'unknown') return null;
  const kept = titles.filter(
    (t) => !layout.short.includes(t) && !layout.copies.has(t.index) && !layout.playAll.has(t.index),
  );
  if (kept.length === 0) return null;
  const longest = kept.reduce((a, b) => (b.durationSeconds > a.durationSeconds ? b : a));
  return `no episodes and no title of feature length (the longest, title ${longest.index}, runs ${formatDuration(longest.durationSeconds)}): a bonus disc of extras, or a short special`;
}

/**
 * Three or more titles worth ripping, no more than half of them alike in length (within the episode tolerance):
 * extras of a bonus disc, not a few episodes or parts too few to make a cluster.
 */
function variedExtras(titles: readonly ScannedTitle[], layout: Layout, s: HeuristicSettings): boolean {
  const kept = titles.filter(
    (t) => !layout.short.includes(t) && !layout.copies.has(t.index) && !layout.playAll.has(t.index),
  );
  if (kept.length < 3) return false;
  const alike = (t: ScannedTitle) =>
    kept.filter((o) => Math.abs(o.durationSeconds - t.durationSeconds) <= episodeTolerance(t.durationSeconds, s))
      .length;
  return Math.max(...kept.map(alike)) * 2 <= kept.length;
}

/** An answer at least this confident, without a review reason, wins the identification (identification-verdict). */
const CONFIDENT = 0.8;

/**
 * The kind of disc a person declared for the job, else the kind a confident catalog answer before this one named
 * (null when neither said TV or movie). It decides how the titles are read, not the durations.
 */
export function knownContentType(input: IdentifyInput): { contentType: 'tv' | 'movie'; why: string } | null {
  const declared = input.job.contentType;
  if (input.job.identityDeclared && (declared === 'tv' || declared === 'movie'))
    return { contentType: declared, why: 'the declared identity' };
  // Only an answer that would win (confident, nothing to review): against a weak or contested catalog match the
  // heuristic's own reading is the evidence the verdict weighs.
  const named = input.previous.find(
    (a) =>
      a.catalogId !== null &&
      (a.contentType === 'tv' || a.contentType === 'movie') &&
      a.confidence >= CONFIDENT &&
      !a.reviewReason,
  );
  return named ? { contentType: named.contentType as 'tv' | 'movie', why: `the ${named.source} answer` } : null;
}

/**
 * On a disc known to be a movie with no feature-length title: the titles of episode length (specials or short
 * films gathered on one disc, or the one special), each a candidate for the feature.
 */
function episodeLengthTitles(titles: readonly ScannedTitle[], layout: Layout): ScannedTitle[] {
  const episodeLike = new Set([
    ...layout.cluster.map((t) => t.index),
    ...layout.moreEpisodes.keys(),
    ...layout.pairLike.map((t) => t.index),
  ]);
  return titles
    .filter((t) => episodeLike.has(t.index))
    .sort((a, b) => b.durationSeconds - a.durationSeconds || a.index - b.index);
}

/**
 * Four or more titles of episode length or longer, none of feature length, no Play All among them, and no more
 * than half of them alike in length (within the episode tolerance): the documentaries and featurettes of a
 * series' bonus disc, not episodes (a series disc's episodes are mostly alike, or joined by a Play All).
 */
export function variedSubstance(titles: readonly ScannedTitle[], layout: Layout, s: HeuristicSettings): string | null {
  if (layout.long.length > 0 || layout.playAll.size > 0 || layout.pairLike.length > 0) return null;
  const kept = titles.filter(
    (t) => t.durationSeconds >= s.episode_min_minutes * 60 && !layout.short.includes(t) && !layout.copies.has(t.index),
  );
  if (kept.length < 4) return null;
  const alike = (t: ScannedTitle) =>
    kept.filter((o) => Math.abs(o.durationSeconds - t.durationSeconds) <= episodeTolerance(t.durationSeconds, s))
      .length;
  const most = Math.max(...kept.map(alike));
  if (most * 2 > kept.length) return null;
  return `${kept.length} titles of episode length or more and at most ${most} of them alike (${list(kept)}), no Play All: a bonus disc of a series' extras, no episodes`;
}

export class HeuristicIdentifier implements Identifier {
  async identify(input: IdentifyInput, ctx: StageContext): Promise<Identification | null> {
    throwIfAborted(ctx.signal);
    const titles = input.scan.titles;
    if (titles.length === 0) return null;
    const s = readSettings(ctx.settings);
    const label = parseVolumeLabel(input.scan.volumeLabel || input.job.volumeLabel);
    const layout = analyse(titles, s);
    const evidence: string[] = [];
    const catalog = await catalogSeasonRuntimes(input, ctx);
    if (catalog) {
      const added = fitCatalogRuntimes(titles, layout, catalog.runtimes);
      evidence.push(
        `the catalog's season ${catalog.season} of show ${catalog.showId} lists ${catalog.runtimes.length} episode runtime(s)${added.length > 0 ? `; fitting them: ${list(added)}` : ''}`,
      );
    }
    if (layout.cluster.length >= 2)
      evidence.push(`${layout.cluster.length} titles of episode length: ${list(layout.cluster)}`);
    for (const [index, reason] of layout.moreEpisodes) evidence.push(`title ${index}: ${reason}`);
    for (const [index, reason] of layout.playAll) evidence.push(`title ${index} is a Play All: ${reason}`);
    if (layout.pairLike.length > 0)
      evidence.push(`as long as two episodes (kept for review): ${list(layout.pairLike)}`);
    for (const [index, reason] of layout.copies) evidence.push(`title ${index}: ${reason}`);
    if (layout.long.length > 0) evidence.push(`feature-length: ${list(layout.long)}`);
    if (layout.short.length > 0) evidence.push(`${layout.short.length} short clip(s) ignored`);

    let { contentType, confidence } = classify(titles, layout, s, label.season, evidence, catalog !== null);
    const bonus = bonusDiscReason(titles, layout, contentType);
    if (bonus) evidence.push(bonus);
    const lone = soleSubstantialTitle(titles, layout, s);
    if (
      bonus &&
      (variedExtras(titles, layout, s) ||
        (lone !== null && extrasBeside(titles, layout, lone) >= EXTRAS_OF_A_BONUS_DISC))
    ) {
      // Extras of many lengths, or one documentary among extras: the bonus disc of a set — of the kind declared or named by a catalog answer, else
      // a movie set's (they carry most bonus discs) unless the label names a season. A person confirms (low confidence).
      const named = knownContentType(input);
      contentType = named?.contentType ?? (label.season !== null ? 'tv' : 'movie');
      confidence = CONFIDENCE.bonusDisc;
      const why = named
        ? `${named.why} names a ${contentType === 'tv' ? 'show' : 'movie'}`
        : label.season !== null
          ? 'the label names a season'
          : 'the label names no season';
      evidence.push(
        `a bonus disc of a ${contentType === 'tv' ? 'series' : 'movie set'} (${why}): nothing is taken for the main feature or an episode`,
      );
    }
    // A series' bonus disc: the disc reads as TV, but its long titles vary too much to be episodes (not when the
    // catalog's episode runtimes said which titles are episodes).
    const seriesBonus = contentType === 'tv' && !catalog ? variedSubstance(titles, layout, s) : null;
    if (seriesBonus) {
      evidence.push(seriesBonus);
      confidence = CONFIDENCE.bonusDisc;
    }
    const known = knownContentType(input);
    let specials: ScannedTitle[] = [];
    let bonusReason = bonus ?? seriesBonus;
    if (known && known.contentType !== contentType) {
      // The person or the catalog said what the disc is: the titles are read as that kind (the hints are lent to that
      // answer), with no more confidence than a small cluster gives when the durations alone said otherwise.
      evidence.push(
        `${known.why} names a ${known.contentType === 'tv' ? 'series' : 'movie'}; by durations alone the disc reads as ${contentType}`,
      );
      if (known.contentType === 'movie' && layout.long.length === 0) specials = episodeLengthTitles(titles, layout);
      contentType = known.contentType;
      confidence = Math.min(confidence, CONFIDENCE.labelledSmallCluster);
      const episodes = layout.cluster.length + layout.moreEpisodes.size + layout.pairLike.length;
      if (specials.length > 0 || (known.contentType === 'tv' && episodes > 0)) bonusReason = null;
    }
    const keepBonus = bonusReason !== null;
    const sole =
      contentType === 'movie' && !keepBonus && layout.long.length === 0
        ? soleSubstantialTitle(titles, layout, s)
        : null;
    const mains =
      contentType === 'movie' && !keepBonus
        ? sole
          ? [sole]
          : specials.length > 0
            ? specials
            : plausibleMainFeatures(layout.long, s)
        : [];
    const ambiguousMovie = mains.length > 1;
    if (ambiguousMovie) confidence = Math.min(confidence, CONFIDENCE.ambiguousMovie);
    if (label.season !== null) evidence.push(`volume label names season ${label.season}`);
    return {
      contentType,
      source: 'heuristic',
      confidence,
      title: label.title,
      year: label.year,
      season: contentType === 'tv' ? label.season : null,
      discNumber: label.discNumber ?? (contentType === 'tv' ? label.volume : null),
      catalogId: null,
      catalogTitle: null,
      discLookup: null,
      titleHints: hintsFor(titles, layout, contentType, mains, s.short_title_max_seconds, !seriesBonus),
      ambiguousMovie,
      reviewReason: ambiguousMovie ? `${mains.length} titles could be the main feature: ${list(mains)}` : bonusReason,
      evidence,
    };
  }
}
