/** The shared step of the measure's truth corrections: a disc with some of its titles given another item. */
import type { RealDisc, TruthTitle } from './judgment-discs.ts';

/** The disc with each title `retype` returns a new title for replaced; the same disc when none is. */
export function retypeTitles(disc: RealDisc, retype: (t: TruthTitle) => TruthTitle): RealDisc {
  const titles = disc.record.Titles.map(retype);
  return titles.some((t, i) => t !== disc.record.Titles[i])
    ? { ...disc, record: { ...disc.record, Titles: titles } }
    : disc;
}
