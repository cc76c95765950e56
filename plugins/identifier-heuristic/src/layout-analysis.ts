/**
 * Reads a disc's layout: clips too short to matter, what the structure says (duplicates, variants
 * and Play Alls from segment maps), the episode cluster (with a tolerance that grows with the
 * length), longer and double-length episodes beside it, Play Alls found by length when there is no
 * structure to ask, and the feature-length titles that are left.
 */
import type { ScannedTitle } from '@spindle/plugin-sdk';
import { alikeParts, clipsOfItsOwn, findStructure, streamsBesidePlaylists } from './disc-structure.ts';
import {
  episodesJoined,
  longestRun,
  findDuplicateStreams,
  findEpisodeCluster,
  findPlayAll,
  shortEpisodeRange,
} from './duration-clusters.ts';
import type { HeuristicSettings } from './heuristic-settings.ts';
import { DOUBLE_EPISODE, findEpisodeAndTwoParter } from './episode-and-two-parter.ts';
import { areTwins, hourLongPair } from './episode-pairs.ts';

export interface Layout {
  short: ScannedTitle[];
  cluster: ScannedTitle[];
  /** True when the cluster is of short-form episodes (below the regular episode length). */
  shortForm: boolean;
  /** Titles beside the cluster that are episodes too if the disc is TV: reason by title index. */
  moreEpisodes: Map<number, string>;
  /** Play Alls not to rip, with the reason. */
  playAll: Map<number, string>;
  /** Play Alls found in the segment maps → the titles they join. */
  joins: Map<number, ScannedTitle[]>;
  /** As long as two episodes with no structure to tell: a Play All of two or a double-length episode (ripped, for review). */
  pairLike: ScannedTitle[];
  /** Titles not to rip because another title has the same content: reason by title index. */
  copies: Map<number, string>;
  long: ScannedTitle[];
  /** Segment maps could be compared (Blu-ray playlists): Play Alls were found by structure, not by length. */
  structural: boolean;
  /**
   * Exactly two episode-length titles of the same length to within TWIN_FRACTION (a broadcast slot), or to within
   * LOOSE_TWIN_FRACTION when fewer than LOOSE_TWIN_EXTRAS other titles of substance (not clips, copies or Play Alls)
   * stand beside them: two episodes. So are two titles of an hour-long slot however unequal (HOUR_SLOT_MINUTES) with
   * no feature-length title and as few others beside them.
   */
  twins: boolean;
  /** Titles that hold several episodes each, on a disc with no title of a single episode: why, by title index. */
  inOne: Map<number, string>;
  /** An episode and a two-part episode that a Play All joins to the second (see episode-and-two-parter.ts). */
  twoParterJoined: boolean;
  /** The most titles (or the titles they wrap) that one Play All found in the segment maps joins as episodes. */
  joinedEpisodes: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A longer episode (finale, pilot) runs up to this many times the cluster's median; a double-length one DOUBLE_EPISODE. */
const LONGER_EPISODE_MAX = 1.6;
/** Titles beside the cluster (not in it) whose length against the cluster's median passes `fits`; none without a cluster. */
function besideCluster(
  rest: readonly ScannedTitle[],
  cluster: readonly ScannedTitle[],
  fits: (ratio: number, t: ScannedTitle) => boolean,
): ScannedTitle[] {
  if (cluster.length < 2) return [];
  const centre = median(cluster.map((t) => t.durationSeconds));
  const inCluster = new Set(cluster.map((t) => t.index));
  return rest.filter((t) => !inCluster.has(t.index) && fits(t.durationSeconds / centre, t));
}

/** Titles beside the cluster that are longer than its median but within the longer-episode ratio (finale, extended cut). */
function longerCandidates(
  rest: readonly ScannedTitle[],
  cluster: readonly ScannedTitle[],
  s: HeuristicSettings,
): ScannedTitle[] {
  return besideCluster(
    rest,
    cluster,
    (ratio, t) =>
      ratio > 1 && ratio <= LONGER_EPISODE_MAX && t.durationSeconds <= s.episode_max_minutes * 60 * LONGER_EPISODE_MAX,
  );
}

/**
 * Titles beside the cluster of about two episodes' length (a two-part episode in one title, or a Play All of two:
 * told apart by the caller).
 */
function doubleCandidates(rest: readonly ScannedTitle[], cluster: readonly ScannedTitle[]): ScannedTitle[] {
  return besideCluster(rest, cluster, (ratio) => ratio >= DOUBLE_EPISODE[0] && ratio <= DOUBLE_EPISODE[1]);
}

export function analyse(titles: readonly ScannedTitle[], s: HeuristicSettings): Layout {
  const short = titles.filter((t) => t.durationSeconds < s.short_title_max_seconds);
  const structure = findStructure(titles);
  const copies = new Map<number, string>();
  for (const [i, o] of structure.duplicates) copies.set(i, `duplicate of title ${o.index} (same segments)`);
  for (const [i, o] of findDuplicateStreams(titles))
    if (!copies.has(i)) copies.set(i, `duplicate of title ${o.index} (same length and size)`);
  for (const [i, core] of structure.variants)
    if (!copies.has(i))
      copies.set(i, `title ${core.index} with a short clip added (intro or credits): the same content`);
  const playAll = new Map<number, string>();
  const joins = new Map<number, ScannedTitle[]>();
  for (const [i, members] of structure.playAlls) {
    if (copies.has(i)) continue;
    playAll.set(i, `its segments are titles ${members.map((m) => m.index).join(', ')} joined (Play All)`);
    joins.set(i, members);
  }

  // Bare streams beside the playlists of a Blu-ray are extras: not candidates for episodes, Play Alls or features.
  const streams = streamsBesidePlaylists(titles, s.episode_min_minutes * 60, s.movie_min_minutes * 60);
  const rest = titles.filter(
    (t) =>
      t.durationSeconds >= s.short_title_max_seconds &&
      !copies.has(t.index) &&
      !playAll.has(t.index) &&
      !streams.has(t.index),
  );
  let cluster = findEpisodeCluster(rest, s);
  let shortForm = false;
  const isLong = (t: ScannedTitle) => t.durationSeconds >= s.movie_min_minutes * 60;
  if (cluster.length < s.min_episodes) {
    // Short-form episodes only when no feature is left besides their Play All (else they are extras).
    const shorts = findEpisodeCluster(rest, s, shortEpisodeRange(s));
    const joined = new Set([...findPlayAll(rest, shorts, s).map((t) => t.index), ...playAll.keys()]);
    // Nor when a title of regular episode length or more, not a double of them, sits beside them: the shorts are
    // then the featurettes of a disc whose substance is longer (a documentary bonus disc).
    const shortCentre = shorts.length > 0 ? median(shorts.map((t) => t.durationSeconds)) : 0;
    const longerBeside = rest.some(
      (t) =>
        !joined.has(t.index) &&
        t.durationSeconds >= s.episode_min_minutes * 60 &&
        t.durationSeconds > DOUBLE_EPISODE[1] * shortCentre,
    );
    if (shorts.length >= s.min_short_episodes && !longerBeside && !rest.some((t) => isLong(t) && !joined.has(t.index)))
      [cluster, shortForm] = [shorts, true];
  }

  // Play Alls by length only when the structure cannot say: three or more episodes long are not ripped,
  // two episodes long may be a double-length episode and is kept.
  const pairLike: ScannedTitle[] = [];
  /** Two-part episodes a Play All found by length joins with the others. */
  const joinedDoubles = new Set<number>();
  // A longer episode beside the cluster (an extended cut, a finale) is part of the runs a Play All may join.
  if (!structure.structural) {
    const episodeLike = [...cluster, ...longerCandidates(rest, cluster, s)].sort((a, b) => a.index - b.index);
    for (const t of findPlayAll(rest, episodeLike, s)) {
      const joined = episodesJoined(t, episodeLike, s);
      if (joined >= 3) playAll.set(t.index, `length is the sum of ${joined} consecutive episodes`);
      else pairLike.push(t);
    }
    // A two-part episode in one title, about two episodes long, is part of the runs too: a Play All of four
    // episodes and a two-parter is as long as six. A title as long as two episodes that such a Play All joins is
    // then an episode, not a Play All of two (the Play All would hold those two episodes twice).
    const doubles = doubleCandidates(rest, cluster).filter((t) => !playAll.has(t.index));
    if (doubles.length > 0) {
      const withDoubles = [...episodeLike, ...doubles].sort((a, b) => a.index - b.index);
      for (const t of findPlayAll(rest, withDoubles, s)) {
        if (playAll.has(t.index) || pairLike.includes(t)) continue;
        const run = longestRun(t, withDoubles, s);
        if (run.length < 3 || !run.some((m) => doubles.includes(m))) continue;
        playAll.set(t.index, `length is the sum of ${run.length} consecutive episodes, a two-part one among them`);
        for (const m of run) {
          if (!doubles.includes(m)) continue;
          if (pairLike.includes(m)) pairLike.splice(pairLike.indexOf(m), 1);
          joinedDoubles.add(m.index);
        }
      }
    }
  }

  // Two hour-long titles of unequal length: two episodes (when a Play All joins them, it says so below).
  const pair = cluster.length <= 2 ? hourLongPair(rest, s) : null;
  const hourPair = pair && ![...joins.values()].some((members) => members.some((m) => pair.includes(m))) ? pair : null;
  if (hourPair && cluster.length < 2) cluster = hourPair;
  const inCluster = new Set(cluster.map((t) => t.index));
  const moreEpisodes = new Map<number, string>();
  if (cluster.length >= 2) {
    const centre = median(cluster.map((t) => t.durationSeconds));
    const picture = cluster[0]!.resolution;
    for (const t of rest) {
      if (
        inCluster.has(t.index) ||
        playAll.has(t.index) ||
        pairLike.includes(t) ||
        (picture && t.resolution && t.resolution !== picture)
      )
        continue;
      const ratio = t.durationSeconds / centre;
      if (joinedDoubles.has(t.index))
        moreEpisodes.set(
          t.index,
          'double-length episode (the Play All joins it with the others, so it is not two of them)',
        );
      else if (ratio >= DOUBLE_EPISODE[0] && ratio <= DOUBLE_EPISODE[1])
        moreEpisodes.set(t.index, 'double-length episode (not a Play All: no two titles make it up)');
      else if (
        ratio > 1 &&
        ratio <= LONGER_EPISODE_MAX &&
        t.durationSeconds <= s.episode_max_minutes * 60 * LONGER_EPISODE_MAX
      )
        moreEpisodes.set(t.index, 'a longer episode (finale or pilot) beside the cluster');
    }
  }
  // A Play All found in the segment maps joins episodes: a title it joins that is of episode length or more (not of
  // feature length) is an episode when the disc is TV, however far its length is from the cluster's (a 71-minute
  // finale beside 53-minute episodes). With no cluster beside it, up to a longer episode's length (LONGER_EPISODE_MAX
  // times the longest episode: a streaming drama's 84-minute chapter); beside a cluster, a feature-length title a Play
  // All joins is rather the cluster's episodes in one. Play Alls of clips or featurettes (any member shorter than an
  // episode) do not count. A member that is another title wrapped in a logo and a card stands for that title, which
  // is ripped in its place.
  const longestEpisode =
    cluster.length >= 2 ? s.movie_min_minutes * 60 - 1 : s.episode_max_minutes * 60 * LONGER_EPISODE_MAX;
  let joinedEpisodes = 0;
  for (const [index, members] of joins) {
    const episodic = members.every(
      (m) => m.durationSeconds >= s.episode_min_minutes * 60 && m.durationSeconds <= longestEpisode,
    );
    if (!episodic || members.length < 2) continue;
    const cores = members.map((m) => structure.variants.get(m.index) ?? m).filter((m) => !copies.has(m.index));
    for (const m of cores)
      if (!inCluster.has(m.index) && !moreEpisodes.has(m.index))
        moreEpisodes.set(m.index, `an episode: Play All title ${index} joins it with the others`);
    joinedEpisodes = Math.max(joinedEpisodes, cores.length);
  }
  // A Play All that joins two or more of the cluster's episodes is a run of the show's programmes: its other members
  // of episode length or more are episodes or specials too, feature-length ones included (a two-hour special in a
  // Play All with two half-hour episodes is not a film: no film is played on in one run with a series' episodes).
  if (cluster.length >= 2)
    for (const [index, members] of joins) {
      if (members.filter((m) => inCluster.has(m.index)).length < 2) continue;
      for (const m of members)
        if (![inCluster, moreEpisodes, playAll, copies].some((seen) => seen.has(m.index)) && !pairLike.includes(m))
          if (m.durationSeconds >= s.episode_min_minutes * 60)
            moreEpisodes.set(m.index, `an episode or special: Play All title ${index} joins it with the episodes`);
    }
  // No cluster and no structure: an episode and a two-parter that a third title joins to the second are episodes.
  const trio = !structure.structural && cluster.length < 2 && !hourPair ? findEpisodeAndTwoParter(rest, s) : null;
  if (trio) {
    const { episode, twoParter, playAll: whole } = trio;
    playAll.set(whole.index, `its length is titles ${episode.index} and ${twoParter.index} together, to the second`);
    moreEpisodes.set(episode.index, `an episode: title ${whole.index} joins it with title ${twoParter.index}`);
    moreEpisodes.set(twoParter.index, `a two-part episode: title ${whole.index} joins it with title ${episode.index}`);
  }
  // On a disc with no titles of single episodes, a DVD title whose cells run in three or more alike parts, or a
  // Blu-ray playlist joining three or more clips no other title plays, holds the episodes (anime volumes of four or
  // five episodes, a series in one playlist). Ripped whole, as episodes for review.
  const inOne = new Map<number, string>();
  for (const t of rest) {
    if (cluster.length >= 2 || !isLong(t) || playAll.has(t.index)) continue;
    const parts = alikeParts(t);
    const clips = parts > 0 ? 0 : clipsOfItsOwn(t, titles);
    if (parts >= 3 && t.durationSeconds / parts >= s.short_episode_min_minutes * 60)
      inOne.set(t.index, `holds ${parts} episodes (its cells run in ${parts} alike parts)`);
    else if (clips > 0) inOne.set(t.index, `holds several episodes (it joins ${clips} clips no other title plays)`);
  }
  for (const [index, reason] of inOne) moreEpisodes.set(index, `${reason}; ripped whole`);
  // Beside such a title, a lone title of episode length is as likely a making-of as one more episode: an extra.
  if (inOne.size > 0) cluster = [];
  const long = rest.filter(
    (t) =>
      !inCluster.has(t.index) &&
      !playAll.has(t.index) &&
      !pairLike.includes(t) &&
      !moreEpisodes.has(t.index) &&
      isLong(t),
  );
  const others = rest.filter((t) => !inCluster.has(t.index) && !playAll.has(t.index)).length;
  const twins =
    cluster.length === 2 &&
    (areTwins(cluster[0]!, cluster[1]!, others) || (hourPair !== null && cluster.every((t) => hourPair.includes(t))));
  return {
    short,
    cluster,
    shortForm,
    moreEpisodes,
    playAll,
    joins,
    pairLike,
    copies,
    long,
    structural: structure.structural,
    twins,
    inOne,
    twoParterJoined: trio !== null,
    joinedEpisodes,
  };
}

/** The titles holding several episodes each, as the evidence and the review reason say them: "title 0 holds 4 …". */
export function heldInOne(layout: Layout): string {
  return [...layout.inOne].map(([index, why]) => `title ${index} ${why}`).join(', ');
}
