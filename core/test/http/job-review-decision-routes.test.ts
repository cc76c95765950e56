/** The jobs API's review decisions: per title, approve-all, the filing plan, conflict choices. */
import { describe, expect, it } from 'vitest';
import { notesOf, statesOf, THROUGH_REVIEW, type TimelineEvent } from '../../../test/support/job-timeline.ts';
import { api, insertDisc, jobInReview, svc, jobReaching, useJobsApi } from './support/jobs-api.ts';

useJobsApi();

describe('jobs API', () => {
  it('records review decisions per title and continues when none is left', async () => {
    const { job, titles } = await jobInReview();
    const bad = await api.post(`/api/jobs/${job.id}/review`, { title_id: titles[0]!.id, episode_code: 'E01' });
    expect(bad).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('episode_code') } } });
    expect((await api.post(`/api/jobs/${job.id}/review`, { episode_code: 'S01E01' })).status).toBe(400);
    expect((await api.post(`/api/jobs/${job.id}/review`, { title_id: 999999, episode_code: 'S01E01' })).status).toBe(
      404,
    );
    const first = await api.post(`/api/jobs/${job.id}/review`, {
      title_id: titles[0]!.id,
      episode_code: 'S01E05',
      edition: null,
    });
    expect(first).toMatchObject({
      status: 200,
      body: { state: 'matched', matched_episode: 'S01E05', match_source: 'user_review', match_confidence: 1 },
    });
    expect((await api.get(`/api/jobs/${job.id}`)).body.state).toBe('review_needed');
    await api.post(`/api/jobs/${job.id}/review`, { title_id: titles[1]!.id, episode_code: 'S01E06' });
    // No organizer is configured in this test service, so the continued job fails in organizing: it did continue.
    const after = await jobReaching(job.id, 'failed');
    expect(after.body.error_message).toContain('No organizer is configured');
    const timeline = (await api.get(`/api/jobs/${job.id}/detail`)).body.timeline as TimelineEvent[];
    expect(statesOf(timeline)).toEqual([...THROUGH_REVIEW, 'failed']);
    expect(notesOf(timeline)).toEqual(['title 0 → S01E05 (review)', 'title 1 → S01E06 (review)']);
  });

  it('refuses review on a job that is not in review (409), whichever title is named', async () => {
    const created = await insertDisc({ volume_label: 'NOT_REVIEW', simulate_ripping: false });
    const { titles } = await jobInReview();
    // The job's state is the first thing wrong: 409 even for another job's title (it used to say 404 title_not_found).
    const foreign = await api.post(`/api/jobs/${created.id}/review`, {
      title_id: titles[0]!.id,
      episode_code: 'S01E01',
    });
    expect(foreign).toMatchObject({ status: 409, body: { error: { code: 'job_not_in_review' } } });
    const own = await svc.service.db.titles.replaceForJob(created.id, [
      { titleIndex: 0, durationSeconds: 1, sizeBytes: 1 },
    ]);
    expect(
      (await api.post(`/api/jobs/${created.id}/review`, { title_id: own[0]!.id, episode_code: 'S01E01' })).status,
    ).toBe(409);
    expect((await api.post(`/api/jobs/${created.id}/approve-all`)).status).toBe(409);
  });

  it('approve-all takes every best candidate, keeps titles without one in review, and continues once they are decided', async () => {
    const { job, titles } = await jobInReview();
    const first = await api.post(`/api/jobs/${job.id}/approve-all`);
    expect(first).toMatchObject({ status: 200, body: { state: 'review_needed' } });
    expect(first.body.review_reason).toContain('title(s) 1 have no suggestion');
    const after = (await api.get(`/api/jobs/${job.id}/titles`)).body;
    expect(after.find((t: { id: number }) => t.id === titles[0]!.id)).toMatchObject({
      state: 'matched',
      matched_episode: 'S01E03',
      match_confidence: 0.62,
    });
    expect(after.find((t: { id: number }) => t.id === titles[1]!.id)).toMatchObject({ state: 'review' });
    const skipped = await api.post(`/api/jobs/${job.id}/review`, { title_id: titles[1]!.id, skip: true });
    expect(skipped.body).toMatchObject({ state: 'matched', matched_episode: null, match_source: 'user_review' });
    expect((await api.get(`/api/jobs/${job.id}`)).body.state).not.toBe('review_needed');
    const notes = (await api.get(`/api/jobs/${job.id}/detail`)).body.timeline
      .filter((e: { from: string; to: string }) => e.from === e.to)
      .map((e: { message: string }) => e.message);
    expect(notes).toEqual(['title 0 → S01E03 (approve-all)', 'title 1 → skipped (review)']);
  });

  it('approve-all with nothing to approve says so (409) and leaves the job as it was; continue names no API path', async () => {
    const { job, titles } = await jobInReview();
    await svc.service.db.titles.update(titles[0]!.id, { matchDetailsJson: null });
    const refused = await api.post(`/api/jobs/${job.id}/approve-all`);
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'nothing_to_approve' } } });
    expect(refused.body.error.message).toContain('none of the 2 title(s) waiting');
    expect(refused.body.error.message).toContain('review queue');
    const after = (await api.get(`/api/jobs/${job.id}`)).body;
    expect(after).toMatchObject({ state: 'review_needed', review_reason: '2 titles need review' });
    expect((await api.get(`/api/jobs/${job.id}/titles`)).body.map((t: { state: string }) => t.state)).toEqual([
      'review',
      'review',
    ]);
    const started = await api.post(`/api/jobs/${job.id}/start`);
    expect(started).toMatchObject({ status: 409, body: { error: { code: 'review_pending' } } });
    expect(started.body.error.message).toBe(
      `Job ${job.id} still has 2 title(s) waiting for a decision. Open the review queue and decide each one, or approve all best guesses.`,
    );
    expect(started.body.error.message).not.toMatch(/\/(review|approve-all|api)\b/);
  });

  it('with "always ask before filing", deciding the last title leads to the plan, which approve-all files', async () => {
    expect((await api.put('/api/config', { always_ask_before_filing: true })).status).toBe(200);
    try {
      const { job, titles } = await jobInReview();
      await api.post(`/api/jobs/${job.id}/review`, { title_id: titles[0]!.id, episode_code: 'S01E03' });
      await api.post(`/api/jobs/${job.id}/review`, { title_id: titles[1]!.id, skip: true });
      const held = (await api.get(`/api/jobs/${job.id}`)).body;
      expect(held).toMatchObject({ state: 'review_needed', review_kind: 'filing' });
      expect(held.review_reason).toBe(
        'Check the plan before filing: 1 title(s) would be filed into the library, 1 left out. Approve the plan to file them.',
      );
      // Another decision while the plan waits does not file it either.
      await api.post(`/api/jobs/${job.id}/review`, { title_id: titles[1]!.id, episode_code: 'S01E04' });
      const replanned = (await api.get(`/api/jobs/${job.id}`)).body;
      expect(replanned).toMatchObject({ state: 'review_needed', review_kind: 'filing' });
      expect(replanned.review_reason).toBe(
        'Check the plan before filing: 2 title(s) would be filed into the library. Approve the plan to file them.',
      );
      const approved = await api.post(`/api/jobs/${job.id}/approve-all`);
      expect(approved).toMatchObject({ status: 200, body: { state: 'organizing' } });
    } finally {
      await api.put('/api/config', { always_ask_before_filing: false });
    }
  });

  it('records a conflict choice on the title', async () => {
    const { job, titles } = await jobInReview();
    const res = await api.post(`/api/jobs/${job.id}/review`, {
      title_id: titles[0]!.id,
      conflict_resolution: 'overwrite',
    });
    expect(res.body).toMatchObject({
      conflict_resolution: 'overwrite',
      matched_episode: 'S01E03',
      match_source: 'user_review',
    });
    expect(
      (await api.post(`/api/jobs/${job.id}/review`, { title_id: titles[0]!.id, conflict_resolution: 'ask' })).status,
    ).toBe(400);
  });
});
