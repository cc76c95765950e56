import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  IdentificationError,
  type DiscLookupProvider,
  type DiscLookupResult,
  type IdentifyInput,
} from '@spindle/plugin-sdk';
import {
  createFakeContext,
  MemoryKeyValueStore,
  sampleJob,
  sampleTvMappings,
  sampleTvScan,
  type FakeContext,
} from '@spindle/plugin-sdk/testing';
import { DiscLookupIdentifier } from '../src/disc-lookup-identifier.ts';
import { SAMPLE_HASH, sampleLookupResult } from './support/sample-lookup.ts';

const HASH = SAMPLE_HASH;
const found = sampleLookupResult([
  ...sampleTvMappings(),
  {
    titleIndex: 4,
    assignment: 'discarded',
    season: null,
    episode: null,
    episodeEnd: null,
    name: 'Episodes - Play All',
  },
  { titleIndex: 5, assignment: 'discarded', season: null, episode: null, episodeEnd: null, name: 'logo' },
]);

class CountingLookup implements DiscLookupProvider {
  calls: string[] = [];
  constructor(private readonly answer: () => Promise<DiscLookupResult | null>) {}
  lookupByContentHash(hash: string) {
    this.calls.push(hash);
    return this.answer();
  }
}

let ctx: FakeContext;
const contexts: FakeContext[] = [];
let store: MemoryKeyValueStore;
let provider: CountingLookup;
beforeEach(() => {
  store = new MemoryKeyValueStore();
  provider = new CountingLookup(async () => structuredClone(found));
});
afterEach(async () => Promise.all(contexts.splice(0).map((c) => c.dispose())));

async function identify(input: Partial<IdentifyInput> = {}, lookup: DiscLookupProvider | null = provider) {
  ctx = await createFakeContext({ store, ...(lookup ? { providers: { disc_lookup: lookup } } : {}) });
  contexts.push(ctx);
  const full: IdentifyInput = {
    job: sampleJob({ discMappings: null, contentHash: HASH }),
    scan: sampleTvScan(),
    previous: [],
    ...input,
  };
  return new DiscLookupIdentifier().identify(full, ctx);
}

describe('DiscLookupIdentifier', () => {
  it('answers what the disc lookup says, confidently, with hints for what not to rip', async () => {
    const id = await identify();
    expect(id).toMatchObject({
      contentType: 'tv',
      source: 'disc_lookup',
      confidence: 0.95,
      title: 'Sample Show',
      year: 2020,
      season: 1,
      discNumber: 1,
      catalogId: 100,
      catalogTitle: 'Sample Show',
      discLookup: { titleSlug: 'sample-show-2020', discSlug: 's01d01', mappings: found.mappings },
      reviewReason: null,
      ambiguousMovie: false,
    });
    expect(id!.titleHints.map((h) => [h.titleIndex, h.role, h.rip])).toEqual([
      [0, 'episode_candidate', true],
      [1, 'episode_candidate', true],
      [2, 'episode_candidate', true],
      [3, 'episode_candidate', true],
      [4, 'play_all', false],
      [5, 'extra', false],
    ]);
    expect(provider.calls).toEqual([HASH]);
  });

  it('answers a job that already has mappings from the store, without asking the lookup again', async () => {
    await identify();
    const restoredMappings = sampleTvMappings().map((m) => ({ ...m, name: `restored ${m.episode}` }));
    const again = await identify({ job: sampleJob({ contentHash: HASH, discMappings: restoredMappings }) });
    expect(provider.calls).toHaveLength(1);
    expect(again).toMatchObject({
      source: 'disc_lookup',
      discLookup: { titleSlug: 'sample-show-2020', mappings: restoredMappings },
    });
    expect(again!.evidence[0]).toBe('mappings restored from the job; the disc lookup was not asked again');
  });

  it('leaves a job with mappings but nothing stored to the rest of the chain, without asking', async () => {
    expect(await identify({ job: sampleJob({ contentHash: HASH, discMappings: sampleTvMappings() }) })).toBeNull();
    expect(provider.calls).toEqual([]);
  });

  it('has nothing to say without a content hash, a provider, or a known disc', async () => {
    expect(
      await identify({
        job: sampleJob({ contentHash: null, discMappings: null }),
        scan: { ...sampleTvScan(), contentHash: null },
      }),
    ).toBeNull();
    expect(await identify({}, null)).toBeNull();
    expect(await identify({}, new CountingLookup(async () => null))).toBeNull();
    expect(provider.calls).toEqual([]);
  });

  it('turns a provider failure into evidence with a reason, so the chain goes on', async () => {
    const failing = new CountingLookup(async () => {
      throw new IdentificationError('disc_lookup_unavailable', 'disc lookup failed: TheDiscDB answered HTTP 502', {
        retryable: true,
      });
    });
    const id = await identify({}, failing);
    expect(id).toMatchObject({
      contentType: 'unknown',
      confidence: 0,
      reviewReason: 'disc lookup failed: TheDiscDB answered HTTP 502',
      discLookup: null,
    });
    expect(ctx.logger.messages('warn')).toContain('disc lookup failed; the next identifier decides');
  });

  it('asks for review when the lookup names titles this scan does not have', async () => {
    const id = await identify({ scan: { ...sampleTvScan(), titles: sampleTvScan().titles.slice(0, 2) } });
    expect(id).toMatchObject({
      confidence: 0.6,
      reviewReason:
        "the disc lookup's titles do not fit this scan (title 2 is not on this scan; title 3 is not on this scan); confirm what the disc is",
    });
    expect(id!.titleHints.map((h) => h.titleIndex)).toEqual([0, 1]);
  });

  it('asks for review when mapped titles last much longer or shorter here than in the lookup', async () => {
    const lengths = [1322, 1290, 1345, 1310];
    const timed = new CountingLookup(async () => ({
      ...structuredClone(found),
      mappings: sampleTvMappings().map((m, i) => ({ ...m, durationSeconds: i === 2 ? 45 : lengths[i]! + 5 })),
    }));
    const id = await identify({}, timed);
    expect(id!.reviewReason).toBe(
      "the disc lookup's titles do not fit this scan (title 2 lasts 0:22:25 here, 0:00:45 in the disc lookup); confirm what the disc is",
    );
    expect(id!.confidence).toBe(0.6);
  });

  it('does not rip short titles the lookup leaves unassigned, and leaves longer ones to the matchers', async () => {
    const partial = new CountingLookup(async () => ({
      ...structuredClone(found),
      mappings: sampleTvMappings().slice(0, 3),
    }));
    const id = await identify({}, partial);
    expect(id!.titleHints.map((h) => [h.titleIndex, h.role, h.rip])).toEqual([
      [0, 'episode_candidate', true],
      [1, 'episode_candidate', true],
      [2, 'episode_candidate', true],
      [5, 'short', false],
    ]);
  });

  it('stops waiting for a slow lookup when the job is cancelled', async () => {
    const slow = new CountingLookup(() => new Promise(() => undefined));
    const pending = identify({}, slow);
    await new Promise((r) => setTimeout(r, 20));
    ctx.abort(new Error('Cancelled by user'));
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
  });
});
