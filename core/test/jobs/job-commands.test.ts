/**
 * JobCommands alone, over in-memory repositories and a recording runner (job-fakes.ts), with the
 * real JobService: each command checks the job's state (409 when it does not fit), changes it
 * through the service, and hands running work to the runner.
 */
import type { MatchResult } from '@spindle/plugin-sdk';
import { sampleEpisodeMatch } from '@spindle/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import { CANCELLED_MESSAGE, JobCommands } from '../../src/jobs/job-commands.ts';
import type { PipelineRunner } from '../../src/pipeline/pipeline-runner.ts';
import type { SubtitleService } from '../../src/subtitles/subtitle-service.ts';
import { FakeRunner, jobWorld } from './job-fakes.ts';

function world(options: { askBeforeFiling?: boolean } = {}) {
  const w = jobWorld();
  const runner = new FakeRunner();
  const noSubtitles = undefined as unknown as SubtitleService; // no command tested here uploads subtitles
  const commands = new JobCommands({
    jobs: w.jobs,
    titles: w.titles,
    jobService: w.service,
    runner: runner as unknown as PipelineRunner,
    subtitles: noSubtitles,
    askBeforeFiling: () => options.askBeforeFiling ?? false,
  });
  return { ...w, runner, commands };
}

/** An episode match at this confidence with these runners-up ([season, episode, score]). */
const unsure = (
  season: number,
  episode: number,
  confidence: number,
  candidates: [number, number, number][] = [],
): MatchResult =>
  sampleEpisodeMatch(season, episode, {
    confidence,
    components: [],
    candidates: candidates.map(([s, e, score]) => ({ ...episodeAt(s, e), score })),
  });
/** The kind and place of an episode candidate, no range and no edition. */
const episodeAt = (season: number, episode: number) =>
  ({ kind: 'episode', season, episode, episodeEnd: null, edition: null }) as const;
const NOTHING: MatchResult = { ...unsure(1, 1, 0), kind: 'discarded', season: null, episode: null };

const title = (titleIndex: number, extra: Record<string, unknown> = {}) => ({
  titleIndex,
  durationSeconds: 1320,
  sizeBytes: 1e9,
  filePath: `/staging/t${titleIndex}.mkv`,
  ...extra,
});
const inReview = (titleIndex: number, match: MatchResult) =>
  title(titleIndex, { state: 'review', matchDetailsJson: JSON.stringify(match), matchConfidence: match.confidence });

describe('start', () => {
  it('starts an idle job: identifying, and the runner takes it', async () => {
    const w = world();
    const { job } = await w.seed('idle');
    expect((await w.commands.start(job.id)).state).toBe('identifying');
    expect(w.runner.calls).toEqual([`start ${job.id}`]);
  });

  it('continues a job whose review is done in the state it stopped at', async () => {
    const w = world();
    const { job } = await w.seed(
      'review_needed',
      { resumeState: 'organizing', reviewReason: 'decide titles', reviewKind: 'titles' },
      [title(1, { state: 'matched' })],
    );
    expect(await w.commands.start(job.id)).toMatchObject({
      state: 'organizing',
      reviewReason: null,
      resumeState: null,
      reviewKind: null,
    });
    expect(w.runner.calls).toEqual([`start ${job.id}`]);
  });

  it('refuses to continue while titles still wait for a decision (409 review_pending), and a job that is not idle or in review (409)', async () => {
    const w = world();
    const { job } = await w.seed('review_needed', { resumeState: 'organizing' }, [inReview(1, unsure(1, 1, 0.4))]);
    await expect(w.commands.start(job.id)).rejects.toMatchObject({ code: 'review_pending' });
    const { job: ripping } = await w.seed('ripping');
    await expect(w.commands.start(ripping.id)).rejects.toMatchObject({ code: 'job_not_startable', kind: 'conflict' });
    expect(w.runner.calls).toEqual([]);
    expect(w.jobs.rows.get(job.id)!.state).toBe('review_needed');
  });

  it('holds the plan for approval instead of filing when "always ask before filing" is on', async () => {
    const w = world({ askBeforeFiling: true });
    const { job } = await w.seed('review_needed', { resumeState: 'organizing', reviewKind: 'titles' }, [
      title(1, { state: 'matched' }),
      title(2, { state: 'matched', discardReason: 'Play All', discardedBy: 'rule' }),
    ]);
    const held = await w.commands.start(job.id);
    expect(held).toMatchObject({ state: 'review_needed', reviewKind: 'filing' });
    expect(held.reviewReason).toContain('1 title(s) would be filed');
    expect(held.reviewReason).toContain('1 left out');
    expect(w.runner.calls).toEqual([]);
  });
});

