/**
 * The duration heuristic against the truth of TheDiscDB's real sample discs
 * (../shared/thediscdb-sample): it may say "unknown", but never the wrong kind of disc; it never
 * skips a title TheDiscDB calls an episode or the main movie; it marks the main movie of every
 * movie disc with a feature-length title, and the episodes of every TV disc.
 */
import { describe, expect, it } from 'vitest';
import type { DiscScan } from '@spindle/plugin-sdk';
import { createFakeContext, sampleJob } from '@spindle/plugin-sdk/testing';
import { HeuristicIdentifier } from '../plugins/identifier-heuristic/src/heuristic-identifier.ts';
import { COLLECTION_OR_EPISODES } from '../plugins/identifier-heuristic/src/collection-disc.ts';
import {
  durationSeconds,
  SAMPLE_AVAILABLE,
  type SampleDisc,
  sampleDiscs,
  sampleTitles,
} from './support/sample-discs.ts';

const discs = sampleDiscs();
const COLLECTION_OPEN = new RegExp(`^${COLLECTION_OR_EPISODES}`);

/** Discs whose layout alone says what they are (the Peanuts specials are 25-minute "movies": unknown is fair). */
const CLEAR = ['24_', '30_Rock', 'Aaahh', "'Round", '2001_', '27_Dresses', 'A_Christmas_Carol', "A_Hard_Day's"];

async function classify(disc: SampleDisc) {
  const scan: DiscScan = {
    volumeLabel: disc.volumeLabel,
    discType: disc.record.Format.toUpperCase() === 'DVD' ? 'dvd' : 'bluray',
    contentHash: null,
    titles: sampleTitles(disc).map((t, i) => ({ ...t, sourceFile: disc.record.Titles[i]!.SourceFile ?? '' })),
  };
  const ctx = await createFakeContext();
  try {
    return (await new HeuristicIdentifier().identify(
      { job: sampleJob({ volumeLabel: disc.volumeLabel }), scan, previous: [] },
      ctx,
    ))!;
  } finally {
    await ctx.dispose();
  }
}

describe.skipIf(!SAMPLE_AVAILABLE)('duration heuristic on the real sample discs', () => {
  it.each(discs.map((d) => [d.stem, d] as const))('%s', async (_stem, disc) => {
    const id = await classify(disc);
    const truth = disc.kind === 'series' ? 'tv' : 'movie';
    expect([truth, 'unknown']).toContain(id.contentType);
    if (CLEAR.some((prefix) => disc.stem.startsWith(prefix))) {
      expect(id.contentType).toBe(truth);
      expect(id.confidence).toBeGreaterThanOrEqual(0.8);
      // A TV disc whose labels name no season and which has no Play All is left open as episodes or a collection of
      // specials (for review); nothing else may ask for review.
      if (truth === 'tv' && id.reviewReason !== null) expect(id.reviewReason).toMatch(COLLECTION_OPEN);
      else expect(id.reviewReason).toBeNull();
    }
    const hint = (index: number) => id.titleHints.find((h) => h.titleIndex === index)!;
    for (const title of disc.record.Titles) {
      const type = title.Item?.Type;
      if (type === 'Episode' || type === 'MainMovie')
        expect(hint(title.Index).rip, `title ${title.Index} (${type}) is ripped`).toBe(true);
      if (id.contentType === 'movie' && type === 'MainMovie')
        expect(hint(title.Index).role).toBe('main_feature_candidate');
      if (id.contentType === 'tv' && type === 'Episode' && durationSeconds(title.Duration) >= 18 * 60) {
        expect(['episode_candidate', 'extra'], `title ${title.Index}`).toContain(hint(title.Index).role);
      }
    }
  });

  it('marks the main movie’s raw-stream duplicate on the UHD disc as not to rip', async () => {
    const id = await classify(discs.find((d) => d.stem.startsWith("A_Hard_Day's"))!);
    expect(id.titleHints[5]).toMatchObject({ rip: false, reason: 'duplicate of title 0 (same length and size)' });
    expect(id.ambiguousMovie).toBe(false);
  });

  it('finds the cluster of every 24 disc, with the disc number from labels like TV24_D3', async () => {
    for (const disc of discs.filter((d) => d.stem.startsWith('24_'))) {
      const id = await classify(disc);
      expect(id.titleHints.filter((h) => h.role === 'episode_candidate').map((h) => h.titleIndex)).toEqual([
        0, 1, 2, 3,
      ]);
      expect(id.discNumber).toBe(disc.record.Index);
    }
  });
});
