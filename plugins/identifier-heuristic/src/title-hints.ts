/** The per-title hints of an identification: what each title is taken for and whether it is ripped. */
import type { ContentType, ScannedTitle, TitleHint } from '@spindle/plugin-sdk';
import { typeExtras } from './extra-types.ts';
import type { Layout } from './layout-analysis.ts';

export function hintsFor(
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
