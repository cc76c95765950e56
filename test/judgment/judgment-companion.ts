/**
 * A truth correction for a companion show's episodes on a disc. TheDiscDB numbers the making-of pieces of Doctor Who's
 * limited edition as episodes of a series of their own (Doctor Who Extra's season 2 on the Capaldi discs, a season 1
 * on the Whittaker ones), under the show's folder: filed as Doctor Who (2005) they would take the numbers of other episodes
 * (season 2 episode 8 is "The Impossible Planet", not a seven-minute making-of of "Face the Raven"). On one disc, a
 * season whose every episode runs under half the shortest episode of another season of the disc, and one of whose
 * episode names repeats a name of that season, is such a companion series: its titles are extras of the disc's show.
 */
import { seconds, type RealDisc, type TruthTitle } from './judgment-discs.ts';
import { retypeTitles } from './judgment-retype.ts';

const name = (t: TruthTitle) => (t.Item?.Title ?? '').trim().toLowerCase();

/** The seasons of a disc that are a companion series of another season on it. */
export function companionSeasons(titles: readonly TruthTitle[]): Set<string> {
  const bySeason = new Map<string, TruthTitle[]>();
  for (const t of titles)
    if (t.Item?.Type === 'Episode' && t.Item.Season)
      bySeason.set(t.Item.Season, [...(bySeason.get(t.Item.Season) ?? []), t]);
  const companions = new Set<string>();
  for (const [season, episodes] of bySeason)
    for (const [other, main] of bySeason) {
      if (other === season) continue;
      const shortest = Math.min(...main.map((t) => seconds(t.Duration)));
      const names = new Set(main.map(name).filter(Boolean));
      if (episodes.every((t) => seconds(t.Duration) < shortest / 2) && episodes.some((t) => names.has(name(t))))
        companions.add(season);
    }
  return companions;
}

/** Each disc with its companion series' episodes typed as extras. */
export function typeCompanionEpisodes(discs: RealDisc[]): RealDisc[] {
  return discs.map((d) => {
    const seasons = companionSeasons(d.record.Titles);
    return retypeTitles(d, (t) =>
      t.Item?.Type === 'Episode' && seasons.has(t.Item.Season ?? '')
        ? { ...t, Item: { Type: 'Extra', Title: t.Item.Title ?? '' } }
        : t,
    );
  });
}
