/**
 * The typed parts of a job detail are projected from stored JSON without trusting it: a missing
 * or odd field becomes null (or a safe default), unknown fields are dropped, unreadable JSON is null.
 */
import { describe, expect, it } from 'vitest';
import {
  toIdentificationWire,
  toMappingsWire,
  toMatchDetailsWire,
  toReviewWire,
} from '../../src/http/wire/detail-wire.ts';
import { contestedReview, matchReview, parseTitleReview } from '../../src/jobs/title-review.ts';

describe('detail wire', () => {
  it('reads a stored match result loosely into the declared shape', () => {
    const json = JSON.stringify({
      kind: 'episode',
      season: 1,
      episode: 3,
      confidence: 0.6,
      components: [{ name: 'asr', value: 0.6, weight: 1 }, 'junk'],
      candidates: 'nope',
      secret: 'x',
    });
    expect(toMatchDetailsWire(json)).toEqual({
      kind: 'episode',
      season: 1,
      episode: 3,
      episodeEnd: null,
      edition: null,
      extraType: null,
      confidence: 0.6,
      source: 'unknown',
      components: [{ name: 'asr', value: 0.6, weight: 1, detail: null }],
      candidates: [],
    });
    expect(toMatchDetailsWire(null)).toBeNull();
    expect(toMatchDetailsWire('{not json')).toBeNull();
    expect(toMatchDetailsWire('[1,2]')).toBeNull();
  });

  it('reads identification answers and mappings, dropping what is not declared', () => {
    const answers = JSON.stringify([
      {
        contentType: 'tv',
        source: 'disc_lookup',
        confidence: 0.9,
        title: 'X',
        evidence: ['a', 3],
        discLookup: {
          titleSlug: 's',
          discSlug: 'd',
          mappings: [{ titleIndex: 2, assignment: 'episode', season: 1, episode: 4 }],
        },
        extra: true,
      },
    ]);
    const [a] = toIdentificationWire(answers)!;
    expect(a).toMatchObject({
      contentType: 'tv',
      source: 'disc_lookup',
      confidence: 0.9,
      title: 'X',
      year: null,
      reviewReason: null,
      holdForReview: false,
      evidence: ['a'],
    });
    expect(a!.discLookup!.mappings).toEqual([
      {
        titleIndex: 2,
        assignment: 'episode',
        season: 1,
        episode: 4,
        episodeEnd: null,
        name: null,
        extraType: null,
        durationSeconds: null,
      },
    ]);
    expect(a).not.toHaveProperty('extra');
    expect(toIdentificationWire('{}')).toBeNull();
    expect(toMappingsWire(null)).toBeNull();
  });

  it('builds, stores and serves typed title reviews', () => {
    const result = {
      kind: 'episode' as const,
      season: 1,
      episode: 3,
      episodeEnd: null,
      edition: null,
      confidence: 0.4,
      source: 'local_asr',
      components: [],
      candidates: [
        { kind: 'episode' as const, season: 1, episode: 4, episodeEnd: null, edition: null, score: 0.2 },
        { kind: 'episode' as const, season: 1, episode: 3, episodeEnd: null, edition: null, score: 0.4 },
      ],
    };
    const low = matchReview(result, 0.7);
    expect(low.kind).toBe('low_confidence');
    expect(low.candidates.map((c) => c.episode)).toEqual([3, 4]); // best first
    expect(matchReview(null, 0.7).kind).toBe('no_match');
    expect(matchReview({ ...result, kind: 'main_movie' }, 0.7, true).kind).toBe('ambiguous_feature');
    const contested = contestedReview(result, 'S01E03', [4, 7]);
    expect(contested).toMatchObject({ kind: 'duplicate_claim', episode: 'S01E03', otherTitles: [4, 7] });
    expect(parseTitleReview(JSON.stringify(contested))).toEqual(contested);
    expect(parseTitleReview('{"kind":"whatever","message":"x"}')).toBeNull();
    expect(parseTitleReview('nope')).toBeNull();
    expect(toReviewWire(contested)).toMatchObject({
      kind: 'duplicate_claim',
      other_titles: [4, 7],
      episode: 'S01E03',
      path: null,
    });
  });
});
