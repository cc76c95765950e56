/** Small descriptions of titles shared by the heuristic's verdicts and evidence. */
import type { ScannedTitle } from '@spindle/plugin-sdk';
import { formatDuration } from './duration-clusters.ts';

/** The summed running time of the titles, in seconds. */
export const total = (titles: readonly ScannedTitle[]) => titles.reduce((sum, t) => sum + t.durationSeconds, 0);
/** The titles as a readable list: "title 3 (0:44:10), title 4 (…)". */
export const list = (titles: readonly ScannedTitle[]) =>
  titles.map((t) => `title ${t.index} (${formatDuration(t.durationSeconds)})`).join(', ');
