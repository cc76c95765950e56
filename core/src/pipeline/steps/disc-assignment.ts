/**
 * The disc-wide pass (issue 23): a disc's titles are distinct episodes, so each title's match is
 * judged together with the others'. Every title's candidates (the matcher's probabilities that it
 * is that episode; what is left is "something else", which no other title constrains) are combined
 * under the one rule that two titles cannot be the same episode: the posterior of each title's
 * episode is summed over every consistent assignment of the disc. A clear winner no other title
 * claims keeps (or gains) its confidence; the title left over when the others claim theirs gains;
 * a contested episode loses, and both claimants go to review naming each other. The posterior is
 * the title's confidence, with a `joint_assignment` component saying how it came about. A title
 * the disc moves off its own pick is never accepted on that: it waits, the disc's choice on top.
 * Extras: a title the identifier calls an extra is an episode only if its matcher said so at
 * auto-accept; otherwise it stays an extra and follows the extras policy — never review.
 * Pure: match-step calls it once all titles' results are known, before organizing.
 */
import { extraMatchResult, formatEpisodeCode, roundScore as round, type MatchResult } from '@spindle/plugin-sdk';

export interface DiscTitle {
  id: number;
  isExtra: boolean;
  result: MatchResult | null;
  /** A person chose this result: it is fixed, and claims its episode outright. */
  decided?: boolean;
}

export interface DiscDecision {
  state: 'matched' | 'review' | 'skipped';
  result: MatchResult | null;
  /** Other titles whose best candidate is the same episode (a contested episode). */
  contestedWith: number[];
  /** The contested episode (this title's own pick), when contestedWith is not empty. */
  contestedEpisode?: string;
}

interface Option {
  /** Episode keys this option occupies (several for a multi-episode title); empty = something else. */
  keys: string[];
  p: number;
  candidate: { season: number; episode: number; episodeEnd: number | null } | null;
}

/** Enumeration stops here (a disc has a dozen titles; the bound only guards absurd input). */
const NODE_BUDGET = 2_000_000;

function episodeKeys(season: number, episode: number, end: number | null): string[] {
  const keys: string[] = [];
  for (let e = episode; e <= Math.max(episode, end ?? episode); e++) keys.push(`${season}x${e}`);
  return keys;
}

function optionsOf(t: DiscTitle): Option[] {
  const r = t.result!;
  if (t.decided)
    return [
      {
        keys: episodeKeys(r.season!, r.episode!, r.episodeEnd),
        p: 1,
        candidate: { season: r.season!, episode: r.episode!, episodeEnd: r.episodeEnd },
      },
    ];
  const seen = new Set<string>();
  const out: Option[] = [];
  const list = [
    { season: r.season, episode: r.episode, episodeEnd: r.episodeEnd, score: r.confidence },
    ...r.candidates.filter((c) => c.kind === 'episode'),
  ];
  for (const c of list) {
    if (c.season === null || c.episode === null) continue;
    const keys = episodeKeys(c.season, c.episode, c.episodeEnd);
    if (seen.has(keys.join())) continue;
    seen.add(keys.join());
    out.push({
      keys,
      p: Math.max(0, c.score),
      candidate: { season: c.season, episode: c.episode, episodeEnd: c.episodeEnd },
    });
  }
  const total = out.reduce((s, o) => s + o.p, 0);
  if (total > 1) for (const o of out) o.p /= total;
  out.push({ keys: [], p: Math.max(0, 1 - Math.min(1, total)), candidate: null });
  return out;
}

/** Posterior of every option of every title, or null when the disc is too large to enumerate. */
function posteriors(options: Option[][]): number[][] | null {
  const sums = options.map((o) => new Array<number>(o.length).fill(0));
  const order = options
    .map((o, i) => ({ i, n: o.length }))
    .sort((a, b) => b.n - a.n)
    .map((x) => x.i);
  const chosen = new Array<number>(options.length).fill(0);
  const used = new Set<string>();
  let total = 0;
  let nodes = 0;
  const walk = (depth: number, weight: number): boolean => {
    if (++nodes > NODE_BUDGET) return false;
    if (weight === 0) return true;
    if (depth === order.length) {
      total += weight;
      for (const t of order) sums[t]![chosen[t]!]! += weight;
      return true;
    }
    const t = order[depth]!;
    for (const [k, option] of options[t]!.entries()) {
      if (option.p === 0 || option.keys.some((key) => used.has(key))) continue;
      for (const key of option.keys) used.add(key);
      chosen[t] = k;
      const ok = walk(depth + 1, weight * option.p);
      for (const key of option.keys) used.delete(key);
      if (!ok) return false;
    }
    return true;
  };
  if (!walk(0, 1) || total === 0) return null;
  return sums.map((row) => row.map((x) => x / total));
}

function asExtra(result: MatchResult | null): MatchResult {
  if (result?.kind === 'extra') {
    return {
      ...result,
      season: null,
      episode: null,
      episodeEnd: null,
      edition: null,
      extraType: result.extraType ?? null,
    };
  }
  const evidence = result?.kind === 'episode' ? result.confidence : 0;
  return extraMatchResult({
    evidence,
    source: result?.source ?? 'disc_layout',
    extraType: result?.extraType ?? null,
    detail: `the identifier calls this title an extra; its best episode evidence (${round(evidence)}) is below auto-accept`,
  });
}

