import type { IdentifyCandidate, MatchInput } from '@spindle/plugin-sdk';
import {
  createFakeContext,
  createStage,
  MemoryFingerprintNetwork,
  sampleEpisodeMatch,
  sampleMatchInputs,
} from '@spindle/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import plugin from '../src/index.ts';
import { confidenceOfScore } from '../src/network-matcher.ts';
import { FakeFingerprinter } from './fake-fingerprinter.ts';

const candidate = (episode: number, score: number, catalog_id = 1399): IdentifyCandidate => ({
  catalog_id,
  season: 1,
  episode,
  score,
  offset_items: -12,
});

function input(previous: MatchInput['previous'] = []): MatchInput {
  const base = sampleMatchInputs()[0]!;
  return { ...base, job: { ...base.job, catalogId: 1399 }, title: { ...base.title, durationSeconds: 1320 }, previous };
}

async function match(
  answer: IdentifyCandidate[] | null,
  data: MatchInput,
  appSettings = { enable_fingerprint_identification: true },
) {
  const network = new MemoryFingerprintNetwork(() => answer);
  const matcher = await createStage(plugin, 'matcher', 'fingerprint-network');
  const ctx = await createFakeContext({
    fingerprintNetwork: network,
    providers: { fingerprinter: new FakeFingerprinter() },
    appSettings,
  });
  try {
    return { result: await matcher.match(data, ctx), network };
  } finally {
    await ctx.dispose();
  }
}

describe('fingerprint-network matcher', () => {
  it('asks nothing unless identification is enabled', async () => {
    const { result, network } = await match([candidate(2, 0.95)], input(), {
      enable_fingerprint_identification: false,
    });
    expect(result).toBeNull();
    expect(network.identifyQueries).toHaveLength(0);
  });

  it('sends only the compressed fingerprint and corroborates a speech match of the same episode', async () => {
    const asr = sampleEpisodeMatch(1, 2, { confidence: 0.75 });
    const { result, network } = await match([candidate(2, 0.95), candidate(5, 0.72)], input([asr]));
    expect(network.identifyQueries).toHaveLength(1);
    expect(network.identifyQueries[0]).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(result).toMatchObject({ kind: 'episode', season: 1, episode: 2, source: 'local_fingerprint_corroboration' });
    expect(result!.confidence).toBeGreaterThan(0.95);
    expect(result!.components.map((c) => c.name)).toEqual(['network_fingerprint', 'asr_agrees']);
    expect(result!.candidates.map((c) => c.episode)).toEqual([2, 5]);
  });

  it('keeps a network-only answer below certainty and sends a contradiction to review', async () => {
    const alone = (await match([candidate(2, 0.96)], input())).result!;
    expect(alone.source).toBe('network_fingerprint');
    expect(alone.confidence).toBeLessThanOrEqual(0.9);
    const contradicted = (await match([candidate(2, 0.96)], input([sampleEpisodeMatch(1, 3, { confidence: 0.8 })])))
      .result!;
    expect(contradicted.confidence).toBeLessThanOrEqual(0.5);
    expect(contradicted.components.map((c) => c.name)).toContain('asr_disagrees');
  });

  it('ignores candidates of other shows and answers null when nothing is left', async () => {
    expect((await match([candidate(2, 0.97, 555)], input())).result).toBeNull();
    expect((await match([], input())).result).toBeNull();
    expect((await match(null, input())).result).toBeNull();
  });

  it('answers null (and does not fail the job) when the network cannot be reached', async () => {
    const network = new MemoryFingerprintNetwork(() => {
      throw new Error('cannot reach the fingerprint network: ECONNREFUSED');
    });
    const matcher = await createStage(plugin, 'matcher', 'fingerprint-network');
    const ctx = await createFakeContext({
      fingerprintNetwork: network,
      providers: { fingerprinter: new FakeFingerprinter() },
      appSettings: { enable_fingerprint_identification: true },
    });
    expect(await matcher.match(input(), ctx)).toBeNull();
    expect(ctx.logger.messages('warn')[0]).toContain('ECONNREFUSED');
    await ctx.dispose();
  });

  it('maps network scores to confidences', () => {
    expect(confidenceOfScore(0.7)).toBeCloseTo(0.5);
    expect(confidenceOfScore(0.95)).toBeCloseTo(0.9);
    expect(confidenceOfScore(0.99)).toBe(0.9);
    expect(confidenceOfScore(0.5)).toBeLessThan(0.3);
  });
});
