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
} from '@spindle/plugin-sdk';
import { plausibleMainFeatures } from './duration-clusters.ts';
import { readSettings } from './heuristic-settings.ts';
import { analyse, heldInOne, type Layout } from './layout-analysis.ts';
import { catalogSeasonRuntimes, fitCatalogRuntimes } from './catalog-episodes.ts';
import { list } from './describe-titles.ts';
import { hintsFor } from './title-hints.ts';
import { CONFIDENCE, classify, extrasBeside, EXTRAS_OF_A_BONUS_DISC, soleSubstantialTitle } from './disc-verdict.ts';
import {
  bonusDiscReason,
  labelNamesBonusDisc,
  manyExtras,
  partsPlayAll,
  variedExtras,
  variedSubstance,
} from './bonus-disc.ts';
import { episodeLengthTitles, featureLengthEpisodes, knownContentType } from './known-type.ts';
import { collectionReason } from './collection-disc.ts';

export { CONFIDENCE } from './disc-verdict.ts';
export { knownContentType } from './known-type.ts';
export { variedSubstance } from './bonus-disc.ts';

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
    const known = knownContentType(input);
    const bonus = bonusDiscReason(titles, layout, contentType);
    if (bonus) evidence.push(bonus);
    const lone = soleSubstantialTitle(titles, layout, s);
    if (
      bonus &&
      (variedExtras(titles, layout, s) ||
        (lone !== null && extrasBeside(titles, layout, [lone]) >= EXTRAS_OF_A_BONUS_DISC) ||
        manyExtras(titles, layout, s))
    ) {
      // Extras of many lengths, one documentary among extras, or four or more extras not all of one length: the bonus
      // disc of a set (bonusSetKind says whose). A person confirms (low confidence).
      const set = bonusSetKind(known, label.season);
      contentType = set.contentType;
      confidence = CONFIDENCE.bonusDisc;
      evidence.push(`${set.evidence}: nothing is taken for the main feature or an episode`);
    }
    // The one feature is a Play All of the parts beside it (a documentary in parts): a bonus disc (bonusSetKind says
    // whose). A person confirms.
    const partsOfOne = contentType === 'movie' && !bonus ? partsPlayAll(titles, layout, s) : null;
    if (partsOfOne) {
      evidence.push(partsOfOne);
      contentType = bonusSetKind(known, label.season).contentType;
      confidence = CONFIDENCE.bonusDisc;
    }
    // A series' bonus disc: the disc reads as TV, but its long titles vary too much to be episodes (not when the
    // catalog's episode runtimes said which titles are episodes).
    const seriesBonus = contentType === 'tv' && !catalog ? variedSubstance(titles, layout, s) : null;
    if (seriesBonus) {
      evidence.push(seriesBonus);
      confidence = CONFIDENCE.bonusDisc;
    }
    // The label names a bonus disc: its titles are extras, whatever their lengths (a series' behind-the-scenes
    // featurettes of one length are no short-form episodes). Nor do the extras' lengths say whose set it belongs to:
    // its kind is read as for a bonus disc found by its lengths (declared, named by the catalog, else by the label).
    const rawLabel = input.scan.volumeLabel || input.job.volumeLabel;
    const labelBonus = labelNamesBonusDisc(rawLabel)
      ? `the label ("${rawLabel}") names a bonus disc: no title is taken for an episode or the main feature`
      : null;
    if (labelBonus) {
      evidence.push(labelBonus);
      confidence = CONFIDENCE.bonusDisc;
      const set = bonusSetKind(known, label.season);
      if (set.contentType !== contentType) evidence.push(set.evidence);
      contentType = set.contentType;
    }
    // The label names a season, and the disc reads as a movie by feature-length titles with no title of episode length
    // beside them: they are episodes of that season (a streaming drama's 98-minute chapter), for review.
    const seasonLong =
      contentType === 'movie' && label.season !== null && !known && !bonus && !labelBonus && !partsOfOne
        ? featureLengthEpisodes(titles, layout)
        : [];
    if (seasonLong.length > 0) {
      contentType = 'tv';
      confidence = Math.min(confidence, CONFIDENCE.labelledSmallCluster);
      evidence.push(
        `the label names season ${label.season}, and no title beside ${list(seasonLong)} runs an episode's length: episodes`,
      );
    }
    // TV by lengths alone, nothing that says series: maybe a collection of specials or short films (a review).
    const collection = contentType === 'tv' && !catalog && !known && !seriesBonus && !labelBonus;
    const unsettled = collection ? collectionReason(titles, layout, label.season) : null;
    if (unsettled) evidence.push(unsettled);
    let specials: ScannedTitle[] = [];
    /** Feature-length titles read as episodes because the person or the catalog named a show. */
    const feature = new Map<number, string>(
      seasonLong.map((t) => [t.index, 'feature-length, on a disc whose label names a season: an episode']),
    );
    const inOne =
      contentType === 'tv' && layout.inOne.size > 0
        ? `${heldInOne(layout)}, and no title is a single episode: ripped whole; which episodes, a person says`
        : null;
    let bonusReason = labelBonus ?? bonus ?? partsOfOne ?? seriesBonus ?? unsettled ?? inOne;
    if (known && known.contentType !== contentType) {
      // The person or the catalog said what the disc is: the titles are read as that kind (the hints are lent to that
      // answer), with no more confidence than a small cluster gives when the durations alone said otherwise.
      evidence.push(
        `${known.why} names a ${known.contentType === 'tv' ? 'series' : 'movie'}; by durations alone the disc reads as ${contentType}`,
      );
      if (known.contentType === 'movie' && layout.long.length === 0 && !labelBonus)
        specials = episodeLengthTitles(titles, layout);
      if (known.contentType === 'tv' && !bonus && !labelBonus)
        for (const t of featureLengthEpisodes(titles, layout))
          feature.set(t.index, 'feature-length, on a disc of a show with no title of episode length: an episode');
      contentType = known.contentType;
      confidence = Math.min(confidence, CONFIDENCE.labelledSmallCluster);
      const episodes = layout.cluster.length + layout.moreEpisodes.size + layout.pairLike.length + feature.size;
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
      titleHints: hintsFor(
        titles,
        labelBonus
          ? bonusLayout(layout)
          : feature.size > 0
            ? { ...layout, moreEpisodes: new Map([...layout.moreEpisodes, ...feature]) }
            : layout,
        contentType,
        mains,
        s.short_title_max_seconds,
        !seriesBonus && !partsOfOne && !labelBonus,
      ),
      ambiguousMovie,
      reviewReason: ambiguousMovie ? `${mains.length} titles could be the main feature: ${list(mains)}` : bonusReason,
      evidence,
    };
  }
}

/**
 * The kind of set a bonus disc belongs to: the kind declared or named by a catalog answer, else a series' when the
 * label names a season, else a movie set's (they carry most bonus discs). A person confirms (low confidence).
 */
function bonusSetKind(
  named: ReturnType<typeof knownContentType>,
  season: number | null,
): { contentType: ContentType; evidence: string } {
  const contentType = named?.contentType ?? (season !== null ? 'tv' : 'movie');
  const why = named
    ? `${named.why} names a ${contentType === 'tv' ? 'show' : 'movie'}`
    : season !== null
      ? 'the label names a season'
      : 'the label names no season';
  return { contentType, evidence: `a bonus disc of a ${contentType === 'tv' ? 'series' : 'movie set'} (${why})` };
}

/** A bonus disc's layout: a Play All found by length alone joins no episodes there (it is an extra, ripped). */
function bonusLayout(layout: Layout): Layout {
  const playAll = new Map([...layout.playAll].filter(([index]) => layout.joins.has(index)));
  return { ...layout, playAll, pairLike: [] };
}
