/**
 * The real discs the judgment is measured on: TheDiscDB's 14-disc sample (`../shared/thediscdb-sample`,
 * outside the repository, used when present) and the corpus in `test/fixtures/real-discs/`. Each
 * disc comes with TheDiscDB's truth (what every title is) and, for the sample, the MakeMKV transcript.
 * Part of the corpus is held out (`set` = `holdout` in its MANIFEST): fetched after the rules were written.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SAMPLE_AVAILABLE, SAMPLE_DIR } from '../../plugins/provider-thediscdb/test/support/sample-discs.ts';
import { typeUntypedFilms } from './judgment-release.ts';
import { summaryTypes, typeFromSummaries } from './judgment-summaries.ts';
import { typeCompanionEpisodes } from './judgment-companion.ts';

/** A TheDiscDB duration ("1:02:03") in seconds. */
export function seconds(duration: string): number {
  return duration.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

export const CORPUS_DIR = resolve(import.meta.dirname, '../fixtures/real-discs');

export interface TruthItem {
  Title?: string;
  Type: string;
  Season?: string;
  Episode?: string;
}

export interface TruthTitle {
  Index: number;
  SourceFile?: string;
  SegmentMap?: string;
  Duration: string;
  Size: number;
  Item?: TruthItem;
  Tracks?: { Type?: string; Resolution?: string }[];
}

export interface TruthRecord {
  Index: number;
  Name?: string;
  Format: string;
  ContentHash?: string;
  Titles: TruthTitle[];
}

export interface RealDisc {
  stem: string;
  kind: 'series' | 'movie';
  origin: 'sample' | 'corpus';
  /** True for corpus discs the rules were not tuned on. */
  heldOut: boolean;
  /**
   * The manifest's `set` (`tune`, `tune-seed<N>` for the seeded re-split, `holdout`, `holdout-seed<N>` for a
   * later fresh draw of discs nobody had looked at); `sample` for the sample.
   */
  set: string;
  record: TruthRecord;
  /** The `makemkvcon -r info` transcript, when the source has one. */
  transcript: string | null;
}

/** The `set` column of the corpus manifest by stem: `holdout` discs are not looked at one by one while rules are written. */
function setsByStem(): Map<string, string> {
  const manifest = join(CORPUS_DIR, 'MANIFEST.tsv');
  if (!existsSync(manifest)) return new Map();
  const [header, ...rows] = readFileSync(manifest, 'utf8').trim().split('\n');
  const column = header!.split('\t').indexOf('set');
  return new Map(rows.map((r) => r.split('\t')).map((cells) => [cells[0]!, cells[column]!] as const));
}

function loadSample(): RealDisc[] {
  if (!SAMPLE_AVAILABLE) return [];
  const rows = readFileSync(join(SAMPLE_DIR, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1);
  return rows.map((row) => {
    const [stem, kind] = row.split('\t') as [string, 'series' | 'movie'];
    const record = JSON.parse(readFileSync(join(SAMPLE_DIR, kind, `${stem}.json`), 'utf8')) as TruthRecord;
    const txt = join(SAMPLE_DIR, kind, `${stem}.txt`);
    return {
      stem,
      kind,
      origin: 'sample',
      heldOut: false,
      set: 'sample',
      record,
      transcript: existsSync(txt) ? readFileSync(txt, 'utf8') : null,
    };
  });
}

function loadCorpus(): RealDisc[] {
  const sets = setsByStem();
  const discs: RealDisc[] = [];
  for (const kind of ['series', 'movie'] as const) {
    const dir = join(CORPUS_DIR, kind);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const stem = file.slice(0, -'.json'.length);
      const record = JSON.parse(readFileSync(join(dir, file), 'utf8')) as TruthRecord;
      const txt = join(dir, `${stem}.txt`);
      const set = sets.get(stem) ?? 'holdout';
      discs.push({
        stem,
        kind,
        origin: 'corpus',
        heldOut: set.startsWith('holdout'),
        set,
        record,
        transcript: existsSync(txt) ? readFileSync(txt, 'utf8') : null,
      });
    }
  }
  return discs;
}

/**
 * The sample and the corpus, with the film typed where TheDiscDB left it untyped on a release's other disc, and the
 * titles typed that the disc's TheDiscDB summary types and its JSON does not (`summary-types.tsv`), and a companion
 * series' episodes typed as extras (judgment-companion.ts).
 */
export function loadRealDiscs(): RealDisc[] {
  const discs = typeFromSummaries([...loadSample(), ...loadCorpus()], summaryTypes(CORPUS_DIR));
  return typeUntypedFilms(typeCompanionEpisodes(discs));
}

export const SAMPLE_PRESENT = SAMPLE_AVAILABLE;
