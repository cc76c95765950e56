/**
 * A disc that reads as TV by its lengths alone — alike single-clip titles, no Play All, no season in the label —
 * may just as well be a collection of TV specials or short films that the catalog files as films (the real-disc
 * corpus holds four such box-set discs). Every title is still ripped as its own item, but the kind is left open for
 * review. Anything that says series settles it: a season in the label, a Play All joining the titles, a catalog
 * answer naming a show; a catalog answer naming a movie reads the titles as films.
 */
import { describe, expect, it } from 'vitest';
import type { DiscScan, Identification } from '@spindle/plugin-sdk';
import { createFakeContext, sampleJob } from '@spindle/plugin-sdk/testing';
import { HeuristicIdentifier } from '../src/heuristic-identifier.ts';
import { COLLECTION_OR_EPISODES } from '../src/collection-disc.ts';
import { catalogAnswer } from './support/catalog-answer.ts';

/** Six ~24-minute specials and one of ~48 minutes, each its own playlist of one clip, plus two short clips. */
const SPECIALS = ['0:24:17', '0:24:23', '0:48:17', '0:24:20', '0:24:24', '0:24:28', '0:24:21', '0:00:13', '0:01:00'];
const seconds = (d: string) => d.split(':').reduce((total, part) => total * 60 + Number(part), 0);

function scanOf(label: string, durations: string[], playAll = false): DiscScan {
  const titles = durations.map((d, index) => ({
    index,
    durationSeconds: seconds(d),
    sizeBytes: seconds(d) * 4e6,
    resolution: '1080p',
    sourceFile: `${String(index).padStart(5, '0')}.mpls`,
    segmentMap: String(index),
  }));
  if (playAll) {
    const joined = titles.slice(0, 7);
    titles.push({
      index: titles.length,
      durationSeconds: joined.reduce((sum, t) => sum + t.durationSeconds, 0),
      sizeBytes: 1e10,
      resolution: '1080p',
      sourceFile: '00099.mpls',
      segmentMap: joined.map((t) => t.index).join(','),
    });
  }
  return { volumeLabel: label, discType: 'bluray', contentHash: null, titles };
}

async function identify(scan: DiscScan, previous: Identification[] = []) {
  const ctx = await createFakeContext();
  try {
    return (await new HeuristicIdentifier().identify(
      { job: sampleJob({ volumeLabel: scan.volumeLabel }), scan, previous },
      ctx,
    ))!;
  } finally {
    await ctx.dispose();
  }
}

const ripped = (id: Identification) => id.titleHints.filter((h) => h.rip).map((h) => [h.titleIndex, h.role]);

describe('a disc of alike titles with nothing that says series', () => {
  it('rips every title as its own item and leaves the kind open for review: episodes or a collection', async () => {
    const id = await identify(scanOf('ULTIMATE COLLECTION D3', SPECIALS));
    expect(id.contentType).toBe('tv');
    expect(id.reviewReason).toMatch(new RegExp(`^${COLLECTION_OR_EPISODES}`));
    expect(id.reviewReason).toMatch(/title 2 \(48:17\)/);
    expect(ripped(id)).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => [i, 'episode_candidate']));
  });

  it('is TV with no question when the label names a season', async () => {
    const id = await identify(scanOf('SHOW_S2_D3', SPECIALS));
    expect(id.contentType).toBe('tv');
    expect(id.season).toBe(2);
    expect(id.reviewReason).toBeNull();
  });

  it('is TV with no question when a Play All joins the titles', async () => {
    const id = await identify(scanOf('ULTIMATE COLLECTION D3', SPECIALS, true));
    expect(id.contentType).toBe('tv');
    expect(id.reviewReason).toBeNull();
    expect(id.titleHints.find((h) => h.titleIndex === 9)).toMatchObject({ role: 'play_all', rip: false });
  });

  it('follows a catalog answer: a show settles TV, a movie makes every special a main-feature candidate', async () => {
    const show = await identify(scanOf('ULTIMATE COLLECTION D3', SPECIALS), [catalogAnswer('tv', 7)]);
    expect(show.contentType).toBe('tv');
    expect(show.reviewReason ?? '').not.toMatch(new RegExp(COLLECTION_OR_EPISODES));
    const film = await identify(scanOf('ULTIMATE COLLECTION D3', SPECIALS), [catalogAnswer('movie', 7)]);
    expect(film.contentType).toBe('movie');
    expect(film.reviewReason ?? '').not.toMatch(new RegExp(COLLECTION_OR_EPISODES));
    expect(ripped(film).filter(([, role]) => role === 'main_feature_candidate').length).toBeGreaterThanOrEqual(6);
  });
});
