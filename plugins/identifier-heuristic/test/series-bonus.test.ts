/**
 * A series' bonus disc (documentaries and featurettes of many lengths, two or three of them about alike) reads
 * as TV by its lengths, but none of its titles is an episode: every title is ripped as an extra and the disc
 * goes to review as a bonus disc. Episode discs (alike episodes, uneven dramas, two episodes beside short
 * extras) are not touched by the rule.
 */
import { describe, expect, it } from 'vitest';
import type { DiscScan } from '@spindle/plugin-sdk';
import { createFakeContext, sampleJob } from '@spindle/plugin-sdk/testing';
import { HeuristicIdentifier } from '../src/heuristic-identifier.ts';

function scanOf(minutes: number[]): DiscScan {
  return {
    volumeLabel: 'SHOW_D5',
    discType: 'bluray',
    contentHash: null,
    titles: minutes.map((m, index) => ({
      index,
      durationSeconds: Math.round(m * 60),
      sizeBytes: Math.round(m * 60 * 4e6),
      resolution: '1080p',
      sourceFile: `${String(index).padStart(5, '0')}.mpls`,
      segmentMap: String(index),
    })),
  };
}

async function identify(minutes: number[]) {
  const ctx = await createFakeContext();
  try {
    return (await new HeuristicIdentifier().identify(
      { job: sampleJob({ volumeLabel: 'SHOW_D5' }), scan: scanOf(minutes), previous: [] },
      ctx,
    ))!;
  } finally {
    await ctx.dispose();
  }
}

describe('a series bonus disc of extras of many lengths', () => {
  it('keeps no title as an episode, rips every title as an extra and says it is a bonus disc', async () => {
    // Two ~22-minute featurettes alike, beside documentaries of 27, 31, 40 and 46 minutes and a short clip.
    const id = await identify([22, 22.2, 27, 31, 40, 46, 3]);
    expect(id.contentType).toBe('tv');
    expect(id.titleHints.filter((h) => h.role === 'episode_candidate')).toEqual([]);
    expect(id.titleHints.every((h) => h.role === 'extra' && h.rip)).toBe(true);
    expect(id.reviewReason).toMatch(/bonus disc of a series/);
    expect(id.confidence).toBeLessThan(0.5);
  });

  it.each([
    ['alike episodes with one featurette', [44, 45, 43, 44.5, 31]],
    ['an uneven drama (47–56 min)', [47, 56, 51, 49, 53]],
    ['two episodes beside short extras', [50, 50, 11, 2.2, 2.1]],
    ['three episodes and a longer finale', [43, 44, 42, 64]],
  ])('leaves the episodes of %s as episodes', async (_name, minutes) => {
    const id = await identify(minutes);
    expect(id.reviewReason ?? '').not.toMatch(/bonus disc/);
    expect(id.titleHints.filter((h) => h.role === 'episode_candidate').length).toBeGreaterThanOrEqual(2);
  });
});
