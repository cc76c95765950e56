/**
 * npm run bench:identify — identification figures, in-process:
 *   1. the duration heuristic classifying a 40-title layout (a box-set disc: 30 episodes of varied
 *      length, two Play Alls, extras and menu clips), per call;
 *   2. scoring 1 000 catalog candidates (the right one among 999 generated look-alikes) against a
 *      cleaned label (name similarity over three queries, popularity, year, runtime, kind), per run;
 *   3. the catalog identifier with the real TMDB provider against a local TMDB stand-in: a cold
 *      lookup (HTTP) and a warm one (answers from the provider's cache).
 */
import type { DiscScan, ScannedTitle } from '@spindle/plugin-sdk';
import {
  createFakeContext,
  createFakeSetup,
  createStage,
  sampleJob,
  sampleUnknownJob,
} from '@spindle/plugin-sdk/testing';
import { HeuristicIdentifier } from '../../plugins/identifier-heuristic/src/heuristic-identifier.ts';
import { scoreCandidates, type Candidate } from '../../plugins/identifier-catalog/src/candidate-scoring.ts';
import catalogIdentifier from '../../plugins/identifier-catalog/src/index.ts';
import tmdbPlugin from '../../plugins/provider-tmdb/src/index.ts';
import { SAMPLE_TOKEN, startTmdbServer } from '../../plugins/provider-tmdb/test/support/tmdb-server.ts';

const CLASSIFY_RUNS = Number(process.env.BENCH_CLASSIFY_RUNS ?? 2000);
const SCORE_RUNS = Number(process.env.BENCH_SCORE_RUNS ?? 200);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function report(label: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((s, x) => s + x, 0) / samples.length;
  console.log(
    `${label}: ${samples.length} runs; mean ${mean.toFixed(3)} ms, p50 ${percentile(sorted, 50).toFixed(3)} ms, p99 ${percentile(sorted, 99).toFixed(3)} ms`,
  );
}

