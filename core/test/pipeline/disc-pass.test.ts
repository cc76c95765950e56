/**
 * The disc-wide pass over stored titles (disc-pass.ts), with match-while-ripping: a title already
 * filed while the disc still ripped holds its episode like a person's decision, is never revised,
 * and a later title claiming the same episode is the one asked about.
 */
import type { MatchResult } from '@spindle/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { applyDiscAssignment } from '../../src/pipeline/steps/disc-pass.ts';
import { jobWorld } from '../jobs/job-fakes.ts';

function episode(n: number, confidence: number): MatchResult {
  return {
    kind: 'episode',
    season: 1,
    episode: n,
    episodeEnd: null,
    edition: null,
    confidence,
    source: 'local_asr',
    components: [{ name: 'separation', value: 0.5, weight: 1 }],
    candidates: [{ kind: 'episode', season: 1, episode: n, episodeEnd: null, edition: null, score: confidence }],
  };
}

describe('disc-wide pass over stored titles', () => {
  it('keeps a title filed early as it is and sends the later claimant of its episode to review', async () => {
    const w = jobWorld();
    const filed = episode(1, 0.9);
    const later = episode(1, 0.95);
    const other = episode(2, 0.92);
    const { job } = await w.seed('matching', {}, [
      {
        titleIndex: 0,
        durationSeconds: 1300,
        sizeBytes: 1,
        outputFilename: 't0.mkv',
        selected: true,
        state: 'completed',
        filePath: '/staging/t0.mkv',
        organizedPath: '/library/S01E01.mkv',
        matchedEpisode: 'S01E01',
        matchConfidence: 0.9,
        matchSource: 'local_asr',
        matchDetailsJson: JSON.stringify(filed),
      },
      {
        titleIndex: 1,
        durationSeconds: 1300,
        sizeBytes: 1,
        outputFilename: 't1.mkv',
        selected: true,
        state: 'matched',
        filePath: '/staging/t1.mkv',
        matchedEpisode: 'S01E01',
        matchConfidence: 0.95,
        matchSource: 'local_asr',
        matchDetailsJson: JSON.stringify(later),
      },
      {
        titleIndex: 2,
        durationSeconds: 1300,
        sizeBytes: 1,
        outputFilename: 't2.mkv',
        selected: true,
        state: 'matched',
        filePath: '/staging/t2.mkv',
        matchedEpisode: 'S01E02',
        matchConfidence: 0.92,
        matchSource: 'local_asr',
        matchDetailsJson: JSON.stringify(other),
      },
    ]);
    const { review, contested } = await applyDiscAssignment(job.id, 0.7, { titles: w.titles, jobService: w.service });
    const rows = await w.titles.listByJob(job.id);
    expect(rows[0]).toMatchObject({
      state: 'completed',
      organizedPath: '/library/S01E01.mkv',
      matchedEpisode: 'S01E01',
      matchConfidence: 0.9,
    });
    expect(rows[1]!.state).toBe('review');
    // The question as data: the episode both claim and the other claimant, with the candidates.
    expect(rows[1]!.review).toMatchObject({ kind: 'duplicate_claim', episode: 'S01E01', otherTitles: [0], path: null });
    expect(rows[1]!.review!.candidates.map((c) => c.episode)).toEqual([1]);
    expect(rows[2]!.review).toBeNull();
    expect(rows[2]).toMatchObject({ state: 'matched', matchedEpisode: 'S01E02' });
    expect(review.map((t) => t.titleIndex)).toEqual([1]);
    expect(contested.join(' ')).toContain('S01E01');
    expect(contested.join(' ')).toContain('title 0 and title 1');
  });
});
