import { describe, expect, it } from 'vitest';
import { extraMatchResult, roundScore } from '../src/index.ts';

describe('extraMatchResult', () => {
  it('is an extra as sure as the episode evidence is weak, saying why first', () => {
    const result = extraMatchResult({ evidence: 0.3337, source: 'local_asr', detail: 'called an extra' });
    expect(result).toStrictEqual({
      kind: 'extra',
      season: null,
      episode: null,
      episodeEnd: null,
      edition: null,
      confidence: 0.666,
      source: 'local_asr',
      components: [{ name: 'identified_as_extra', value: 1, weight: 1, detail: 'called an extra' }],
      candidates: [],
    });
  });

  it('carries the kind of extra when given (null included) and appends further components', () => {
    const evidence = { name: 'episode_evidence', value: 0.2, weight: 0, detail: 'weak' };
    const result = extraMatchResult({
      evidence: 0.2,
      source: 'disc_layout',
      detail: 'why',
      extraType: null,
      moreComponents: [evidence],
    });
    expect(result).toHaveProperty('extraType', null);
    expect(result.confidence).toBe(0.8);
    expect(result.components.map((c) => c.name)).toEqual(['identified_as_extra', 'episode_evidence']);
    expect(extraMatchResult({ evidence: 0, source: 's', detail: 'd', extraType: 'trailer' }).extraType).toBe('trailer');
  });

  it('rounds scores to three decimals', () => {
    expect(roundScore(0.12349)).toBe(0.123);
    expect(roundScore(0.9996)).toBe(1);
  });
});
