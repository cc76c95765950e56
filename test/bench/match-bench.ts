/**
 * npm run bench:match —
 *   1. scoring time per 30-second chunk against a 24-episode season (target ≤ 1 ms);
 *   2. end-to-end matching of the generated corpus (8 episodes, a Play All, an extra) with
 *      pocketsphinx, two titles at a time on this machine: wall time, audio heard, accuracy.
 */
import { readdir } from 'node:fs/promises';
import { TfidfIndex } from '../../plugins/matcher-asr-subtitles/src/tfidf-index.ts';
import { voteOf } from '../../plugins/matcher-asr-subtitles/src/confidence.ts';
import { injectWordErrors, syntheticSeason } from '../../plugins/matcher-asr-subtitles/test/season-fixture.ts';
import { matchCorpus, pocketsphinx, resultTable } from '../corpus/corpus-matching.ts';
import { buildSeasonCorpus } from '../corpus/season-corpus.ts';

const season = syntheticSeason(24);
let t = performance.now();
const index = new TfidfIndex(season, 90);
const buildMs = performance.now() - t;
const vocabulary = [...new Set(season.flatMap((r) => r.text.toLowerCase().match(/[a-z]+/g) ?? []))];
const chunks = season.flatMap((ref, i) =>
  [60, 150, 240].map((o, k) =>
    injectWordErrors(
      ref.cues
        .filter((c) => c.end > o && c.start < o + 30)
        .map((c) => c.text)
        .join(' '),
      0.4,
      i * 10 + k,
      vocabulary,
    ),
  ),
);
for (const c of chunks) index.score(c); // warm up
const rounds = 20;
t = performance.now();
for (let r = 0; r < rounds; r++)
  for (const c of chunks) voteOf({ offset: 0, words: 80, scores: index.score(c) }, 0.25, 0.05);
const perChunk = (performance.now() - t) / (rounds * chunks.length);
console.log(
  `scoring: 24-episode season indexed in ${buildMs.toFixed(1)} ms; ${(perChunk * 1000).toFixed(0)} µs per chunk (${perChunk.toFixed(3)} ms; target ≤ 1 ms), ${chunks.length * rounds} chunks`,
);

const corpus = await buildSeasonCorpus({ episodes: 8 });
const transcriber = await pocketsphinx();
// Cold run: remove the cached language model effect by using a fresh transcriber; transcripts are not cached across processes.
t = performance.now();
const results = await matchCorpus(corpus, transcriber, 2);
const wall = (performance.now() - t) / 1000;
const episodes = corpus.titles.filter((x) => x.truth.kind === 'episode');
const correct = episodes.filter(
  (x) => results.get(x.titleIndex)?.episode === (x.truth as { episode: number }).episode,
).length;
console.log(
  `end to end (pocketsphinx, 2 titles at a time): ${corpus.titles.length} titles in ${wall.toFixed(1)} s; ${correct}/${episodes.length} episodes correct; disc files: ${(await readdir(corpus.discDir)).length}`,
);
console.log(resultTable(corpus, results));
