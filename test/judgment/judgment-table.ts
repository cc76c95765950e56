/** Totals of the per-disc figures and the table `npm run bench:judgment` prints (the issue's rows). */
import type { DiscFigures } from './judgment-figures.ts';

export interface Ratio {
  right: number;
  of: number;
}

export interface Totals {
  discs: number;
  typeRight: Ratio;
  typeRightStrict: Ratio;
  wrongKind: number;
  seriesCalledMovie: number;
  episodePrecision: Ratio;
  episodeRecall: Ratio;
  keptUnassigned: number;
  keptOpenWorks: number;
  episodesNotRipped: number;
  /** The same three when a catalog answer named the disc's kind (show or movie) before the heuristic. */
  typedPrecision: Ratio;
  typedRecall: Ratio;
  typedNotRipped: number;
  mainWithRuntime: Ratio;
  mainWithoutRuntime: Ratio;
  bonusRecognised: Ratio;
  extrasTyped: Ratio;
  namedExtrasTyped: Ratio;
  hashRight: Ratio;
}

const ratio = (values: (boolean | null)[]): Ratio => ({
  right: values.filter((v) => v === true).length,
  of: values.filter((v) => v !== null).length,
});

export function totalsOf(figures: readonly DiscFigures[]): Totals {
  const sum = (f: (d: DiscFigures) => number) => figures.reduce((s, d) => s + f(d), 0);
  return {
    discs: figures.length,
    typeRight: ratio(figures.map((d) => d.typeRight)),
    typeRightStrict: ratio(figures.map((d) => d.typeRightStrict)),
    wrongKind: figures.filter((d) => !d.typeRight && d.said !== 'unknown').length,
    seriesCalledMovie: figures.filter((d) => d.seriesCalledMovie).length,
    episodePrecision: { right: sum((d) => d.episodes.keptRight), of: sum((d) => d.episodes.keptTitles) },
    episodeRecall: { right: sum((d) => d.episodes.kept), of: sum((d) => d.episodes.truth) },
    keptUnassigned: sum((d) => d.episodes.keptUnassigned),
    keptOpenWorks: sum((d) => d.episodes.keptOpenWorks),
    episodesNotRipped: sum((d) => d.episodes.notRipped),
    typedPrecision: {
      right: sum((d) => d.episodesTypeGiven.keptRight),
      of: sum((d) => d.episodesTypeGiven.keptTitles),
    },
    typedRecall: { right: sum((d) => d.episodesTypeGiven.kept), of: sum((d) => d.episodesTypeGiven.truth) },
    typedNotRipped: sum((d) => d.episodesTypeGiven.notRipped),
    mainWithRuntime: ratio(figures.map((d) => d.mainWithRuntime)),
    mainWithoutRuntime: ratio(figures.map((d) => d.mainWithoutRuntime)),
    bonusRecognised: ratio(figures.map((d) => d.bonusRecognised)),
    extrasTyped: { right: sum((d) => d.extras.typedRight), of: sum((d) => d.extras.typedTruth) },
    namedExtrasTyped: { right: sum((d) => d.namedExtras.typedRight), of: sum((d) => d.namedExtras.typedTruth) },
    hashRight: ratio(figures.map((d) => d.hashRight)),
  };
}

/** Share of a ratio (1 when there is nothing to count). */
export const share = (r: Ratio): number => (r.of === 0 ? 1 : r.right / r.of);

const cell = (r: Ratio) => (r.of === 0 ? 'n/a' : `${r.right}/${r.of} (${Math.round(share(r) * 100)} %)`);

export const ROWS: [string, (t: Totals) => string][] = [
  ['discs', (t) => String(t.discs)],
  ['TV vs movie right', (t) => cell(t.typeRight)],
  [
    '  TheDiscDB\u2019s kind strictly (a collection of specials left open counted wrong)',
    (t) => cell(t.typeRightStrict),
  ],
  ['  called the other kind (not unknown)', (t) => String(t.wrongKind)],
  ['series discs called movie', (t) => String(t.seriesCalledMovie)],
  ['episode precision (kept episode titles that are episodes)', (t) => cell(t.episodePrecision)],
  [
    '  kept as episodes, unassigned in TheDiscDB or several in one title (not counted)',
    (t) => String(t.keptUnassigned),
  ],
  ['  kept as episodes, works of a collection left open (not counted)', (t) => String(t.keptOpenWorks)],
  ['episode recall (episodes kept as episodes)', (t) => cell(t.episodeRecall)],
  ['real episodes marked don\u2019t-rip', (t) => String(t.episodesNotRipped)],
  ['episode precision, catalog type given (show or movie)', (t) => cell(t.typedPrecision)],
  ['episode recall, catalog type given', (t) => cell(t.typedRecall)],
  ['real episodes marked don\u2019t-rip, catalog type given', (t) => String(t.typedNotRipped)],
  ['main feature right, catalog runtime given', (t) => cell(t.mainWithRuntime)],
  ['main feature right, no catalog runtime', (t) => cell(t.mainWithoutRuntime)],
  ['bonus discs recognised', (t) => cell(t.bonusRecognised)],
  ['extras typed right, no TheDiscDB match (TheDiscDB names a type)', (t) => cell(t.extrasTyped)],
  ['extras in the right folder, TheDiscDB match (it names a type)', (t) => cell(t.namedExtrasTyped)],
  ['content hash from the transcript', (t) => cell(t.hashRight)],
];

export function tableOf(columns: [string, Totals][]): string {
  const header = `| on real discs | ${columns.map(([name]) => name).join(' | ')} |`;
  const rule = `|---|${columns.map(() => '---').join('|')}|`;
  return [header, rule, ...ROWS.map(([label, f]) => `| ${label} | ${columns.map(([, t]) => f(t)).join(' | ')} |`)].join(
    '\n',
  );
}

export function discLine(d: DiscFigures): string {
  const e = d.episodes;
  const mark = (v: boolean | null) => (v === null ? '-' : v ? 'ok' : 'NO');
  return [
    d.stem.slice(0, 58).padEnd(58),
    d.kind.padEnd(6),
    `said ${d.said.padEnd(7)}`,
    d.typeRight ? 'ok' : 'NO',
    `ep ${e.kept}/${e.truth} prec ${e.keptRight}/${e.keptTitles}${e.keptUnassigned ? `+${e.keptUnassigned}?` : ''} skip ${e.notRipped}`,
    `main ${mark(d.mainWithRuntime)}/${mark(d.mainWithoutRuntime)}`,
    `bonus ${mark(d.bonusRecognised)}`,
    `extras ${d.extras.typedRight}/${d.extras.typedTruth}`,
    `named ${d.namedExtras.typedRight}/${d.namedExtras.typedTruth}`,
    `hash ${mark(d.hashRight)}`,
    d.notes.join('; '),
  ].join('  ');
}
