/** Disc-lookup mappings → per-title hints (what to rip), and the season the episodes belong to. */
import type { DiscMapping, DiscScan, TitleHint } from '@spindle/plugin-sdk';

const PLAY_ALL = /\bplay\s*all\b/i;

function hintOf(mapping: DiscMapping): Omit<TitleHint, 'titleIndex'> {
  const from = `disc lookup: ${mapping.name ?? mapping.assignment}`;
  switch (mapping.assignment) {
    case 'episode':
      return { role: 'episode_candidate', rip: true, reason: from };
    case 'main_movie':
      return { role: 'main_feature_candidate', rip: true, reason: from };
    case 'extra':
      return { role: 'extra', rip: true, reason: from };
    case 'discarded':
      return PLAY_ALL.test(mapping.name ?? '')
        ? { role: 'play_all', rip: false, reason: from }
        : { role: 'extra', rip: false, reason: `${from} (not content)` };
  }
}

/**
 * One hint per mapped title that the scan has; titles the lookup leaves unassigned and that are
 * shorter than `clipSeconds` are menus, logos and warnings: not ripped. Longer unassigned titles
 * get no hint (other matchers decide what they are).
 */
export function hintsFromMappings(mappings: readonly DiscMapping[], scan: DiscScan, clipSeconds: number): TitleHint[] {
  const byIndex = new Map(mappings.map((m) => [m.titleIndex, m]));
  return scan.titles.flatMap((t): TitleHint[] => {
    const mapping = byIndex.get(t.index);
    if (mapping) return [{ titleIndex: t.index, ...hintOf(mapping) }];
    if (t.durationSeconds < clipSeconds)
      return [{ titleIndex: t.index, role: 'short', rip: false, reason: 'not in the disc lookup, and only a clip' }];
    return [];
  });
}

/** The season most episode mappings name; null without numbered episodes. */
export function seasonOf(mappings: readonly DiscMapping[]): number | null {
  const counts = new Map<number, number>();
  for (const m of mappings)
    if (m.assignment === 'episode' && m.season !== null) counts.set(m.season, (counts.get(m.season) ?? 0) + 1);
  let best: number | null = null;
  for (const [season, count] of counts) if (best === null || count > counts.get(best)!) best = season;
  return best;
}

const clock = (seconds: number) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * Where the lookup's episode and main-movie titles do not fit this scan: missing titles, or titles
 * whose length differs (by more than 10 s and 3%) from the lookup's — e.g. a folder that lacks
 * some of the disc's titles, so its title numbers shifted. Empty when everything fits.
 */
function misfit(m: DiscMapping, scan: DiscScan): string | null {
  const title = scan.titles.find((t) => t.index === m.titleIndex);
  if (!title) return `title ${m.titleIndex} is not on this scan`;
  const expected = m.durationSeconds;
  if (typeof expected !== 'number' || expected <= 0) return null;
  const gap = Math.abs(title.durationSeconds - expected);
  return gap > 10 && gap > 0.03 * expected
    ? `title ${m.titleIndex} lasts ${clock(title.durationSeconds)} here, ${clock(expected)} in the disc lookup`
    : null;
}

export function mismatches(mappings: readonly DiscMapping[], scan: DiscScan): string[] {
  return mappings
    .filter((m) => m.assignment === 'episode' || m.assignment === 'main_movie')
    .flatMap((m) => misfit(m, scan) ?? []);
}

/** The mappings whose title is on the scan with the lookup's length: only those are trusted for matching. */
export function fittingMappings(mappings: readonly DiscMapping[], scan: DiscScan): DiscMapping[] {
  return mappings.filter((m) => misfit(m, scan) === null);
}