export function decideDisc(titles: readonly DiscTitle[], threshold: number): Map<number, DiscDecision> {
  const out = new Map<number, DiscDecision>();
  const claimants: DiscTitle[] = [];
  for (const t of titles) {
    const r = t.result;
    if (t.decided && r) out.set(t.id, { state: 'matched', result: r, contestedWith: [] });
    // An extra the matcher judged (its speech heard, its evidence weighed) stays an extra; one no matcher could say
    // anything about (no references, nothing heard) waits for a person like any title without a match.
    if (t.isExtra && !t.decided && r !== null && !(r.kind === 'episode' && r.confidence >= threshold)) {
      out.set(t.id, { state: 'matched', result: asExtra(r), contestedWith: [] });
      continue;
    }
    if (r && r.kind === 'episode' && r.season !== null && r.episode !== null) claimants.push(t);
    else if (!out.has(t.id))
      out.set(t.id, {
        state: r !== null && r.confidence >= threshold ? 'matched' : 'review',
        result: r,
        contestedWith: [],
      });
  }
  const options = claimants.map(optionsOf);
  const post = posteriors(options);
  const top = claimants.map((t) => episodeKeys(t.result!.season!, t.result!.episode!, t.result!.episodeEnd).join());
  claimants.forEach((t, i) => {
    if (t.decided) return;
    const contestedWith = claimants.filter((o, j) => j !== i && top[j] === top[i]).map((o) => o.id);
    const own = t.result!;
    if (!post) {
      out.set(t.id, {
        state: own.confidence >= threshold && contestedWith.length === 0 ? 'matched' : 'review',
        result: own,
        contestedWith,
      });
      return;
    }
    const row = post[i]!;
    const ranked = row.map((p, k) => ({ p, option: options[i]![k]! })).sort((a, b) => b.p - a.p);
    const best = ranked.find((x) => x.option.candidate !== null) ?? ranked[0]!;
    const runnerUp = ranked.find((x) => x !== best);
    const c = best.option.candidate ?? { season: own.season!, episode: own.episode!, episodeEnd: own.episodeEnd };
    const keptOwnPick =
      best.option.candidate !== null &&
      formatEpisodeCode(c.season, c.episode, c.episodeEnd) ===
        formatEpisodeCode(own.season!, own.episode!, own.episodeEnd);
    // The disc only adds trust to a pick no other title claims: its confidence never drops below the title's own
    // (candidate scores of some matchers are not probabilities, and renormalising them must not cost a clear winner).
    const joint = round(best.option.candidate ? best.p : 0);
    const p = keptOwnPick && contestedWith.length === 0 ? Math.max(joint, round(own.confidence)) : joint;
    const code = formatEpisodeCode(c.season, c.episode, c.episodeEnd);
    const others = runnerUp
      ? `${runnerUp.option.candidate ? formatEpisodeCode(runnerUp.option.candidate.season, runnerUp.option.candidate.episode, runnerUp.option.candidate.episodeEnd) : 'something else'} ${round(runnerUp.p)}`
      : 'none';
    const claim = contestedWith.length
      ? `also claimed by ${contestedWith.length} other title(s)`
      : 'claimed by no other title';
    const candidates = ranked
      .filter((x) => x.option.candidate !== null)
      .map((x) => ({
        kind: 'episode' as const,
        season: x.option.candidate!.season,
        episode: x.option.candidate!.episode,
        episodeEnd: x.option.candidate!.episodeEnd,
        edition: null,
        score: round(x.p),
      }));
    const result: MatchResult = {
      ...own,
      season: c.season,
      episode: c.episode,
      episodeEnd: c.episodeEnd,
      confidence: p,
      components: [
        ...own.components,
        {
          name: 'joint_assignment',
          value: p,
          weight: 1,
          detail: `${code} at ${p} given the disc's other titles (own evidence ${round(own.confidence)}; next ${others}); ${claim}`,
        },
      ],
      candidates,
    };
    // A title the disc moved off its own pick waits for a person, with the disc's choice on top.
    const moved = !keptOwnPick;
    out.set(t.id, {
      state: p >= threshold && !moved ? 'matched' : 'review',
      result,
      contestedWith,
      contestedEpisode: formatEpisodeCode(own.season!, own.episode!, own.episodeEnd),
    });
  });
  // A low threshold (≤ 0.5) could let two titles keep one episode: then both wait for a person.
  const held = new Map<string, number[]>();
  for (const [id, d] of out) {
    if (d.state !== 'matched' || d.result?.kind !== 'episode' || d.result.season === null || d.result.episode === null)
      continue;
    for (const key of episodeKeys(d.result.season, d.result.episode, d.result.episodeEnd))
      held.set(key, [...(held.get(key) ?? []), id]);
  }
  for (const ids of held.values()) {
    if (ids.length < 2) continue;
    for (const id of ids) {
      const d = out.get(id)!;
      const decided = titles.find((t) => t.id === id)?.decided;
      if (!decided)
        out.set(id, {
          ...d,
          state: 'review',
          contestedWith: ids.filter((x) => x !== id),
          contestedEpisode: episodeKeys(d.result!.season!, d.result!.episode!, d.result!.episodeEnd).length
            ? formatEpisodeCode(d.result!.season!, d.result!.episode!, d.result!.episodeEnd)
            : undefined,
        });
    }
  }
  return out;
}
