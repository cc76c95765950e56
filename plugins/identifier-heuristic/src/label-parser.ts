/**
 * Reads a show or movie name, season, disc number and year out of a disc's volume label. The
 * parsing itself is the SDK's `parseVolumeLabel`, shared with the other identifiers; this keeps
 * the four facts the heuristic answers with.
 */
import { parseVolumeLabel as parseLabel } from '@spindle/plugin-sdk';

export interface LabelFacts {
  /** Cleaned, title-cased name; null when the label is generic (e.g. "DVD_VIDEO"). */
  title: string | null;
  season: number | null;
  discNumber: number | null;
  year: number | null;
}

export function parseVolumeLabel(label: string, now: Date = new Date()): LabelFacts {
  const { title, season, discNumber, year } = parseLabel(label, now);
  return { title, season, discNumber, year };
}
