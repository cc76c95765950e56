/**
 * The rough edges of jobs a newcomer meets in the review queue (issue 22), each observed in Chromium against
 * the real service: "Approve all" with nothing to approve, "Continue" on a job in review, "always ask before
 * filing", and choosing the titles to rip at identification. The dashboard's rough edges:
 * jobs-dashboard-edges.test.ts.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { eventually } from '../support/http-client.ts';
import { openPage, screenshots } from './support/browser.ts';
import { api, browser, importFolder, settled, svc, toastText, useJobsSession } from './support/jobs-session.ts';
import { parkInReview, titleInReview, tvSeasonJob } from '../support/job-fixtures.ts';

// A browser, a service and real pipelines: allow for a busy machine.
vi.setConfig({ testTimeout: 120_000 });

useJobsSession();

/** A TV job in review whose titles have no suggestion at all (nothing approve-all could take). */
async function jobWithNothingToApprove(): Promise<number> {
  const job = await tvSeasonJob(svc, 'NO_GUESS_S1_D1', 'No Guess');
  await svc.service.db.titles.replaceForJob(job.id, [
    titleInReview(0, 1300, '/x/a.mkv'),
    titleInReview(1, 1310, '/x/b.mkv'),
  ]);
  await parkInReview(svc, job.id, {
    reviewReason: '2 title(s) could not be matched with enough confidence',
    reviewKind: 'titles',
    resumeState: 'organizing',
  });
  return job.id;
}

describe('jobs: rough edges of the first hour in the review queue', () => {
  it('approve-all with nothing to approve says so and keeps the card; Continue names no API path', async () => {
    const id = await jobWithNothingToApprove();
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/review');
      const section = page.locator(`[data-testid="review-job"][data-job-id="${id}"]`);
      await section.getByRole('button', { name: 'Approve all best guesses' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Nothing was approved' });
      await alert.waitFor();
      await expect(alert.textContent()).resolves.toContain('Decide each one in the review queue');
      expect(await page.locator('.toast').filter({ hasText: 'the job continues' }).count()).toBe(0);
      // The card stays, with both titles still waiting for a decision, without a reload.
      await expect(section.locator('[data-testid="review-item"]').count()).resolves.toBe(2);
      expect((await api.get(`/api/jobs/${id}`)).body.state).toBe('review_needed');
      await screenshots(page, 'review-nothing-to-approve');

      // "Continue" on the dashboard card says what to do in the UI's words.
      await page.goto('/');
      const card = page.locator(`[data-testid="job-card"][data-job-id="${id}"]`);
      await card.getByRole('button', { name: 'Continue' }).click();
      const text = await toastText(page, /waiting for a decision/);
      expect(text).toContain('Open the review queue and decide each one, or approve all best guesses');
      expect(text).not.toMatch(/\/(review|approve-all|api)\b/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('"Always ask before filing" holds a movie with its plan until the person approves it', async () => {
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/settings/library');
      const box = page.getByLabel('Always ask before filing', { exact: true });
      await box.check();
      const group = page.locator('form[data-testid^="settings-group-"]', { has: box });
      await group.getByRole('button', { name: /^Save/ }).click();
      await group.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      expect((await api.get('/api/config')).body.always_ask_before_filing).toBe(true);

      const id = await importFolder('PLANNED_MOVIE', { 'title_t00.mkv': 6010 });
      const held = await settled(id, (b) => b.state === 'review_needed');
      expect(held.body).toMatchObject({ state: 'review_needed', review_kind: 'filing' });
      const library = svc.service.config.get().library_movies_path!;
      expect(await readdir(library)).toEqual([]);

      await page.goto('/review');
      const section = page.locator(`[data-testid="review-job"][data-job-id="${id}"]`);
      await expect(section.getByTestId('plan-title').textContent()).resolves.toMatch(/Title 0.*filed as the movie/);
      await expect(section.textContent()).resolves.toContain('Check the plan before filing');
      await screenshots(page, 'review-filing-plan');
      await section.getByRole('button', { name: 'Approve and file' }).click();
      await toastText(page, /Plan approved/);
      await section.waitFor({ state: 'detached' });
      expect((await settled(id, () => false)).body.state).toBe('completed');
      const filed = await readdir(library);
      expect(filed).toHaveLength(1);
      expect(await readdir(join(library, filed[0]!))).toEqual([expect.stringMatching(/\.mkv$/)]);
      expect(errors).toEqual([]);
    } finally {
      await api.put('/api/config', { always_ask_before_filing: false });
      await close();
    }
  });

  it('lets the person choose the titles to rip, short ones included, while identifying the disc', async () => {
    // A 44-minute title the heuristic cannot place, and a one-minute clip a rule leaves out as short.
    const id = await importFolder('PICKED_DISC', { 'title_t00.mkv': 2640, 'title_t01.mkv': 60 });
    await settled(id, (b) => b.state === 'review_needed');
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/review');
      const section = page.locator(`[data-testid="review-job"][data-job-id="${id}"]`);
      const choice = section.getByTestId('rip-choice');
      await choice.waitFor();
      const clip = choice.locator('[data-testid="rip-title"][data-title-index="1"]');
      const long = choice.locator('[data-testid="rip-title"][data-title-index="0"]');
      await expect(clip.textContent()).resolves.toContain('not ripped: shorter than 120 s');
      expect(await clip.getByRole('checkbox').isChecked()).toBe(false);
      expect(await long.getByRole('checkbox').isChecked()).toBe(true);

      await clip.getByRole('checkbox').check();
      await choice.locator('[data-testid="rip-title"][data-title-index="1"][data-rip="true"]').waitFor();
      await long.getByRole('checkbox').uncheck();
      await choice.locator('[data-testid="rip-title"][data-title-index="0"][data-rip="false"]').waitFor();
      await expect(long.textContent()).resolves.toContain('not ripped: your choice');
      await screenshots(page, 'review-rip-choice');

      const form = section.getByTestId('review-identify');
      await form.getByLabel('Type').selectOption('tv');
      const title = form.getByLabel('Title', { exact: true });
      await title.fill('');
      await title.pressSequentially('Picked Show');
      const season = form.getByLabel('Season', { exact: true });
      await season.fill('');
      await season.pressSequentially('2');
      await form.getByRole('button', { name: 'Use this identification' }).click();
      await section.waitFor({ state: 'detached' });

      // Identified again with a new scan: the choice holds, only the clip is ripped.
      const titles = await eventually(
        async () =>
          (await api.get(`/api/jobs/${id}/titles`)).body as {
            title_index: number;
            state: string;
            selected: boolean;
            discarded_by: string | null;
          }[],
        (ts) => ts.length === 2 && !['pending', 'ripping'].includes(ts[1]!.state),
        90_000,
      );
      expect(titles[0]).toMatchObject({ state: 'pending', selected: false, discarded_by: 'person' });
      expect(titles[1]).toMatchObject({ selected: true, discarded_by: null });
      expect(titles[1]!.state).not.toBe('failed');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
