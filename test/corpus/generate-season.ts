/** `npx tsx test/corpus/generate-season.ts [episodes]` — builds (or finds) the corpus and prints where. */
import { buildSeasonCorpus } from './season-corpus.ts';

const corpus = await buildSeasonCorpus({ episodes: Number(process.argv[2] ?? 8) });
console.log(
  JSON.stringify(
    {
      discDir: corpus.discDir,
      srtDir: corpus.srtDir,
      titles: corpus.titles.map((t) => ({ index: t.titleIndex, truth: t.truth })),
    },
    null,
    2,
  ),
);
