/**
 * A truth correction from TheDiscDB's own summary of a disc. Beside each `discNN.json` the repository keeps a
 * `discNN-summary.txt` written from the same contribution; on one corpus disc the summary types a title the JSON
 * leaves untyped (Master and Commander's 2025 4K steelbook, disc 2: the film, 2:18:20, "Type: MainMovie" in the
 * summary, no item in the JSON). Counting that disc as a bonus disc would fault a right main-feature pick.
 * `summary-types.tsv` lists such titles with the summary's path and commit; a row applies only while the JSON title
 * is untyped and runs as long as the summary says, so a later re-fetch of the disc cannot be typed by a stale row.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RealDisc, TruthItem } from './judgment-discs.ts';
import { retypeTitles } from './judgment-retype.ts';

export interface SummaryType {
  stem: string;
  index: number;
  duration: string;
  item: TruthItem;
}

/** The rows of `summary-types.tsv`: stem, title index, duration, type, title, then the summary's path and commit. */
export function summaryTypes(dir: string): SummaryType[] {
  const file = join(dir, 'summary-types.tsv');
  if (!existsSync(file)) return [];
  const [, ...rows] = readFileSync(file, 'utf8').trim().split('\n');
  return rows.map((row) => {
    const [stem, index, duration, type, title] = row.split('\t') as [string, string, string, string, string];
    return { stem, index: Number(index), duration, item: { Type: type, Title: title } };
  });
}

/** Each disc with the titles its summary types and its JSON leaves untyped given the summary's item. */
export function typeFromSummaries(discs: RealDisc[], rows: readonly SummaryType[]): RealDisc[] {
  return discs.map((d) => {
    const mine = rows.filter((r) => r.stem === d.stem);
    if (mine.length === 0) return d;
    return retypeTitles(d, (t) => {
      const row = mine.find((r) => r.index === t.Index && r.duration === t.Duration);
      return row && !t.Item ? { ...t, Item: row.item } : t;
    });
  });
}
