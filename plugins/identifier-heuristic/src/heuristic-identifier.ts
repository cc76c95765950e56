/**
 * Classifies a disc from its title durations: TV when enough titles share an episode length, a
 * movie when one long title dominates, ambiguous when several could be the main feature.
 */
import {
  throwIfAborted,
  type ContentType,
  type Identification,
  type Identifier,
  type IdentifyInput,
  type ScannedTitle,
  type StageContext,
  type TitleHint,
} from '@spindle/plugin-sdk';
import { findEpisodeCluster, findPlayAll, formatDuration, plausibleMainFeatures } from './duration-clusters.ts';
import { readSettings, type HeuristicSettings } from './heuristic-settings.ts';
import { parseVolumeLabel } from './label-parser.ts';

/** Confidence of each kind of answer (0–1; ≥ 0.8 counts as high). */
export const CONFIDENCE = {
  clearTv: 0.85,
  clearMovie: 0.8,
  mixed: 0.6,
  labelledSmallCluster: 0.55,
  ambiguousMovie: 0.5,
  unknown: 0.2,
} as const;

interface Layout {
  short: ScannedTitle[];
  cluster: ScannedTitle[];
  playAll: ScannedTitle[];
  long: ScannedTitle[];
}

function analyse(titles: readonly ScannedTitle[], s: HeuristicSettings): Layout {
  const short = titles.filter((t) => t.durationSeconds < s.short_title_max_seconds);
  const rest = titles.filter((t) => t.durationSeconds >= s.short_title_max_seconds);
  const cluster = findEpisodeCluster(rest, s);
  const playAll = findPlayAll(rest, cluster, s);
  const playAllIndexes = new Set(playAll.map((t) => t.index));
  const long = rest.filter((t) => !playAllIndexes.has(t.index) && t.durationSeconds >= s.movie_min_minutes * 60);
  return { short, cluster, playAll, long };
}

const total = (titles: readonly ScannedTitle[]) => titles.reduce((sum, t) => sum + t.durationSeconds, 0);
const list = (titles: readonly ScannedTitle[]) => titles.map((t) => `title ${t.index} (${formatDuration(t.durationSeconds)})`).join(', ');

function hintsFor(titles: readonly ScannedTitle[], layout: Layout, contentType: ContentType, mains: ScannedTitle[]): TitleHint[] {
  const role = new Map<number, TitleHint>();
  const set = (ts: readonly ScannedTitle[], hint: Omit<TitleHint, 'titleIndex'>) => ts.forEach((t) => role.set(t.index, { titleIndex: t.index, ...hint }));
  set(titles, { role: 'extra', rip: true });
  if (contentType === 'tv') set(layout.cluster, { role: 'episode_candidate', rip: true, reason: 'length matches the episode cluster' });
  set(mains, { role: 'main_feature_candidate', rip: true, reason: 'feature length' });
  set(layout.playAll, { role: 'play_all', rip: false, reason: 'length is the sum of consecutive episodes' });
  set(layout.short, { role: 'short', rip: false, reason: 'shorter than a real title' });
  return titles.map((t) => role.get(t.index)!);
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
    if (layout.long.length > 0) evidence.push(`feature-length: ${list(layout.long)}`);
    if (layout.short.length > 0) evidence.push(`${layout.short.length} short clip(s) ignored`);

    const isTv = layout.cluster.length >= s.min_episodes;
    const isMovie = layout.long.length > 0;
    let contentType: ContentType = 'unknown';
    let confidence: number = CONFIDENCE.unknown;
    if (isTv && isMovie) {
      contentType = total(layout.cluster) >= Math.max(...layout.long.map((t) => t.durationSeconds)) ? 'tv' : 'movie';
      confidence = CONFIDENCE.mixed;
      evidence.push(`both an episode cluster and feature-length titles: ${contentType === 'tv' ? 'episodes' : 'the feature'} outweigh`);
    } else if (isTv) {
      contentType = 'tv';
      confidence = CONFIDENCE.clearTv;
    } else if (isMovie) {
      contentType = 'movie';
      confidence = CONFIDENCE.clearMovie;
    } else if (layout.cluster.length >= 2 && label.season !== null) {
      contentType = 'tv';
      confidence = CONFIDENCE.labelledSmallCluster;
      evidence.push(`only ${layout.cluster.length} episode-length titles, but the label names season ${label.season}`);
    } else {
      evidence.push(`no cluster of ${s.min_episodes} episode-length titles and no title of ${s.movie_min_minutes} minutes or more`);
    }

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
      discNumber: label.discNumber,
      catalogId: null,
      catalogTitle: null,
      discLookup: null,
      titleHints: hintsFor(titles, layout, contentType, mains),
      ambiguousMovie,
      reviewReason: ambiguousMovie ? `${mains.length} titles could be the main feature: ${list(mains)}` : null,
      evidence,
    };
  }
}
