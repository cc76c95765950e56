/**
 * npm run bench:accuracy — the degradation corpus (test/corpus/degraded-corpus.ts: two seasons of
 * 8 episodes, condensed and shifted subtitles, recurring names and phrases, a long and a short
 * extra), each disc in two variants (clean speech; speech over a ~10 dB SNR music and noise bed),
 * matched with the real matcher and pocketsphinx and decided by the disc-wide pass. Prints per
 * variant: episodes auto-accepted and right, sent to review, wrongly auto-accepted, not matched,
 * what became of the extras, and the reliability table (predicted confidence vs observed).
 * `--json <file>` also writes every title's outcome and score components; `--seasons 1` and
 * `--variants clean` limit the run (recognition is the slow part: about 3 chunks a minute on a
 * loaded 2-core machine; transcripts are cached, so repeated runs are fast).
 */
import { writeFile } from 'node:fs/promises';
import { pocketsphinx } from '../corpus/corpus-matching.ts';
import { buildDegradedCorpus, VARIANTS } from '../corpus/degraded-corpus.ts';
import {
  CachedTranscriber,
  matchDisc,
  reliability,
  tallyOutcomes,
  type TitleOutcome,
} from '../corpus/degraded-matching.ts';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const jsonAt = process.argv.indexOf('--json');
const onlySeasons = arg('--seasons')?.split(',').map(Number);
const onlyVariants = arg('--variants')?.split(',');
const started = performance.now();
const corpus = await buildDegradedCorpus();
console.log(`corpus ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${corpus.seasons.length} seasons`);
const transcriber = new CachedTranscriber(await pocketsphinx());
const dump: Record<string, TitleOutcome[]> = {};
const rows: string[] = [];
for (const variant of VARIANTS.filter((v) => !onlyVariants || onlyVariants.includes(v))) {
  const all: TitleOutcome[] = [];
  for (const season of corpus.seasons.filter((x) => !onlySeasons || onlySeasons.includes(x.season))) {
    const t = performance.now();
    const outcomes = await matchDisc(season, variant, transcriber);
    dump[`${variant}/S${season.season}`] = outcomes;
    all.push(...outcomes);
    console.log(
      `${variant} S${season.season}: ${((performance.now() - t) / 1000).toFixed(1)} s (${transcriber.recognized} chunks recognized so far)`,
    );
    for (const o of outcomes) {
      const truth = o.truth.kind === 'episode' ? `E${o.truth.episode}` : o.truth.kind;
      const c = o.result?.candidates.map((x) => `E${x.episode}:${x.score}`).join(' ') ?? '';
      console.log(
        `  t${o.titleIndex}\t${truth}\t${o.state}\t${o.episode === null ? '—' : `E${o.episode}`} ${o.confidence ?? ''}\t[${c}]`,
      );
    }
  }
  const s = tallyOutcomes(all);
  const pct = (n: number) => `${((100 * n) / Math.max(1, s.episodes)).toFixed(0)} %`;
  rows.push(
    `| ${variant} | ${s.episodes} | ${s.autoRight} (${pct(s.autoRight)}) | ${s.review} (${s.reviewRightOnTop} right on top) | ${s.wrongAuto} | ${s.noMatch} | ${s.extras}: ${s.extrasAccepted} accepted, ${s.extrasReview} review |`,
  );
  console.log(`\nreliability (${variant}): bin\tn\tpredicted\tobserved`);
  for (const b of reliability(all))
    console.log(`  ${b.bin}\t${b.n}\t${b.predicted.toFixed(2)}\t${b.observed.toFixed(2)}`);
}
console.log('\n| variant | episodes | auto-accepted right | review | wrong auto-accepts | no match | extras |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
console.log(
  `\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s, ${transcriber.recognized} chunks recognized (the rest from the transcript cache)`,
);
if (jsonAt > 0 && process.argv[jsonAt + 1]) await writeFile(process.argv[jsonAt + 1]!, JSON.stringify(dump, null, 1));
