/**
 * TheDiscDB's sample of real discs (`../shared/thediscdb-sample`, outside the repository): their
 * records (titles with TheDiscDB's truth), volume labels, content hashes and, from the MakeMKV
 * scans' HSH lines, the sizes of the files the hash is made of. Read at test time only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SAMPLE_DIR =
  process.env.SPINDLE_THEDISCDB_SAMPLE ?? resolve(import.meta.dirname, '../../../../../shared/thediscdb-sample');
export const SAMPLE_AVAILABLE = existsSync(join(SAMPLE_DIR, 'MANIFEST.tsv'));
export const SAMPLE_MISSING_MESSAGE = `TheDiscDB sample not found at ${SAMPLE_DIR}: sample-based checks skipped`;

export interface SampleTitle {
  Index: number;
  SourceFile?: string;
  SegmentMap?: string;
  Duration: string;
  Size: number;
  Item?: { Title?: string; Type: string; Season?: string; Episode?: string };
}

export interface SampleDisc {
  stem: string;
  kind: 'series' | 'movie';
  volumeLabel: string;
  contentHash: string;
  /** Media item name and year from the file name, e.g. "24" and 2001. */
  mediaTitle: string;
  year: number | null;
  releaseSlug: string;
  record: { Index: number; Slug?: string; Name?: string; Format: string; ContentHash: string; Titles: SampleTitle[] };
  /** Files the content hash is made of (name and size), from the scan's HSH lines; [] when absent. */
  hashedFiles: { name: string; size: number }[];
}

export function durationSeconds(duration: string): number {
  return duration.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

export function loadSampleDiscs(): SampleDisc[] {
  if (!SAMPLE_AVAILABLE) return [];
  const rows = readFileSync(join(SAMPLE_DIR, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1);
  return rows.map((line) => {
    const cells = line.split('\t');
    const [stem, kind] = [cells[0]!, cells[1] as 'series' | 'movie'];
    const record = JSON.parse(readFileSync(join(SAMPLE_DIR, kind, `${stem}.json`), 'utf8')) as SampleDisc['record'];
    const scan = readFileSync(join(SAMPLE_DIR, kind, `${stem}.txt`), 'utf8');
    const hashedFiles = [...scan.matchAll(/^HSH:\d+,([^,]+),[^,]*,(\d+)\s*$/gm)].map((m) => ({
      name: m[1]!,
      size: Number(m[2]),
    }));
    const [folder, releaseSlug] = stem.split('__') as [string, string];
    const m = /^(.*)_\((\d{4})\)$/.exec(folder);
    return {
      stem,
      kind,
      volumeLabel: cells[10] ?? '',
      contentHash: cells[3]!,
      mediaTitle: (m ? m[1]! : folder).replace(/_/g, ' '),
      year: m ? Number(m[2]) : null,
      releaseSlug,
      record,
      hashedFiles,
    };
  });
}
