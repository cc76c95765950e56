/**
 * Running a job in review again from its page, in a real browser against the real service and the
 * real TMDB provider (talking to a local TMDB stand-in): re-match and re-identify keep the job and
 * what the person said it is.
 */
import { describe, expect, it, vi } from 'vitest';
import { eventually } from '../support/http-client.ts';
import { openPage, postedBodies } from './support/browser.ts';
import { jobWaitingForIdentity, api, browser, sources, svc, useIdentifySession } from './support/identify-session.ts';

// A browser, a service and a real identification per test: allow for a busy machine.
vi.setConfig({ testTimeout: 90_000 });

useIdentifySession();

describe('re-running a job in review', () => {
  it('re-matches and re-identifies a job in review from its page, keeping the job', async () => {
    const id = await jobWaitingForIdentity(api, sources, 'MYSTERY_FOUR');
    await api.post(`/api/jobs/${id}/identify`, {
      content_type: 'tv',
      detected_title: 'The Office',
      detected_season: 1,
    });
    // Identified, ripped, and waiting for a decision about its title (no subtitles to match with).
    const waiting = await eventually(
      () => api.get(`/api/jobs/${id}`),
      (r) => r.body.state === 'review_needed' && r.body.review_kind === 'titles',
      60_000,
    );
    expect(waiting.body.review_kind).toBe('titles');
    const { page, errors, close } = await openPage(browser, svc.url);
    const sent = postedBodies(page, `/api/jobs/${id}/retry`);
    const messages = async () =>
      ((await api.get(`/api/jobs/${id}/detail`)).body.timeline as { message: string | null }[]).map(
        (e) => e.message ?? '',
      );
    try {
      await page.goto(`/jobs/${id}`);
      await page.getByTestId('re-match').click();
      await expect
        .poll(messages)
        .toContainEqual(expect.stringMatching(/^re-match requested: running again from matching/));
      await eventually(
        () => api.get(`/api/jobs/${id}`),
        (r) => r.body.state === 'review_needed',
        60_000,
      );
      await page.locator('[data-testid="job-state"][data-state="review_needed"]').waitFor();

      await page.getByTestId('re-identify').click();
      await expect
        .poll(messages)
        .toContainEqual(expect.stringMatching(/^re-identify requested: running again from identifying/));
      expect(sent).toEqual([{ from: 'matching' }, { from: 'identifying' }]);
      const after = await eventually(
        () => api.get(`/api/jobs/${id}`),
        (r) => r.body.state === 'review_needed',
        60_000,
      );
      // The same job, still what the person said it is.
      expect(after.body).toMatchObject({
        id,
        identity_declared: true,
        detected_title: 'The Office',
        detected_season: 1,
      });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
