/**
 * Classifies a disc from its title durations: TV when enough titles share an episode length (or
 * many share a short-form length), a movie when one long title dominates, ambiguous when several
 * could be the main feature. Play All titles, clips and duplicate streams are not ripped.
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
import {
  findDuplicateStreams,
  findEpisodeCluster,
  findPlayAll,
  formatDuration,
  plausibleMainFeatures,
  shortEpisodeRange,
} from './duration-clusters.ts';
import { readSettings, type HeuristicSettings } from './heuristic-settings.ts';

/** Confidence of each kind of answer (0–1; ≥ 0.8 counts as high). */
export const CONFIDENCE = {
  clearTv: 0.85,
  clearMovie: 0.8,
  shortEpisodes: 0.75,
  playAllPair: 0.7,
  mixed: 0.6,
  labelledSmallCluster: 0.55,
  ambiguousMovie: 0.5,
  unknown: 0.2,
} as const;

interface Layout {
  short: ScannedTitle[];
  cluster: ScannedTitle[];
  /** True when the cluster is of short-form episodes (below the regular episode length). */
  shortForm: boolean;
  playAll: ScannedTitle[];
  duplicates: Map<number, ScannedTitle>;
  long: ScannedTitle[];
}

function analyse(titles: readonly ScannedTitle[], s: HeuristicSettings): Layout {
  const short = titles.filter((t) => t.durationSeconds < s.short_title_max_seconds);
  const rest = titles.filter((t) => t.durationSeconds >= s.short_title_max_seconds);
  let cluster = findEpisodeCluster(rest, s);
  let shortForm = false;
  const isLong = (t: ScannedTitle) => t.durationSeconds >= s.movie_min_minutes * 60;
  if (cluster.length < s.min_episodes) {
    // Short-form episodes only when no feature is left besides their Play All (else they are extras).
    const shorts = findEpisodeCluster(rest, s, shortEpisodeRange(s));
    const joined = new Set(findPlayAll(rest, shorts, s).map((t) => t.index));
    if (shorts.length >= s.min_short_episodes && !rest.some((t) => isLong(t) && !joined.has(t.index))) [cluster, shortForm] = [shorts, true];
  }
  const playAll = findPlayAll(rest, cluster, s);
  const duplicates = findDuplicateStreams(rest);
  const skip = new Set([...playAll.map((t) => t.index), ...duplicates.keys()]);
  const long = rest.filter((t) => !skip.has(t.index) && isLong(t));
  return { short, cluster, shortForm, playAll, duplicates, long };
}

const total = (titles: readonly ScannedTitle[]) => titles.reduce((sum, t) => sum + t.durationSeconds, 0);
const list = (titles: readonly ScannedTitle[]) => titles.map((t) => `title ${t.index} (${formatDuration(t.durationSeconds)})`).join(', ');

function hintsFor(titles: readonly ScannedTitle[], layout: Layout, contentType: ContentType, mains: ScannedTitle[], shortMax: number): TitleHint[] {
  const role = new Map<number, TitleHint>();
  const set = (ts: readonly ScannedTitle[], hint: Omit<TitleHint, 'titleIndex'>) => ts.forEach((t) => role.set(t.index, { titleIndex: t.index, ...hint }));
  set(titles, { role: 'extra', rip: true });
  if (contentType === 'tv') set(layout.cluster, { role: 'episode_candidate', rip: true, reason: 'length matches the episode cluster' });
  set(mains, { role: 'main_feature_candidate', rip: true, reason: 'feature length' });
  set(layout.playAll, { role: 'play_all', rip: false, reason: 'length is the sum of consecutive episodes' });
  for (const [index, original] of layout.duplicates) {
    role.set(index, { titleIndex: index, role: 'extra', rip: false, reason: `duplicate of title ${original.index} (same length and size)` });
  }
  set(layout.short, { role: 'short', rip: false, reason: `shorter than ${shortMax} s` });
  return titles.map((t) => role.get(t.index)!);
}

interface Verdict {
  contentType: ContentType;
  confidence: number;
}

function classify(layout: Layout, s: HeuristicSettings, labelSeason: number | null, evidence: string[]): Verdict {
  const isTv = layout.cluster.length >= (layout.shortForm ? s.min_short_episodes : s.min_episodes);
  const isMovie = layout.long.length > 0;
  if (isTv && isMovie) {
    const contentType = total(layout.cluster) >= Math.max(...layout.long.map((t) => t.durationSeconds)) ? 'tv' : 'movie';
    evidence.push(`both an episode cluster and feature-length titles: ${contentType === 'tv' ? 'episodes' : 'the feature'} outweigh`);
    return { contentType, confidence: CONFIDENCE.mixed };
  }
  if (isTv && layout.shortForm) {
    evidence.push(`${layout.cluster.length} short-form episodes of similar length (anime or cartoon shorts)`);
    return { contentType: 'tv', confidence: CONFIDENCE.shortEpisodes };
  }
  if (isTv) return { contentType: 'tv', confidence: CONFIDENCE.clearTv };
  if (isMovie) return { contentType: 'movie', confidence: CONFIDENCE.clearMovie };
  if (layout.cluster.length >= 2 && layout.playAll.length > 0) {
    evidence.push(`only ${layout.cluster.length} episode-length titles, but a Play All joins them`);
    return { contentType: 'tv', confidence: CONFIDENCE.playAllPair };
  }
  if (layout.cluster.length >= 1 && labelSeason !== null) {
    evidence.push(`only ${layout.cluster.length} episode-length title(s), but the label names season ${labelSeason}`);
    return { contentType: 'tv', confidence: CONFIDENCE.labelledSmallCluster };
  }
  evidence.push(`no cluster of ${s.min_episodes} episode-length titles and no title of ${s.movie_min_minutes} minutes or more`);
  return { contentType: 'unknown', confidence: CONFIDENCE.unknown };
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
    if (layout.cluster.length >= 2) evidence.push(`${layout.cluster.length} titles of episode length: ${list(layout.cluster)}`);
    if (layout.playAll.length > 0) evidence.push(`Play All: ${list(layout.playAll)}`);
    if (layout.duplicates.size > 0) evidence.push(`duplicate streams of a playlist: ${list(titles.filter((t) => layout.duplicates.has(t.index)))}`);
    if (layout.long.length > 0) evidence.push(`feature-length: ${list(layout.long)}`);
    if (layout.short.length > 0) evidence.push(`${layout.short.length} short clip(s) ignored`);

    let { contentType, confidence } = classify(layout, s, label.season, evidence);
    const mains = contentType === 'movie' ? plausibleMainFeatures(layout.long, s) : [];
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
      titleHints: hintsFor(titles, layout, contentType, mains, s.short_title_max_seconds),
      ambiguousMovie,
      reviewReason: ambiguousMovie ? `${mains.length} titles could be the main feature: ${list(mains)}` : null,
      evidence,
    };
  }
}