describe('cancel', () => {
  it('stops the runner, fails the titles at work (not the finished ones) and fails the job with the reason', async () => {
    const w = world();
    const { job, titles } = await w.seed('matching', {}, [
      title(1, { state: 'matched' }),
      title(2, { state: 'matching' }),
      title(3, { state: 'queued' }),
    ]);
    const cancelled = await w.commands.cancel(job.id);
    expect(cancelled).toMatchObject({ state: 'failed', errorMessage: CANCELLED_MESSAGE });
    expect(w.runner.calls).toEqual([`abort ${job.id}: ${CANCELLED_MESSAGE}`]);
    expect(titles.map((t) => w.titles.rows.get(t.id)!.state)).toEqual(['matched', 'failed', 'failed']);
    expect((await w.jobs.timeline(job.id)).at(-1)).toMatchObject({ toState: 'failed', message: CANCELLED_MESSAGE });
  });

  it('refuses a finished job (409 job_finished) and changes nothing', async () => {
    const w = world();
    const { job } = await w.seed('completed');
    await expect(w.commands.cancel(job.id)).rejects.toMatchObject({ code: 'job_finished' });
    expect(w.runner.calls).toEqual([]);
  });
});

describe('clear', () => {
  it('takes a finished job off the dashboard once, and refuses a running one (409 job_running)', async () => {
    const w = world();
    const { job } = await w.seed('failed');
    const cleared = await w.commands.clear(job.id);
    expect(cleared.clearedAt).toBeInstanceOf(Date);
    expect((await w.commands.clear(job.id)).clearedAt).toEqual(cleared.clearedAt);
    const { job: running } = await w.seed('ripping');
    await expect(w.commands.clear(running.id)).rejects.toMatchObject({ code: 'job_running' });
    expect(w.jobs.rows.get(running.id)!.clearedAt).toBeNull();
  });

  it('clears every finished job at once and nothing else', async () => {
    const w = world();
    const { job: done } = await w.seed('completed');
    const { job: failed } = await w.seed('failed');
    const { job: review } = await w.seed('review_needed');
    expect(await w.commands.clearFinished()).toEqual([done.id, failed.id]);
    expect(w.jobs.rows.get(review.id)!.clearedAt).toBeNull();
  });
});

