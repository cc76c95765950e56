/**
 * `npx tsx test/corpus/fit-calibration.ts` — fits the matcher's calibration (calibration.ts) on the
 * degradation corpus. Every title of every disc and variant is heard in full (transcripts come from
 * the bench's cache where it has them); then, for each title, every subset of its heard chunks is
 * scored as the matcher would (against the season's references, and — as negatives — against the
 * references without the title's own episode, the way an episode missing from the subtitles or an
 * unrelated title looks), labelled by whether the winner is the right episode. A logistic
 * regression is fitted on half of the titles (odd title numbers) and its reliability checked on
 * the other half, held apart. `--seasons 1,2` picks the discs (default: season 1).
 * Prints the constants and the reliability table (docs/matching-calibration.md keeps them).
 */
import type { ReferenceSubtitle } from '@spindle/plugin-sdk';
import { fileURLToPath } from 'node:url';
import { featureVector, sigmoid, type Coefficients } from '../../plugins/matcher-asr-subtitles/src/calibration.ts';
import { decide } from '../../plugins/matcher-asr-subtitles/src/confidence.ts';
import { alignChunks, type HeardChunk } from '../../plugins/matcher-asr-subtitles/src/cue-alignment.ts';
import type { AsrMatcherSettings } from '../../plugins/matcher-asr-subtitles/src/settings.ts';
import { TfidfIndex } from '../../plugins/matcher-asr-subtitles/src/tfidf-index.ts';
import { pluginSettings } from '../support/plugin-defaults.ts';
import { loadReferences, pocketsphinx } from './corpus-matching.ts';
import { buildDegradedCorpus, VARIANTS } from './degraded-corpus.ts';
import { CachedTranscriber, matchDisc } from './degraded-matching.ts';

const settings = pluginSettings(
  fileURLToPath(new URL('../../plugins/matcher-asr-subtitles/package.json', import.meta.url)),
) as unknown as AsrMatcherSettings;

interface Sample {
  x: number[];
  y: number;
  season: number;
  /** Which half of the titles the sample belongs to (fitted: 1, held apart: 0). */
  half: number;
  /** Runtime agreement of the winner with the catalog runtime (measured, not fitted: see main). */
  runtime: number;
}

/** Scored as the matcher scores them: index windows, then cue-time alignment when the chunks agree on a shift. */
function evidence(
  heard: HeardChunk[],
  references: readonly ReferenceSubtitle[],
  index: TfidfIndex,
  seconds: number,
): { x: number[]; winner: number; runtime: number } | null {
  const { chunks, alignment } = alignChunks(index, heard, settings.chunk_seconds);
  const d = decide({
    chunks,
    alignment,
    planned: chunks.length,
    references,
    titleDurationSeconds: seconds,
    discPosition: { index: 0, count: 1 },
    weights: { runtime_agreement: 0, disc_order_prior: 0 },
    voteMargin: settings.vote_margin,
    minSimilarity: settings.min_similarity,
  });
  if (!d) return null;
  const value = (name: string) => d.components.find((c) => c.name === name)!.value;
  return {
    x: featureVector({
      similarity: value('similarity'),
      separation: value('separation'),
      consensus: value('vote_consensus'),
      votes: d.votes.get(d.reference) ?? 0,
    }),
    winner: d.reference,
    runtime: value('runtime_agreement'),
  };
}

function subsets<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let mask = 1; mask < 1 << items.length; mask++) out.push(items.filter((_, i) => mask & (1 << i)));
  return out;
}