/** A pseudo-random generator with a fixed seed, so every run measures the same input. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

function fortyTitleLayout(): DiscScan {
  const random = seeded(40);
  const titles: ScannedTitle[] = [];
  const add = (seconds: number) =>
    titles.push({
      index: titles.length,
      durationSeconds: seconds,
      sizeBytes: Math.round(seconds * 3_000_000),
      resolution: '480p',
    });
  const episodes = Array.from({ length: 30 }, () => 21 * 60 + random() * 150);
  episodes.forEach(add);
  add(episodes.slice(0, 15).reduce((s, x) => s + x, 0) + 4); // Play All of the first half
  add(episodes.slice(15).reduce((s, x) => s + x, 0) + 4); // and of the second
  for (const minutes of [12, 8.5, 31, 4]) add(minutes * 60); // extras
  for (const seconds of [12, 7, 45, 20]) add(seconds); // logos, warnings, menus
  return { volumeLabel: 'CARTOON_BOX_SEASON_2_DISC_1', discType: 'dvd', contentHash: null, titles };
}

function candidates(count: number): Candidate[] {
  const random = seeded(1000);
  const words = [
    'star',
    'trek',
    'deep',
    'space',
    'nine',
    'night',
    'show',
    'name',
    'the',
    'of',
    'return',
    'galaxy',
    'voyager',
    'next',
    'generation',
    'lost',
    'office',
    'wire',
    'dune',
    'river',
  ];
  return Array.from({ length: count }, (_, i) => ({
    kind: random() < 0.5 ? 'tv' : 'movie',
    id: i + 1,
    name: Array.from({ length: 1 + Math.floor(random() * 5) }, () => words[Math.floor(random() * words.length)]).join(
      ' ',
    ),
    originalName: null,
    year: 1960 + Math.floor(random() * 65),
    popularity: random() * 200,
    runtimeFit: random() < 0.3 ? random() : null,
  }));
}

async function main(): Promise<void> {
  // 1. classify a 40-title layout
  const scan = fortyTitleLayout();
  const ctx = await createFakeContext();
  const heuristic = new HeuristicIdentifier();
  const input = { job: sampleJob({ volumeLabel: scan.volumeLabel }), scan, previous: [] };
  const first = (await heuristic.identify(input, ctx))!;
  const classify: number[] = [];
  for (let i = 0; i < CLASSIFY_RUNS; i++) {
    const t0 = performance.now();
    await heuristic.identify(input, ctx);
    classify.push(performance.now() - t0);
  }
  await ctx.dispose();
  const playAll = first.titleHints.filter((h) => h.role === 'play_all').length;
  const episodes = first.titleHints.filter((h) => h.role === 'episode_candidate').length;
  console.log(
    `heuristic on a ${scan.titles.length}-title layout → ${first.contentType} (${Math.round(first.confidence * 100)}%), ${episodes} episodes, ${playAll} Play All, season ${first.season}, disc ${first.discNumber}`,
  );
  report(`  classify ${scan.titles.length} titles`, classify);

  // 2. score 1 000 catalog candidates
  const pool = candidates(1000);
  pool[617] = {
    kind: 'tv',
    id: 580,
    name: 'Star Trek: Deep Space Nine',
    originalName: null,
    year: 1993,
    popularity: 60,
    runtimeFit: 1,
  }; // the right one, among 999 look-alikes
  const context = {
    queries: ['Star Trek DS9', 'Star Trek: Deep Space Nine', 'Deep Space Nine'],
    year: 1995,
    typeHint: 'tv' as const,
  };
  const best = scoreCandidates(pool, context)[0]!;
  const scoring: number[] = [];
  for (let i = 0; i < SCORE_RUNS; i++) {
    const t0 = performance.now();
    scoreCandidates(pool, context);
    scoring.push(performance.now() - t0);
  }
  console.log(
    `scoring ${pool.length} candidates against ${context.queries.length} queries → best "${best.candidate.name}" (${Math.round(best.confidence * 100)}%)`,
  );
  report(`  score ${pool.length} candidates`, scoring);

  // 3. the catalog identifier with the TMDB provider, cold and cached
  const tmdb = await startTmdbServer({
    shows: [
      {
        id: 580,
        name: 'Star Trek: Deep Space Nine',
        first_air_date: '1993-01-03',
        popularity: 60,
        seasons: { 3: Array(26).fill(45) },
      },
    ],
    movies: [{ id: 1, title: 'Star Trek: First Contact', release_date: '1996-11-22', popularity: 30, runtime: 111 }],
  });
  const setup = await createFakeSetup({
    settings: { base_url: tmdb.url },
    appSettings: { catalog_api_key: SAMPLE_TOKEN },
  });
  try {
    const catalog = await tmdbPlugin.definition.providers!.catalog!.tmdb!(setup);
    const identifier = await createStage(catalogIdentifier, 'identifier', 'catalog');
    const disc: DiscScan = {
      volumeLabel: 'STAR_TREK_DS9_S3_D2',
      discType: 'dvd',
      contentHash: null,
      titles: [45, 44.6, 45.3, 45.1].map((m, index) => ({
        index,
        durationSeconds: m * 60,
        sizeBytes: 1,
        resolution: '480p',
      })),
    };
    const job = sampleUnknownJob(disc.volumeLabel);
    const timeOnce = async () => {
      const c = await createFakeContext({ providers: { catalog } });
      const t0 = performance.now();
      const answer = await identifier.identify({ job, scan: disc, previous: [] }, c);
      const ms = performance.now() - t0;
      await c.dispose();
      return { ms, answer };
    };
    const cold = await timeOnce();
    const warm: number[] = [];
    for (let i = 0; i < 50; i++) warm.push((await timeOnce()).ms);
    console.log(
      `catalog identifier on "${disc.volumeLabel}" → ${cold.answer?.catalogTitle} (${cold.answer?.catalogId}, ${Math.round((cold.answer?.confidence ?? 0) * 100)}%); ${tmdb.requests.length} TMDB requests in all`,
    );
    console.log(`  cold (HTTP to the local TMDB): ${cold.ms.toFixed(2)} ms`);
    report('  warm (answers from the cache)', warm);
  } finally {
    await setup.dispose();
    await tmdb.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