describe('review', () => {
  it('makes a title the episode a person typed, notes it on the timeline, and continues once no title waits', async () => {
    const w = world();
    const { job, titles } = await w.seed('review_needed', { resumeState: 'organizing', reviewKind: 'titles' }, [
      inReview(1, unsure(1, 2, 0.45)),
      inReview(2, unsure(1, 3, 0.5)),
    ]);
    const first = await w.commands.review(job.id, { titleId: titles[0]!.id, episodeCode: 'S01E05' });
    expect(first).toMatchObject({
      state: 'matched',
      matchedEpisode: 'S01E05',
      matchConfidence: 1,
      matchSource: 'user_review',
    });
    expect(w.jobs.rows.get(job.id)!.state).toBe('review_needed'); // title 2 still waits
    expect((await w.jobs.timeline(job.id)).at(-1)!.message).toBe('title 1 → S01E05 (review)');
    await w.commands.review(job.id, { titleId: titles[1]!.id, skip: true });
    expect(w.titles.rows.get(titles[1]!.id)).toMatchObject({
      discardReason: 'skipped by a person',
      discardedBy: 'person',
    });
    expect(w.jobs.rows.get(job.id)!.state).toBe('organizing');
    expect(w.runner.calls).toEqual([`start ${job.id}`]);
  });

  it('refuses a job not in review (409), a title of another job (404) and a title already in the library (409)', async () => {
    const w = world();
    const { job, titles } = await w.seed('review_needed', { resumeState: 'organizing' }, [
      inReview(1, unsure(1, 1, 0.4)),
      title(2, { state: 'completed', organizedPath: '/library/x.mkv' }),
    ]);
    const { job: other, titles: otherTitles } = await w.seed('matching', {}, [title(1, { state: 'matching' })]);
    await expect(
      w.commands.review(other.id, { titleId: otherTitles[0]!.id, episodeCode: 'S01E01' }),
    ).rejects.toMatchObject({ code: 'job_not_in_review' });
    await expect(
      w.commands.review(job.id, { titleId: otherTitles[0]!.id, episodeCode: 'S01E01' }),
    ).rejects.toMatchObject({ code: 'title_not_found', kind: 'not_found' });
    await expect(w.commands.review(job.id, { titleId: titles[1]!.id, episodeCode: 'S01E01' })).rejects.toMatchObject({
      code: 'title_not_reviewable',
    });
    expect(w.titles.rows.get(titles[1]!.id)!.matchedEpisode).toBeNull();
  });
});

describe('approveAll', () => {
  it('accepts each best candidate and continues', async () => {
    const w = world();
    const { job, titles } = await w.seed('review_needed', { resumeState: 'organizing' }, [
      inReview(1, unsure(1, 1, 0.4, [[1, 4, 0.7]])),
      inReview(2, unsure(1, 2, 0.6)),
    ]);
    expect((await w.commands.approveAll(job.id)).state).toBe('organizing');
    expect(titles.map((t) => w.titles.rows.get(t.id)!.matchedEpisode)).toEqual(['S01E04', 'S01E02']);
    expect(w.runner.calls).toEqual([`start ${job.id}`]);
  });

  it('never guesses: a title without a suggestion stays in review and the job says which; none at all is 409 nothing_to_approve', async () => {
    const w = world();
    const { job, titles } = await w.seed('review_needed', { resumeState: 'organizing' }, [
      inReview(1, unsure(1, 1, 0.4)),
      inReview(2, NOTHING),
    ]);
    const partly = await w.commands.approveAll(job.id);
    expect(partly).toMatchObject({ state: 'review_needed' });
    expect(partly.reviewReason).toContain('title(s) 2 have no suggestion');
    expect(w.titles.rows.get(titles[1]!.id)!.state).toBe('review');
    await expect(w.commands.approveAll(job.id)).rejects.toMatchObject({ code: 'nothing_to_approve' });
    expect(w.runner.calls).toEqual([]);
  });
});

describe('retry', () => {
  it('refuses a job the runner is still working on (409 job_running)', async () => {
    const w = world();
    const { job } = await w.seed('review_needed');
    w.runner.running.add(job.id);
    await expect(w.commands.retry(job.id, 'identifying')).rejects.toMatchObject({ code: 'job_running' });
  });

  it('runs a failed job again from where it failed, after its end-of-job work settled', async () => {
    const w = world();
    const { job } = await w.seed('failed', { retryFrom: 'organizing', errorMessage: 'library not writable' }, [
      title(1, { state: 'failed', matchedEpisode: 'S01E01' }),
    ]);
    const again = await w.commands.retry(job.id);
    expect(again).toMatchObject({ id: job.id, state: 'organizing', errorMessage: null });
    expect(w.runner.calls).toEqual([`settled ${job.id}`, `start ${job.id}`]);
  });
});
