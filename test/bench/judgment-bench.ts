/**
 * `npm run bench:judgment`: how Spindle's own judgment (no TheDiscDB match) does on real discs —
 * the issue-17 table for the 14-disc sample, the tuning discs of the corpus (`tune` and the seeded
 * re-split `tune-seed<N>`, see test/fixtures/real-discs/README.md) and the held-out discs, each
 * in its own column, then one line per tuning disc. Held-out discs are only totalled, never listed:
 * rules are written against the tuning discs and checked on the held-out totals. Each later fresh
 * held-out draw (`holdout-seed<N>`: discs not in the corpus before, see the README) has its own column,
 * totals only; "corpus, all" is the 102 discs the gates were set on (tune + holdout), without them.
 * `--mistakes`: list only tuning discs with something wrong. `--lookalikes`: instead of the table, each disc of the
 * corpus whose kind is wrong beside the nearest disc of the other kind that is right, by label and lengths
 * (judgment-lookalikes.ts).
 */
import { loadRealDiscs } from '../judgment/judgment-discs.ts';
import { measureDisc, type DiscFigures } from '../judgment/judgment-figures.ts';
import { discLine, tableOf, totalsOf, type Totals } from '../judgment/judgment-table.ts';
import { describeVisible, lookalikes } from '../judgment/judgment-lookalikes.ts';

const mistakesOnly = process.argv.includes('--mistakes');
const discs = loadRealDiscs();
const figures: DiscFigures[] = [];
for (const disc of discs) figures.push(await measureDisc(disc));
if (process.argv.includes('--lookalikes')) {
  const corpus = discs.flatMap((d, i) => (d.set === 'sample' ? [] : [[d, figures[i]!.typeRight] as const]));
  const pairs = lookalikes(
    corpus.map(([d]) => d),
    corpus.map(([, right]) => right),
  );
  for (const { miss, twin, distance } of pairs) {
    console.log(`wrong: ${describeVisible(miss)}`);
    console.log(`right: ${twin ? describeVisible(twin) : 'none'} (distance ${distance.toFixed(2)})\n`);
  }
  console.log(`${pairs.length} of ${corpus.length} corpus discs with the kind wrong`);
  process.exit(0);
}
const inSet = (test: (set: string) => boolean) => figures.filter((_, i) => test(discs[i]!.set));
const tuneSets = [...new Set(discs.map((d) => d.set).filter((s) => s.startsWith('tune')))].sort();
const tune = inSet((s) => s.startsWith('tune'));
const held = inSet((s) => s === 'holdout');
const freshSets = [...new Set(discs.map((d) => d.set).filter((s) => s.startsWith('holdout-')))].sort();
console.log(
  tableOf([
    ['sample (14)', totalsOf(inSet((s) => s === 'sample'))],
    ...tuneSets.map((set) => [`corpus ${set}`, totalsOf(inSet((s) => s === set))] as [string, Totals]),
    ['corpus, all tune', totalsOf(tune)],
    ['corpus, holdout', totalsOf(held)],
    ['corpus, all', totalsOf([...tune, ...held])],
    ...freshSets.map((set) => [`corpus ${set}`, totalsOf(inSet((s) => s === set))] as [string, Totals]),
  ]),
);
console.log('');
const wrong = (d: DiscFigures) =>
  !d.typeRight ||
  d.notes.length > 0 ||
  d.episodes.keptRight < d.episodes.keptTitles ||
  d.episodes.kept < d.episodes.truth ||
  d.bonusRecognised === false ||
  d.mainWithRuntime === false ||
  d.extras.typedRight < d.extras.typedTruth ||
  d.namedExtras.typedRight < d.namedExtras.typedTruth;
for (const d of tune) if (!mistakesOnly || wrong(d)) console.log(discLine(d));
const fresh = inSet((s) => s.startsWith('holdout-')).length;
console.log(`(${held.length} held-out discs${fresh ? ` and ${fresh} of later fresh draws` : ''}: totals only)`);
