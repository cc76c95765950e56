/**
 * Matching accuracy on the generated corpus, with real speech recognition (pocketsphinx) and the
 * real matcher: every episode of a shuffled disc is matched correctly or sent to review — never
 * auto-accepted wrongly — and neither the Play All title nor the extra is matched as an episode.
 */
import type { MatchResult } from '@spindle/plugin-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCORE_COMPONENT_NAMES } from '../plugins/matcher-asr-subtitles/test/scoring-fixture.ts';
import { matchCorpus, pocketsphinx, resultTable } from './corpus/corpus-matching.ts';
import { buildSeasonCorpus, type SeasonCorpus } from './corpus/season-corpus.ts';

const AUTO_ACCEPT = 0.7;

let corpus: SeasonCorpus;
let results = new Map<number, MatchResult | null>();

beforeAll(async () => {
  corpus = await buildSeasonCorpus({ episodes: 8 });
  results = await matchCorpus(corpus, await pocketsphinx());
  console.log(`matching accuracy (pocketsphinx):\ntitle\ttruth\tresult\n${resultTable(corpus, results)}`);
}, 300_000);

describe('matching accuracy on the generated season (pocketsphinx)', () => {
  it('gets ≥ 95 % of episodes right and sends every wrong one to review', () => {
    const episodes = corpus.titles.filter((t) => t.truth.kind === 'episode');
    let correct = 0;
    for (const t of episodes) {
      const r = results.get(t.titleIndex);
      const truth = (t.truth as { episode: number }).episode;
      if (r?.episode === truth) correct++;
      else
        expect(
          r === null || r === undefined || r.confidence < AUTO_ACCEPT,
          `title ${t.titleIndex} wrongly auto-accepted as E${r?.episode}`,
        ).toBe(true);
    }
    expect(correct / episodes.length).toBeGreaterThanOrEqual(0.95);
  });

  it('explains each match with named score components', () => {
    const r = [...results.values()].find((x) => x !== null)!;
    expect(r.components.map((c) => c.name)).toEqual(SCORE_COMPONENT_NAMES);
    expect(r.candidates.length).toBeGreaterThan(1);
    expect(r.source).toBe('local_asr');
  });

  it('does not match the Play All title or the extra as an episode', () => {
    for (const t of corpus.titles.filter((x) => x.truth.kind !== 'episode')) {
      const r = results.get(t.titleIndex);
      expect(
        r === null || r === undefined || r.confidence < AUTO_ACCEPT,
        `${t.truth.kind} matched as E${r?.episode} (${r?.confidence})`,
      ).toBe(true);
    }
  });
});
