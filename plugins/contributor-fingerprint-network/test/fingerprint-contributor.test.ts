import { decodeFingerprint, type ContributedTitle, type JobCompletedInput } from '@spindle/plugin-sdk';
import {
  createFakeContext,
  createStage,
  MemoryFingerprintNetwork,
  readManifest,
  sampleContributorInput,
  sampleEpisodeMatch,
  type FakeContextOptions,
} from '@spindle/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import plugin from '../src/index.ts';
import { FakeFingerprinter } from './fake-fingerprinter.ts';

const manifest = readManifest(new URL('../package.json', import.meta.url));

function tvJob(overrides: Partial<JobCompletedInput['job']> = {}): JobCompletedInput {
  const input = sampleContributorInput();
  const titles: ContributedTitle[] = input.titles.map((t, i) => ({
    title: {
      ...t.title,
      durationSeconds: 1320,
      filePath: `/library/TV/Sample Show/Season 01/Sample Show - S01E0${i + 1}.mkv`,
    },
    match: t.match,
  }));
  return { job: { ...input.job, catalogId: 1399, ...overrides }, titles };
}

async function run(input: JobCompletedInput, options: FakeContextOptions = {}) {
  const network = new MemoryFingerprintNetwork();
  const fingerprinter = new FakeFingerprinter();
  const contributor = await createStage(plugin, 'contributor', 'fingerprint-network', { manifest });
  const ctx = await createFakeContext({
    fingerprintNetwork: network,
    providers: { fingerprinter },
    appSettings: { enable_fingerprint_contributions: true },
    ...options,
  });
  try {
    await contributor.jobCompleted(input, ctx);
    return { network, fingerprinter, ctx };
  } finally {
    await ctx.dispose();
  }
}

describe('fingerprint-network contributor', () => {
  it('queues one fingerprint per matched episode (one fingerprinter call each) and the disc layout', async () => {
    const input = tvJob();
    input.titles.push({
      title: { ...input.titles[0]!.title, id: 99, titleIndex: 9, durationSeconds: 40, filePath: null },
      match: null,
    });
    const { network, fingerprinter } = await run(input);
    expect(fingerprinter.calls).toHaveLength(4);
    expect(fingerprinter.calls[0]!.windowStarts).toHaveLength(6);
    expect(network.episodes.map((e) => [e.draft.season, e.draft.episode])).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
      [1, 4],
    ]);
    const first = network.episodes[0]!.draft;
    expect(first).toMatchObject({
      catalog_id: 1399,
      match_source: 'local_asr',
      match_confidence: 0.92,
      disc_content_hash_b64: 'ASNFZ4mrze8BI0VniavN7w==',
    });
    expect(decodeFingerprint(first.fingerprint_b64).items).toHaveLength(6 * 242);
    expect(decodeFingerprint(first.fingerprint_b64).sha256B64).toBe(first.fingerprint_sha256_b64);
    expect(network.episodes[0]!.origin).toEqual({ jobId: 1, titleIndex: input.titles[0]!.title.titleIndex });

    expect(network.discs).toHaveLength(1);
    const disc = network.discs[0]!.draft;
    expect(disc).toMatchObject({
      catalog_id: 1399,
      content_type: 'tv',
      season: 1,
      disc_content_hash_b64: 'ASNFZ4mrze8BI0VniavN7w==',
    });
    expect(disc.titles).toHaveLength(5);
    expect(disc.titles.at(-1)).toEqual({
      title_index: 9,
      duration_seconds: 40,
      size_bytes: input.titles[0]!.title.sizeBytes,
      assignment: 'discarded',
      match_confidence: 0,
      match_source: null,
    });
    // Rows and drafts never carry file names, paths or labels.
    const everything = JSON.stringify([network.episodes.map((e) => e.draft), network.discs.map((d) => d.draft)]);
    for (const leak of ['/library', '.mkv', 'Sample Show', 'SAMPLE_SHOW', '/dev/sr0'])
      expect(everything).not.toContain(leak);
  });

  it('does not contribute a disc whose every identified title came from the network', async () => {
    const input = tvJob();
    input.titles = input.titles.map((t) => ({ ...t, match: { ...t.match!, source: 'network_disc' } }));
    const { network, fingerprinter } = await run(input);
    expect(fingerprinter.calls).toHaveLength(0);
    expect(network.episodes).toHaveLength(0);
    expect(network.discs).toHaveLength(0);
  });

  it('sends a null disc hash for a rip without one (simulated) and then no disc layout', async () => {
    const { network } = await run(tvJob({ contentHash: null }));
    expect(network.episodes).toHaveLength(4);
    expect(network.episodes.every((e) => e.draft.disc_content_hash_b64 === null)).toBe(true);
    expect(network.discs).toHaveLength(0);
  });

  it('fingerprints only confident matches from contributable sources; the rest are layout rows', async () => {
    const input = tvJob();
    input.titles[0]!.match = sampleEpisodeMatch(1, 1, { confidence: 0.5 });
    input.titles[1]!.match = sampleEpisodeMatch(1, 2, { source: 'heuristic' });
    input.titles[2]!.match = sampleEpisodeMatch(1, 3, { source: 'local_disc_lookup' });
    input.titles[3]!.match = sampleEpisodeMatch(1, 4, { source: 'user_review', confidence: 1 });
    const { network } = await run(input);
    expect(network.episodes.map((e) => [e.draft.episode, e.draft.match_source])).toEqual([
      [3, 'local_disc_lookup'],
      [4, 'user_review'],
    ]);
    expect(network.discs[0]!.draft.titles.map((r) => r.match_source)).toEqual([
      'local_asr',
      null,
      'local_disc_lookup',
      'user_review',
    ]);
    // The heuristic's match is not fingerprinted, but the layout still says what the title is.
    expect(network.discs[0]!.draft.titles[1]).toMatchObject({
      assignment: 'episode',
      season: 1,
      episode: 2,
      match_source: null,
    });
  });

  it('contributes nothing when contributions are switched off, or without a catalog id', async () => {
    expect(
      (await run(tvJob(), { appSettings: { enable_fingerprint_contributions: false } })).network.episodes,
    ).toHaveLength(0);
    const noCatalog = await run(tvJob({ catalogId: null }));
    expect(noCatalog.network.episodes).toHaveLength(0);
    expect(noCatalog.network.discs).toHaveLength(0);
  });

  it('keeps going when one title cannot be fingerprinted', async () => {
    const network = new MemoryFingerprintNetwork();
    const contributor = await createStage(plugin, 'contributor', 'fingerprint-network', { manifest });
    const failing = new FakeFingerprinter();
    const real = failing.fingerprint.bind(failing);
    let calls = 0;
    failing.fingerprint = async (r) => {
      if (calls++ === 0) {
        const { MatchingError } = await import('@spindle/plugin-sdk');
        throw new MatchingError('fingerprint_failed', 'no audio stream');
      }
      return real(r);
    };
    const ctx = await createFakeContext({
      fingerprintNetwork: network,
      providers: { fingerprinter: failing },
      appSettings: {},
    });
    await contributor.jobCompleted(tvJob(), ctx);
    expect(network.episodes).toHaveLength(3);
    expect(ctx.logger.entries.some((e) => e.level === 'warn' && e.message.includes('no audio stream'))).toBe(true);
    await ctx.dispose();
  });
});