export async function collectSamples(seasons: number[]): Promise<Sample[]> {
  const corpus = await buildDegradedCorpus();
  const transcriber = new CachedTranscriber(await pocketsphinx());
  const samples: Sample[] = [];
  for (const season of corpus.seasons.filter((x) => seasons.includes(x.season))) {
    // The catalog's runtimes: each episode's length in whole minutes, as a catalog lists it.
    const references = (await loadReferences(season.srtDir, season.season)).map((r) => {
      const title = season.titles.find((t) => t.truth.kind === 'episode' && t.truth.episode === r.episode);
      return { ...r, runtimeMinutes: title ? Math.max(1, Math.round(title.seconds / 60)) : null };
    });
    for (const variant of VARIANTS) {
      const outcomes = await matchDisc(season, variant, transcriber, { listenFor: 2 });
      console.error(`${variant} S${season.season}: heard (${transcriber.recognized} recognized so far)`);
      for (const o of outcomes) {
        const truth =
          o.truth.kind === 'episode'
            ? references.findIndex((r) => r.episode === (o.truth as { episode: number }).episode)
            : -1;
        const sets: { refs: ReferenceSubtitle[]; truth: number }[] = [{ refs: references, truth }];
        if (truth >= 0) sets.push({ refs: references.filter((_, i) => i !== truth), truth: -1 });
        for (const set of sets) {
          const index = new TfidfIndex(set.refs, settings.window_seconds);
          const chunks: HeardChunk[] = o.heard.map((h) => {
            const words = h.text.split(/\s+/).filter(Boolean).length;
            return {
              offset: h.offset,
              words,
              text: h.text,
              scores: words >= settings.min_transcript_words ? index.score(h.text) : [],
            };
          });
          for (const subset of subsets(chunks.slice(0, 8))) {
            const e = evidence(
              subset,
              set.refs,
              index,
              season.titles.find((t) => t.titleIndex === o.titleIndex)!.seconds,
            );
            if (e)
              samples.push({
                x: e.x,
                y: e.winner === set.truth ? 1 : 0,
                season: season.season,
                half: o.titleIndex % 2,
                runtime: e.runtime,
              });
          }
        }
      }
    }
  }
  return samples;
}

export function fitLogistic(samples: readonly Sample[], l2 = 0.01, iterations = 4000, rate = 0.5): number[] {
  const dims = samples[0]!.x.length;
  const w = new Array<number>(dims + 1).fill(0);
  for (let it = 0; it < iterations; it++) {
    const grad = new Array<number>(dims + 1).fill(0);
    for (const s of samples) {
      const p = sigmoid(w[0]! + s.x.reduce((z, x, i) => z + x * w[i + 1]!, 0));
      grad[0]! += p - s.y;
      s.x.forEach((x, i) => (grad[i + 1]! += (p - s.y) * x));
    }
    for (let i = 0; i <= dims; i++) w[i]! -= rate * (grad[i]! / samples.length + (i > 0 ? l2 * w[i]! : 0));
  }
  return w;
}

export function reliabilityTable(samples: readonly Sample[], w: readonly number[]): string {
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }));
  for (const s of samples) {
    const p = sigmoid(w[0]! + s.x.reduce((z, x, i) => z + x * w[i + 1]!, 0));
    const b = bins[Math.min(9, Math.floor(p * 10))]!;
    b.n++;
    b.p += p;
    b.y += s.y;
  }
  return [
    '| predicted | samples | mean predicted | observed right |',
    '|---|---|---|---|',
    ...bins.flatMap((b, i) =>
      b.n
        ? [
            `| ${(i / 10).toFixed(1)}–${((i + 1) / 10).toFixed(1)} | ${b.n} | ${(b.p / b.n).toFixed(3)} | ${(b.y / b.n).toFixed(3)} |`,
          ]
        : [],
    ),
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = process.argv.indexOf('--seasons');
  const samples = await collectSamples(at > 0 ? process.argv[at + 1]!.split(',').map(Number) : [1]);
  const train = samples.filter((s) => s.half === 1);
  const held = samples.filter((s) => s.half === 0);
  const w = fitLogistic(train);
  const c: Coefficients = { intercept: w[0]!, similarity: w[1]!, separation: w[2]!, consensus: w[3]!, votes: w[4]! };
  console.log(
    `samples: ${train.length} fitted (odd titles; ${train.filter((s) => s.y).length} right), ${held.length} held apart (even titles; ${held.filter((s) => s.y).length} right)`,
  );
  console.log(
    `constants: ${JSON.stringify(Object.fromEntries(Object.entries(c).map(([k, v]) => [k, Math.round(v * 1000) / 1000])))}`,
  );
  console.log(`\nreliability on the held-apart titles:\n${reliabilityTable(held, w)}`);
  console.log(`\nreliability on the fitted titles:\n${reliabilityTable(train, w)}`);
  // Runtime agreement (catalog runtime vs title length) is measured here but not fitted: it is
  // worth a coefficient only if it tells right winners from wrong ones on the corpus.
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const rt = (y: number) => samples.filter((s) => s.y === y).map((s) => s.runtime);
  console.log(
    `\nruntime agreement of the winner: right ${mean(rt(1)).toFixed(3)} (n ${rt(1).length}), wrong ${mean(rt(0)).toFixed(3)} (n ${rt(0).length})`,
  );
  const withRuntime = fitLogistic(train.map((s) => ({ ...s, x: [...s.x, s.runtime] })));
  console.log(
    `fitted with it as a fifth feature: runtime coefficient ${withRuntime[5]!.toFixed(3)}, intercept ${withRuntime[0]!.toFixed(3)}`,
  );
}
