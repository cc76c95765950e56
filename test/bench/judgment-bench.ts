/**
 * `npm run bench:judgment`: how Spindle's own judgment (no TheDiscDB match) does on real discs —
 * the issue-17 table for the 14-disc sample, the tuned-on corpus discs and the held-out corpus
 * discs, and one line per disc. Held-out discs are listed only with `--all` (so that the rules are
 * not tuned on them by looking).
 */
import { loadRealDiscs } from '../judgment/judgment-discs.ts';
import { measureDisc } from '../judgment/judgment-figures.ts';
import { discLine, tableOf, totalsOf } from '../judgment/judgment-table.ts';

const all = process.argv.includes('--all');
const discs = loadRealDiscs();
const figures = [];
for (const disc of discs) figures.push(await measureDisc(disc));
const sample = figures.filter((_, i) => discs[i]!.origin === 'sample');
const tuned = figures.filter((_, i) => discs[i]!.origin === 'corpus' && !discs[i]!.heldOut);
const held = figures.filter((_, i) => discs[i]!.heldOut);
console.log(
  tableOf([
    ['sample (14)', totalsOf(sample)],
    ['corpus, tuned on', totalsOf(tuned)],
    ['corpus, held out', totalsOf(held)],
    ['all', totalsOf(figures)],
  ]),
);
console.log('');
for (const d of figures) if (all || !d.heldOut) console.log(discLine(d));
if (!all) console.log(`(${held.length} held-out discs not listed; --all lists them)`);
